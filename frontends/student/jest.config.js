/** Standalone: `npx jest -c frontends/student/jest.config.js` from the repo root. */
module.exports = {
  displayName: 'frontend-student',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  moduleNameMapper: {
    '^@corestone/sdk$': '<rootDir>/../../packages/sdk/src/index.ts',
  },
  // ESM-only dependencies of antd / @ant-design/icons are compiled to CommonJS
  transformIgnorePatterns: ['/node_modules/(?!(@ant-design/colors|@ant-design/fast-color)/)'],
  setupFiles: ['<rootDir>/test/setup.js'],
  testTimeout: 30000,
};
