#!/usr/bin/env node
/**
 * The same rooms in every service (issue 29 §1, ARCHITECTURE.md): a service's `src/` holds only
 *  - the folders routes/ (HTTP adapters), app/ (use cases), domain/ (pure rules), store/,
 *    messaging/ (inbound: consumers and RPC handlers), peers/ (outbound: clients of other services
 *    and of outside providers), and
 *  - the top files app.ts, server.ts, config.ts, start.ts.
 * Fails (exit 1) naming each other entry. Runs in `npm run lint`; ESLint keeps domain/ free of
 * store, messaging, peers and kit imports in every service.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

const ROOMS = new Set(['routes', 'app', 'domain', 'store', 'messaging', 'peers']);
const TOP_FILES = new Set(['app.ts', 'server.ts', 'config.ts', 'start.ts']);

// Every service: a new one (schools, …) is held to the rooms from its first commit.
const CHECKED = fs
  .readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, 'services', entry.name, 'src')))
  .map((entry) => entry.name)
  .sort();

function findViolations() {
  const problems = [];
  for (const service of CHECKED) {
    const src = path.join(root, 'services', service, 'src');
    for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
      const ok = entry.isDirectory() ? ROOMS.has(entry.name) : TOP_FILES.has(entry.name);
      if (!ok) problems.push(`services/${service}/src/${entry.name}${entry.isDirectory() ? '/' : ''}`);
    }
  }
  return problems;
}

const problems = findViolations();
if (problems.length) {
  console.error(
    `check-rooms: ${problems.length} entr${problems.length === 1 ? 'y' : 'ies'} outside the rooms (${[...ROOMS].join('/, ')}/ and ${[...TOP_FILES].join(', ')}):`,
  );
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-rooms: ${CHECKED.join(', ')} hold only the rooms.`);
