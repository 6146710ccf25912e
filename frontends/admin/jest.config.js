/** Standalone: `npx jest -c frontends/admin/jest.config.js` from the repo root. Shared settings: ../jest.preset.js. */
const { frontendJest } = require('../jest.preset');

module.exports = frontendJest({ displayName: 'frontend-admin', rootDir: __dirname });
