import { Client, Pool, type PoolClient } from 'pg';
import { transactionBegun, transactionEnded } from './publication';

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
  {
    // Each row retries on its own schedule; order is kept only per aggregate (order_key);
    // rows that keep failing are parked in outbox_dead with their error, for an operator to replay.
    id: 'kit-002-outbox-retries',
    sql: `
      ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE outbox ADD COLUMN order_key text;
      CREATE INDEX outbox_due ON outbox (next_attempt_at, seq);
      CREATE INDEX outbox_order ON outbox (order_key, seq) WHERE order_key IS NOT NULL;
      CREATE TABLE outbox_dead (
        seq bigint PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        order_key text,
        created_at timestamptz NOT NULL,
        attempts int NOT NULL,
        last_error text,
        parked_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    // Where each published or consumed message carrying personal content sits in its stream, so
    // deleting its evaluation or user erases it there (erasure.ts).
    id: 'kit-003-stream-messages',
    sql: `
      CREATE TABLE stream_messages (
        stream text NOT NULL,
        seq bigint NOT NULL,
        aggregate text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream, seq)
      );
      CREATE INDEX stream_messages_aggregate ON stream_messages (aggregate);
      CREATE INDEX stream_messages_recorded ON stream_messages (recorded_at);`,
  },
  {
    // The relay publishes the payload exactly as stored: \`json\` keeps the text written (validated
    // only), where \`jsonb\` converted a submission's ~30 KB event to binary on insert and back to
    // text on every read. Parked rows stay \`jsonb\` (operators query them).
    id: 'kit-004-outbox-json-payload',
    sql: `ALTER TABLE outbox ALTER COLUMN payload TYPE json;`,
  },
  {
    // The kit's one door to its outbox for SQL functions (outbox.ts, sqlEvent): a function that
    // computes an event's data itself enqueues it here, in the same round trip, instead of writing
    // the kit's table by hand. The payload is the head sqlEvent made plus the data; true when written.
    id: 'kit-005-enqueue-event-function',
    sql: `
      CREATE FUNCTION kit_enqueue_event(
        p_id uuid, p_subject text, p_payload_head text, p_data json, p_headers jsonb, p_order_key text
      ) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (id, subject, payload, headers, order_key)
          VALUES (p_id, p_subject, (p_payload_head || p_data::text || '}')::json, p_headers, p_order_key)
          ON CONFLICT (id) DO NOTHING;
        IF NOT FOUND THEN
          RETURN false;
        END IF;
        PERFORM pg_notify(current_schema() || '_outbox', '');
        RETURN true;
      END $$;`,
  },
];

const defaultLogger = {
  warn: (obj: unknown, msg: string) => console.warn(JSON.stringify({ level: 40, msg, err: String((obj as { err?: unknown }).err) })),
};

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
}

/** Postgres codes a lost CREATE DATABASE race ends with: 42P04 (exists) or 23505 (catalog unique index). */
const DATABASE_CREATED_MEANWHILE = new Set(['42P04', '23505']);

/**
 * Creates the database of `url` when it does not exist yet. Safe to call from many processes at
 * once: `npm start` calls it once before the services start, and each replica calls it again.
 */
export async function ensureDatabase(url: string): Promise<void> {
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
    if (!DATABASE_CREATED_MEANWHILE.has((err as { code?: string }).code ?? '')) throw err;
  } finally {
    await client.end();
  }
}

/**
 * Large values (an essay, a submission's outbox event, results) are compressed by Postgres when
 * stored; lz4 costs about a tenth of the CPU of the default pglz for a 27 KB essay. Used when the
 * server was built with it (PostgreSQL 14+ with lz4, as Debian's and the managed ones are).
 */
async function toastCompressionOption(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ lz4: boolean }>(
      `SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    return rows[0]?.lz4 ? ' -c default_toast_compression=lz4' : '';
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
  logger?: { warn(obj: unknown, msg: string): void };
}): Promise<Database> {
  const schema = opts.schema;
  quoteIdent(schema);
  await ensureDatabase(opts.url);
  const pool = new Pool({
    connectionString: opts.url,
    max: opts.poolMax ?? 10,
    options: `-c search_path=${schema}${await toastCompressionOption(opts.url)}`,
    application_name: opts.applicationName ?? schema,
  });
  // An idle client's connection died (e.g. a Postgres restart): the pool drops it and makes a new one
  // on next use; without a handler the process would crash.
  const logger = opts.logger ?? defaultLogger;
  pool.on('error', (err) => logger.warn({ err }, 'postgres: idle connection lost'));
  // A checked-out client has no error listener of the pool's: its connection dying mid-query (a
  // restart) would be an unhandled 'error' event and crash the process. The query itself still fails.
  pool.on('connect', (client) => client.on('error', (err) => logger.warn({ err }, 'postgres: connection lost while in use')));
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
      let applied = 0;
      for (const m of migrations) {
        if (done.has(m.id)) continue;
        applied++;
        await client.query('BEGIN');
        try {
          await client.query(`SET LOCAL search_path = ${quoteIdent(schema)}`);
          await client.query(m.sql);
          await client.query(`INSERT INTO ${quoteIdent(schema)}.schema_migrations (id) VALUES ($1)`, [m.id]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${m.id} failed: ${(err as Error).message}`, { cause: err });
        }
      }
      if (applied > 0) await analyzeSchema(client, schema);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`migrate:${schema}`]);
    }
  } finally {
    client.release();
  }
}

/**
 * Statistics for every table of the schema that holds rows, after its migrations ran (issue 34):
 * an index on an expression (a trigram search) has none until ANALYZE, and a table a migration
 * filled or rewrote would be planned from stale ones — on servers without autovacuum until someone
 * runs it. Each table is sampled (at most 30,000 rows), so this stays seconds on large ones.
 * An empty table is left unanalysed: analysed, it would be planned as empty for good (sequential
 * scans chosen at 0 rows stick as it grows); unanalysed, the planner assumes a small table and
 * keeps its indexes in play — a fresh install's case.
 */
async function analyzeSchema(client: PoolClient, schema: string): Promise<void> {
  const { rows } = await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = $1`, [schema]);
  for (const t of rows) {
    const table = `${quoteIdent(schema)}.${quoteIdent(t.tablename)}`;
    const filled = await client.query<{ filled: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS filled`);
    if (filled.rows[0]?.filled) await client.query(`ANALYZE ${table}`);
  }
}

export async function withTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    transactionBegun(client);
    const result = await fn(client);
    await client.query('COMMIT');
    transactionEnded(client, 'commit');
    return result;
  } catch (err) {
    transactionEnded(client, 'rollback');
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export type Queryable = Pick<Pool, 'query'> | PoolClient;
