#!/usr/bin/env node
/**
 * npm test: every test — unit, integration against the real servers, system tests across
 * services, browser tests in real Chromium. Builds first (system and browser tests run the
 * built services and frontends), makes sure the local servers run, then runs jest once.
 * Extra arguments go to jest (e.g. `npm test -- --selectProjects unit`).
 */
const { execSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

async function main() {
  if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  }
  if (process.env.SKIP_BUILD !== '1') execSync('npx turbo run build --output-logs=errors-only', { cwd: root, stdio: 'inherit' });
  const { ensureLocalServers } = require('@corestone/devstack');
  await ensureLocalServers();
  const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--ci', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
  });
  process.exit(jest.status ?? 1);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
