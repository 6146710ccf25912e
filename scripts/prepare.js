/** Shared first steps of npm start / npm test / npm run bench: install when needed, build. */
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** npm install when node_modules is missing or older than package-lock.json (after a pull). */
function installIfNeeded() {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  if (installed === 0 || mtime(path.join(root, 'package-lock.json')) > installed) {
    console.log('Installing dependencies (npm install)…');
    // --include=dev: with NODE_ENV=production (a production start) npm would leave out the build tools.
    execSync('npm install --no-audit --no-fund --include=dev', { cwd: root, stdio: 'inherit' });
  }
}

/** Builds every package, service and frontend (turbo skips what has not changed). SKIP_BUILD=1 skips. */
function build() {
  if (process.env.SKIP_BUILD === '1') return;
  execSync('npx turbo run build --output-logs=errors-only', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
}

module.exports = { root, installIfNeeded, build };
