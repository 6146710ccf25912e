import type { Pool } from 'pg';

/**
 * A named lease for a job that must run on one replica at a time (the assignment mail scheduler):
 * a Postgres session advisory lock, tried (never waited for) on a connection of its own and held
 * while `fn` runs. When its holder dies the connection closes and the lock goes with it, so the
 * lease moves to whichever replica tries next. Shaped like the kit's lease helper that issue 35
 * brings (swap this for it once it lands). `name` should carry the schema: test runs never collide.
 */
export async function withLease<T>(pool: Pool, name: string, fn: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
  const client = await pool.connect();
  let locked = false;
  try {
    const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext($1)) AS ok`, [name]);
    locked = rows[0]?.ok === true;
    if (!locked) return { held: false };
    return { held: true, value: await fn() };
  } finally {
    // A connection whose unlock failed is closed, not pooled: closing it ends the lock too.
    let broken: Error | undefined;
    if (locked) await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [name]).catch((err: Error) => (broken = err));
    client.release(broken);
  }
}
