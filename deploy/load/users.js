#!/usr/bin/env node
/**
 * Load-test accounts, provisioned and removed through the admin API (so they are real users with
 * real credits, and every step is authorised and audited like an admin's):
 *
 *   LOAD_ADMIN_EMAIL=… LOAD_ADMIN_PASSWORD=… node deploy/load/users.js create \
 *     --base-url https://staging.example.org --count 200 --credits 5 --out deploy/k6/load-users.json
 *   LOAD_ADMIN_EMAIL=… LOAD_ADMIN_PASSWORD=… node deploy/load/users.js remove \
 *     --base-url https://staging.example.org --users deploy/k6/load-users.json
 *
 * The admin's credentials come from the environment only (never the command line or the file).
 * Accounts are students named load-<run>-<n>@<domain> with random passwords, written to the users
 * file (keep it private; remove the accounts after the test). At most --concurrency calls run at
 * once, and a 429 is waited out (retry-after) rather than hammered.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const { createClient, signIn, mapLimit } = require('./client');

/** Creates `count` student accounts with `credits` credits (-1 = unlimited). */
async function createLoadUsers({
  baseUrl,
  adminToken,
  count,
  credits = 5,
  concurrency = 4,
  domain = 'load-test.example.org',
  run = crypto.randomBytes(3).toString('hex'),
}) {
  const client = createClient(baseUrl);
  const specs = Array.from({ length: count }, (_, i) => ({
    email: `load-${run}-${String(i + 1).padStart(4, '0')}@${domain}`,
    password: crypto.randomBytes(15).toString('base64url'),
  }));
  const users = await mapLimit(specs, concurrency, async ({ email, password }, i) => {
    const res = await client.call('POST', '/users/admin/create-user', {
      token: adminToken,
      json: {
        first_name: 'Load',
        last_name: `User ${i + 1}`,
        email,
        password,
        user_type: 'student',
        essay_credits: credits < 0 ? 0 : credits,
        max_essay_credits: credits,
      },
    });
    if (res.status !== 201) throw new Error(`create-user ${email}: ${res.status} ${res.body?.detail ?? JSON.stringify(res.body)}`);
    return { id: res.body.user.id, email, password };
  });
  return { base_url: baseUrl, run, created_at: new Date().toISOString(), users };
}

/** Deletes the accounts of a users file; accounts already gone count as removed. */
async function removeLoadUsers({ baseUrl, adminToken, users, concurrency = 4 }) {
  const client = createClient(baseUrl);
  const results = await mapLimit(users, concurrency, async (u) => {
    const res = await client.call('DELETE', `/users/admin/users/${u.id}`, { token: adminToken });
    if (res.status !== 200 && res.status !== 404) throw new Error(`delete ${u.email}: ${res.status} ${res.body?.detail ?? ''}`);
    return res.status === 200;
  });
  return { removed: results.filter(Boolean).length, already_gone: results.filter((r) => !r).length };
}

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const args = { command };
  for (let i = 0; i < rest.length; i++) {
    if (!rest[i].startsWith('--')) throw new Error(`unexpected argument ${rest[i]}`);
    args[rest[i].slice(2)] = rest[i + 1];
    i++;
  }
  return args;
}

const USAGE = `usage:
  node deploy/load/users.js create --base-url URL --count N [--credits C|-1] [--out FILE] [--concurrency K] [--domain D]
  node deploy/load/users.js remove --base-url URL --users FILE [--concurrency K]
  (admin credentials: LOAD_ADMIN_EMAIL and LOAD_ADMIN_PASSWORD in the environment)`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const baseUrl = args['base-url'] ?? process.env.BASE_URL;
  const { LOAD_ADMIN_EMAIL: email, LOAD_ADMIN_PASSWORD: password } = process.env;
  if (!['create', 'remove'].includes(args.command) || !baseUrl || !email || !password) throw new Error(USAGE);
  const concurrency = Number(args.concurrency ?? 4);
  const adminToken = await signIn(createClient(baseUrl), email, password);
  if (args.command === 'create') {
    const count = Number(args.count);
    if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new Error('--count must be 1…10000');
    const file = await createLoadUsers({
      baseUrl,
      adminToken,
      count,
      credits: Number(args.credits ?? 5),
      concurrency,
      domain: args.domain,
    });
    const out = args.out ?? 'load-users.json';
    fs.writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    console.log(`created ${file.users.length} load users (run ${file.run}) → ${out}`);
  } else {
    if (!args.users) throw new Error(USAGE);
    const file = JSON.parse(fs.readFileSync(args.users, 'utf8'));
    const result = await removeLoadUsers({ baseUrl, adminToken, users: file.users, concurrency });
    console.log(`removed ${result.removed} load users (${result.already_gone} already gone)`);
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}

module.exports = { createLoadUsers, removeLoadUsers };
