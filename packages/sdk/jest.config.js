/** Standalone: `npx jest -c packages/sdk/jest.config.js` from the repo root. */
module.exports = {
  displayName: 'sdk',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  setupFiles: ['<rootDir>/test/setup.js'],
};
