import { Client } from 'pg';
import { ensureDatabase, openDatabase } from '@corestone/service-kit';
import { TEST_DATABASE_URL } from '../src/testing';

/** A database of its own per run, dropped afterwards. */
const name = `cs_fresh_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const url = new URL(TEST_DATABASE_URL);
url.pathname = `/${name}`;

async function adminQuery(sql: string) {
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

test('many processes creating the same missing database at once all succeed (first start on a fresh machine)', async () => {
  // Eight racing creators, as replicas or the services of one `npm start` would be.
  const results = await Promise.allSettled(Array.from({ length: 8 }, () => ensureDatabase(url.toString())));
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  const { rows } = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  expect(rows).toHaveLength(1);
  await expect(ensureDatabase(url.toString())).resolves.toBeUndefined();
});

test('large values are compressed with lz4 when the server has it (a tenth of pglz CPU for an essay)', async () => {
  const db = await openDatabase({ url: url.toString(), schema: 'toast_check', migrations: [] });
  try {
    const lz4 = await db.pool.query<{ lz4: boolean }>(
      `SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    await db.pool.query(`CREATE TABLE essays (body text)`);
    await db.pool.query(`INSERT INTO essays VALUES (repeat('An essay of many repeated words. ', 1000))`);
    const { rows } = await db.pool.query<{ method: string }>(`SELECT pg_column_compression(body) AS method FROM essays`);
    expect(rows).toEqual([{ method: lz4.rows[0]?.lz4 ? 'lz4' : 'pglz' }]);
  } finally {
    await db.close();
  }
});

test('a migration that ran is followed by statistics for every table that holds rows; an empty one keeps none (planned as small, not as empty)', async () => {
  const migrations = [
    {
      id: '001-filled',
      sql: `CREATE TABLE people (id int PRIMARY KEY, name text NOT NULL);
            INSERT INTO people SELECT i, 'Person ' || i FROM generate_series(1, 5000) i;
            CREATE INDEX people_lower_name ON people (lower(name));
            CREATE TABLE visits (id int PRIMARY KEY, person int NOT NULL);`,
    },
  ];
  const db = await openDatabase({ url: url.toString(), schema: 'stats_check', migrations });
  try {
    const stats = async () =>
      (
        await db.pool.query<{ relname: string; reltuples: number }>(
          `SELECT c.relname, c.reltuples FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'stats_check' AND c.relname IN ('people', 'schema_migrations', 'visits') ORDER BY c.relname`,
        )
      ).rows;
    // reltuples is -1 until a table was analysed (or vacuumed)
    expect(await stats()).toEqual([
      { relname: 'people', reltuples: 5000 },
      { relname: 'schema_migrations', reltuples: expect.any(Number) },
      { relname: 'visits', reltuples: -1 },
    ]);
    expect((await stats())[1].reltuples).toBeGreaterThanOrEqual(0);
    const expression = await db.pool.query(`SELECT 1 FROM pg_stats WHERE schemaname = 'stats_check' AND tablename = 'people_lower_name'`);
    expect(expression.rowCount).toBe(1);
  } finally {
    await db.close();
  }
});
