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
    transformIgnorePatterns: ['/node_modules/(?!(@ant-design/colors|@ant-design/fast-color)/)'],
    setupFiles: [path.join(__dirname, 'test-support/setup.js')],
    testTimeout: 30000,
  };
}

module.exports = { frontendJest };
