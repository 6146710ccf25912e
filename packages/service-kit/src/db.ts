import { Client, Pool, type PoolClient } from 'pg';

/**
 * Each service owns one Postgres schema (`<prefix><service>`), made on start-up with its
 * migrations. Migrations are ordered SQL steps applied once each, under an advisory lock so
 * replicas starting together apply them once.
 */
export interface Migration {
  id: string;
  sql: string;
}

export interface Database {
  pool: Pool;
  schema: string;
  close(): Promise<void>;
}

const KIT_MIGRATIONS: Migration[] = [
  {
    id: 'kit-001-outbox',
    sql: `
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );`,
  },
];

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const dbName = decodeURIComponent(target.pathname.slice(1));
  const probe = new Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (err) {
    await probe.end().catch(() => undefined);
    if ((err as { code?: string }).code !== '3D000') throw err; // 3D000: database does not exist
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${quoteIdent(dbName)}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // created meanwhile by another service
  } finally {
    await client.end();
  }
}

export async function openDatabase(opts: {
  url: string;
  schema: string;
  migrations: Migration[];
  poolMax?: number;
  applicationName?: string;
}): Promise<Database> {
  const schema = opts.schema;
  quoteIdent(schema);
  await ensureDatabase(opts.url);
  const pool = new Pool({
    connectionString: opts.url,
    max: opts.poolMax ?? 10,
    options: `-c search_path=${schema}`,
    application_name: opts.applicationName ?? schema,
  });
  pool.on('error', () => undefined); // an idle client's error is reported again on its next use
  await migrate(pool, schema, [...KIT_MIGRATIONS, ...opts.migrations]);
  return { pool, schema, close: () => pool.end() };
}

async function migrate(pool: Pool, schema: string, migrations: Migration[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext($1))`, [`migrate:${schema}`]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${quoteIdent(schema)}.schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const done = new Set(
        (await client.query<{ id: string }>(`SELECT id FROM ${quoteIdent(schema)}.schema_migrations`)).rows.map((r) => r.id),
      );
      for (const m of migrations) {
        if (done.has(m.id)) continue;
        await client.query('BEGIN');
        try {
          await client.query(`SET LOCAL search_path = ${quoteIdent(schema)}`);
          await client.query(m.sql);
          await client.query(`INSERT INTO ${quoteIdent(schema)}.schema_migrations (id) VALUES ($1)`, [m.id]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${m.id} failed: ${(err as Error).message}`);
        }
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`migrate:${schema}`]);
    }
  } finally {
    client.release();
  }
}

export async function withTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export type Queryable = Pick<Pool, 'query'> | PoolClient;
