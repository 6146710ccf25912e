import { Pool } from 'pg';
import type { Database } from '@corestone/service-kit';

/**
 * A few connections of their own for counting clicks, with `synchronous_commit = off`: every click
 * on a link updates the same row, so with synchronous commits each one holds the row lock through
 * a WAL flush and clicks on a popular link queue behind the disk (measured here: ~1,100 vs ~18,500
 * increments/s on one row). The cost: if the *Postgres server* crashes, clicks acknowledged in
 * its last moments (at most about three `wal_writer_delay`s, 0.6 s by default) can be lost. They are
 * never half-applied — a link's total and its day counter change in one transaction — and nothing
 * else in the service uses these connections.
 */
export function openClickPool(url: string, db: Database, max: number, log: { warn(obj: unknown, msg: string): void }): Pool {
  const pool = new Pool({
    connectionString: url,
    max,
    options: `-c search_path=${db.schema} -c synchronous_commit=off`,
    application_name: 'corestone-links-clicks',
  });
  pool.on('error', (err) => log.warn({ err }, 'postgres: idle click connection lost'));
  pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, 'postgres: click connection lost while in use')));
  return pool;
}
