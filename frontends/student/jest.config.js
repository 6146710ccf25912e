/** Standalone: `npx jest -c frontends/student/jest.config.js` from the repo root. Shared settings: ../jest.preset.js. */
const { frontendJest } = require('../jest.preset');

module.exports = frontendJest({
  displayName: 'frontend-student',
  rootDir: __dirname,
  moduleNameMapper: {
    // the review's words are the ones the server's PDF and mail use (contracts), tested from source
    '^@corestone/contracts/review-texts$': require('node:path').join(__dirname, '../../packages/contracts/src/review-texts.ts'),
  },
});
