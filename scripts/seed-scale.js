#!/usr/bin/env node
/**
 * npm run seed:scale [-- --drop] [-- --evaluations N --users N --schools N --database NAME]
 *
 * Fills a database of its own (default `corestone_scale` on the local Postgres; never the dev or
 * test ones) with a year of a 100-school installation (issue 34 §2, tests/bench/scale/world.js):
 * each service's schema made by that service's own migrations (as it makes them on start), then
 * every table bulk-loaded with COPY, the school pools' totals summed, and VACUUM ANALYZE run so the
 * planner has statistics. Seeding again replaces the database; `--drop` removes it.
 * `npm run bench -- scale` then starts the platform on it.
 *
 * Every seeded account signs in with the password SCALE_PASSWORD (below); the accounts the bench
 * uses are written to the table public.scale_seed with the counts and the seed's time.
 */
const path = require('node:path');
const { Client } = require('pg');
const { root, build } = require('./prepare');

const SCALE_PASSWORD = 'scale-password-1';
/** The services with a database, in the order their tables load (their migrations, from dist). */
const SERVICES = ['auth', 'users', 'rubric', 'billing', 'content', 'links', 'schools', 'evaluation'];

function args(argv) {
  const out = { drop: false, database: process.env.SCALE_DATABASE || 'corestone_scale', sizes: {} };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--drop') out.drop = true;
    else if (a === '--database') out.database = argv[++i];
    else if (['--evaluations', '--users', '--schools'].includes(a)) out.sizes[a.slice(2)] = Number(argv[++i]);
    else throw new Error(`unknown argument ${a} (use --drop, --database NAME, --evaluations N, --users N, --schools N)`);
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(out.database)) throw new Error(`database name ${out.database}: letters, digits and _ only`);
  if (['corestone', 'corestone_test', 'postgres'].includes(out.database))
    throw new Error(`refusing to seed ${out.database}: pick a database of its own`);
  return out;
}

/** The server's URL (DATABASE_URL's server, or the local one) with `database` as its path. */
function urlOf(database) {
  const u = new URL(process.env.SCALE_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  u.pathname = `/${database}`;
  return u.toString();
}

async function dropDatabase(database) {
  const admin = new Client({ connectionString: urlOf('postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Each service's schema brought to its migrations in `dist` (and the kit's: outbox, processed
 * events…), as the service does on start; returns the ids applied now, per service. After a bulk
 * load or on a seeded database a newer build changed, then ANALYZE: an index a migration made on an
 * expression has no statistics until one runs (autovacuum is off on our machines).
 */
async function migrate(url) {
  const { openDatabase, ensureDatabase } = require('@corestone/service-kit');
  await ensureDatabase(url); // seed() dropped it: a new database
  const applied = {};
  for (const service of SERVICES) {
    const { migrations } = require(path.join(root, 'services', service, 'dist/store/migrations.js'));
    const probe = new Client({ connectionString: url });
    await probe.connect();
    const done = await probe
      .query(`SELECT id FROM "${service}".schema_migrations`)
      .then((r) => new Set(r.rows.map((row) => row.id)))
      .catch(() => new Set())
      .finally(() => probe.end());
    const db = await openDatabase({ url, schema: service, migrations, poolMax: 1, applicationName: 'seed-scale' });
    await db.close();
    const now = migrations.map((m) => m.id).filter((id) => !done.has(id));
    if (now.length && done.size) applied[service] = now;
  }
  return applied;
}

const seconds = (t0) => (Date.now() - t0) / 1000;
const n = (x) => Math.round(x).toLocaleString('en');

async function seed(opts) {
  const { hash, Algorithm } = require('@node-rs/argon2');
  const W = require(path.join(root, 'tests/bench/scale/world'));
  const { tables, POOL_TOTALS, benchAccounts } = require(path.join(root, 'tests/bench/scale/rows'));
  const { copyRows } = require(path.join(root, 'tests/bench/scale/copy'));
  const s = W.sizes(opts.sizes);
  const url = urlOf(opts.database);
  const t0 = Date.now();
  await dropDatabase(opts.database);
  console.log(
    `database ${opts.database} (${url.replace(/\/\/[^@]*@/, '//')}): ${s.schools} schools, ${n(s.users)} users, ${n(s.evaluations)} evaluations`,
  );

  await migrate(url);
  console.log(`migrations of ${SERVICES.length} services: ${seconds(t0).toFixed(1)} s`);

  const passwordHash = await hash(SCALE_PASSWORD, { algorithm: Algorithm.Argon2id });
  const now = Date.now();
  const client = new Client({ connectionString: url });
  await client.connect();
  let total = 0;
  try {
    await client.query('SET synchronous_commit = off');
    for (const t of tables(s, now, { passwordHash })) {
      const t1 = Date.now();
      // Evaluation's rollups are recounted once after its load (below) instead of by its row
      // triggers: they take an advisory lock per student until commit (200,000 in one COPY: out of
      // shared memory) and cost four fifths of the load's time.
      await client.query(`SET session_replication_role = ${t.service === 'evaluation' ? 'replica' : 'origin'}`);
      const rows = await copyRows(client, t.service, t.table, t.columns, t.rows);
      total += rows;
      const took = seconds(t1);
      console.log(
        `  ${`${t.service}.${t.table}`.padEnd(28)} ${n(rows).padStart(10)} rows  ${took.toFixed(1).padStart(6)} s  ${n(rows / Math.max(took, 1e-3)).padStart(8)} rows/s`,
      );
    }
    await client.query('SET session_replication_role = origin');
    const t3 = Date.now();
    await client.query('SET search_path = evaluation, public');
    await client.query('SELECT evaluation_rollup_rebuild(); SELECT evaluation_user_figures_rebuild()');
    console.log(`evaluation's rollups recounted: ${seconds(t3).toFixed(1)} s`);
    await client.query(`SET search_path = billing; ${POOL_TOTALS}`);
    const t2 = Date.now();
    // Statistics (and the visibility map) as a server with autovacuum would have them.
    await client.query('VACUUM (ANALYZE)'); // every table of the database
    console.log(`VACUUM ANALYZE: ${seconds(t2).toFixed(1)} s`);
    const accounts = benchAccounts(s);
    await client.query(
      `CREATE TABLE public.scale_seed AS SELECT now() AS seeded_at, $1::jsonb AS sizes, $2::jsonb AS accounts, $3::text AS password`,
      [JSON.stringify(s), JSON.stringify(accounts), SCALE_PASSWORD],
    );
    const size = await client.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
    const all = seconds(t0);
    console.log(`\n${n(total)} rows in ${all.toFixed(0)} s (${n(total / all)} rows/s overall), database ${size.rows[0].size}`);
    console.log(`sign in as any seeded account with the password ${SCALE_PASSWORD}; the bench uses:`);
    for (const [who, email] of Object.entries(accounts)) console.log(`  ${who.padEnd(14)} ${email}`);
    console.log(`remove it with: npm run seed:scale -- --drop${opts.database === 'corestone_scale' ? '' : ` --database ${opts.database}`}`);
  } finally {
    await client.end();
  }
}

async function main() {
  const opts = args(process.argv.slice(2));
  if (opts.drop) {
    await dropDatabase(opts.database);
    console.log(`database ${opts.database} dropped`);
    return;
  }
  build(); // SKIP_BUILD=1 skips it, as for npm run bench
  const { ensureLocalServers } = require('@corestone/devstack');
  await ensureLocalServers();
  await seed(opts);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

module.exports = { SCALE_PASSWORD, urlOf, migrate };
