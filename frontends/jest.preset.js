/**
 * Shared jest settings for the frontends (jsdom, @swc/jest). Each package's jest.config.js calls
 * `frontendJest({ displayName, rootDir: __dirname, moduleNameMapper })`; shared test support
 * (setup.js, helpers.ts) lives in ./test-support.
 */
const path = require('node:path');

function frontendJest({ displayName, rootDir, moduleNameMapper = {} }) {
  return {
    displayName,
    rootDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
    },
    moduleNameMapper: {
      '^@corestone/sdk$': path.join(__dirname, '../packages/sdk/src/index.ts'),
      ...moduleNameMapper,
    },
    // ESM-only dependencies of antd / @ant-design/icons are compiled to CommonJS
    transformIgnorePatterns: ['/node_modules/(?!(@ant-design/colors|@ant-design/fast-color|react-intl|@formatjs|intl-messageformat)/)'],
    setupFiles: [path.join(__dirname, 'test-support/setup.js')],
    // a project's own testTimeout is ignored inside the root's multi-project run (jest takes it
    // from the global config only): the per-test limit is set by a setup file, as the root does
    setupFilesAfterEnv: [path.join(__dirname, '../tests/support/timeout-30000.js')],
  };
}

module.exports = { frontendJest };
