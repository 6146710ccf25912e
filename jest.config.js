/**
 * One jest run for the whole repository. Projects:
 *  - unit:        pure logic, no servers
 *  - integration: one service (or the kit) against the real PostgreSQL, Redis and NATS
 *  - system:      all services started as processes, driven through the gateway
 *  - browser:     real Chromium through the gateway
 *  - deploy:      Kubernetes, Helm, compose, Dockerfile and k6 checks, offline (deploy/test)
 *  - frontend projects have their own configs (jsdom).
 */
const fs = require('node:fs');
const path = require('node:path');

const swc = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
];
// Packages published as ES modules only: transformed to CommonJS for jest.
const esmOnly = [
  'jose',
  'openid-client',
  'oauth4webapi',
  'cookie',
  'content-disposition',
  'franc-min',
  'trigram-utils',
  'n-gram',
  'collapse-white-space',
];
/**
 * Tests run the sources: every subpath a workspace lists in its package.json `exports`
 * (e.g. `@corestone/service-kit/testing` → ./dist/testing.js) maps to the same file under src/.
 */
function exportedSubpaths() {
  const map = {};
  const workspaces = [
    ...['packages', 'services'].flatMap((base) => fs.readdirSync(path.join(__dirname, base)).map((dir) => `${base}/${dir}`)),
    'gateway',
  ];
  for (const workspace of workspaces) {
    const manifest = path.join(__dirname, workspace, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, exports } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    for (const [sub, target] of Object.entries(exports && typeof exports === 'object' ? exports : {})) {
      const file = typeof target === 'string' ? target : target.default;
      if (sub === '.' || !/^\.\/dist\/.+\.js$/.test(file)) continue;
      const source = file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '');
      map[`^${name.replace('/', '\\/')}${sub.slice(1).replace(/\//g, '\\/')}$`] = `<rootDir>/${workspace}/${source}`;
    }
  }
  return map;
}
const backend = (displayName, testMatch, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  testMatch,
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@corestone/(contracts|service-kit|devstack|documents)$': '<rootDir>/packages/$1/src',
    ...exportedSubpaths(),
  },
  rootDir: __dirname,
  ...extra,
});
// testTimeout is global in jest; a per-project timeout goes through a setup file.
const withTimeout = (ms) => ({
  setupFilesAfterEnv: [`<rootDir>/tests/support/timeout-${ms}.js`],
});
const backendDirs = '<rootDir>/{packages/service-kit,packages/contracts,packages/devstack,packages/documents,gateway,services/*}/test';

module.exports = {
  projects: [
    backend('unit', [`${backendDirs}/**/*.unit.test.ts`]),
    backend('integration', [`${backendDirs}/**/*.int.test.ts`], withTimeout(30_000)),
    backend('system', ['<rootDir>/tests/system/**/*.test.ts'], withTimeout(120_000)),
    backend('browser', ['<rootDir>/tests/browser/**/*.test.ts'], {
      testEnvironment: '<rootDir>/tests/support/browser-environment.js',
      setupFilesAfterEnv: [...withTimeout(180_000).setupFilesAfterEnv, '<rootDir>/tests/support/browser-failures.ts'],
    }),
    backend('deploy', ['<rootDir>/deploy/test/**/*.test.ts'], withTimeout(120_000)),
    ...['packages/sdk', 'frontends/shell', 'frontends/student', 'frontends/admin']
      .map((dir) => path.join(__dirname, dir, 'jest.config.js'))
      .filter((file) => fs.existsSync(file)),
  ],
};
