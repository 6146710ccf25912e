/** Standalone: `npx jest -c frontends/shell/jest.config.js` from the repo root. Shared settings: ../jest.preset.js. */
const { frontendJest } = require('../jest.preset');

module.exports = frontendJest({
  displayName: 'frontend-shell',
  rootDir: __dirname,
  moduleNameMapper: {
    // federated runtime and remotes are not loaded under jest
    '^@module-federation/enhanced/runtime$': '<rootDir>/test/federation-runtime-stub.ts',
    '^student/(.*)$': '<rootDir>/../student/src/exposes/$1.tsx',
  },
});
