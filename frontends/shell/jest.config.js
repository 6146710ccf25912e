/** Standalone: `npx jest -c frontends/shell/jest.config.js` from the repo root. */
module.exports = {
  displayName: 'frontend-shell',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  moduleNameMapper: {
    '^@corestone/sdk$': '<rootDir>/../../packages/sdk/src/index.ts',
    // federated runtime and remotes are not loaded under jest
    '^@module-federation/enhanced/runtime$': '<rootDir>/test/federation-runtime-stub.ts',
    '^student/(.*)$': '<rootDir>/../student/src/exposes/$1.tsx',
  },
  // ESM-only dependencies of antd / @ant-design/icons are compiled to CommonJS
  transformIgnorePatterns: ['/node_modules/(?!(@ant-design/colors|@ant-design/fast-color)/)'],
  setupFiles: ['<rootDir>/test/setup.js'],
  testTimeout: 30000,
};
