/** Standalone: `npx jest -c frontends/shell/jest.config.js` from the repo root. Shared settings: ../jest.preset.js. */
const { frontendJest } = require('../jest.preset');

module.exports = frontendJest({
  displayName: 'frontend-shell',
  rootDir: __dirname,
  moduleNameMapper: {
    // the federated runtime is not loaded under jest; remotes answer with a marker (no remote's source)
    '^@module-federation/enhanced/runtime$': '<rootDir>/test/federation-runtime-stub.ts',
    // the setup page's texts are the ones auth answers with (contracts), tested from source
    '^@corestone/contracts/setup-texts$': require('node:path').join(__dirname, '../../packages/contracts/src/setup-texts.ts'),
    '^@corestone/contracts/sso-texts$': require('node:path').join(__dirname, '../../packages/contracts/src/sso-texts.ts'),
  },
});
