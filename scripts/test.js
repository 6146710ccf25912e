#!/usr/bin/env node
/**
 * npm test: every test — unit, integration against the real servers, system tests across
 * services, browser tests in real Chromium. Builds first (system and browser tests run the
 * built services and frontends), makes sure the local servers run, then runs jest once.
 * Extra arguments go to jest (e.g. `npm test -- --selectProjects unit`).
 */
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const { root, installIfNeeded, build } = require('./prepare');

async function main() {
  installIfNeeded();
  build();
  if (!fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
    throw new Error('The browser tests need Debian\'s Chromium: apt-get install -y chromium (never a downloaded browser).');
  }
  const { ensureLocalServers } = require('@corestone/devstack');
  await ensureLocalServers();
  const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--ci', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(jest.status ?? 1);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
