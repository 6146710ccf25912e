/**
 * Singleton jobs under a lease (lease.ts), against the real PostgreSQL: two processes run the same
 * job, only the lease holder ever runs it, and when the holder is killed (SIGKILL: no goodbye, its
 * connection just ends) the other takes the lease over and runs it — never both at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Pool } from 'pg';
import { createServiceApp, openDatabase, startSingletonJob, type Database } from '@corestone/service-kit';
import { createTestRun } from '../src/testing';

// Child processes load the built kit (npm test builds before the tests run).
const kit = path.resolve(__dirname, '..', 'dist', 'index.js');
const run = createTestRun('lease');
const schema = `${run.env.PG_SCHEMA_PREFIX}leases`;
let db: Database;
const log = createServiceApp({ name: 'lease-test', logLevel: 'silent' }).log;
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await openDatabase({
    url: run.env.DATABASE_URL,
    schema,
    migrations: [
      {
        id: 'runs',
        sql: `CREATE TABLE runs (n bigserial PRIMARY KEY, replica text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`,
      },
    ],
  });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await db?.close();
  await run.cleanup();
});

/** A replica: its own process and pool, running job `name` every 50 ms; each run is a row. */
function replica(tag: string, name: string): ChildProcess {
  const script = `
    const { Pool } = require('pg');
    const { startSingletonJob, createServiceApp } = require(${JSON.stringify(kit)});
    const pool = new Pool({ connectionString: ${JSON.stringify(run.env.DATABASE_URL)}, options: '-c search_path=${schema}', max: 2 });
    startSingletonJob({
      pool, name: ${JSON.stringify(name)}, everyMs: 50, firstAfterMs: 0,
      logger: createServiceApp({ name: 'r', logLevel: 'silent' }).log,
      run: async () => {
        await pool.query('INSERT INTO runs (replica) VALUES ($1)', [${JSON.stringify(tag)}]);
        await new Promise((r) => setTimeout(r, 20)); // a run takes a while
        await pool.query('INSERT INTO runs (replica) VALUES ($1)', [${JSON.stringify(tag)} + ':end']);
      },
    });
    setInterval(() => undefined, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function rows(): Promise<Array<{ replica: string }>> {
  return (await db.pool.query<{ replica: string }>(`SELECT replica FROM runs ORDER BY n`)).rows;
}

async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('two replicas: only the holder runs the job; SIGKILL the holder and the other takes over, never both', async () => {
  const a = replica('a', 'test.sweep');
  const b = replica('b', 'test.sweep');
  await until('a holder ran the job ten times', async () => (await rows()).length >= 20);
  const first = (await rows()).map((r) => r.replica.replace(':end', ''));
  const holder = first[0];
  expect(new Set(first)).toEqual(new Set([holder])); // the other never ran it
  const [dead, survivor] = holder === 'a' ? [a, b] : [b, a];
  const survivorTag = holder === 'a' ? 'b' : 'a';
  const exited = new Promise((r) => dead.once('exit', r));
  dead.kill('SIGKILL');
  await exited;
  const before = (await rows()).length;
  await until('the other replica took the lease and ran the job', async () =>
    (await rows()).slice(before).some((r) => r.replica === survivorTag),
  );
  await until('and runs it on', async () => (await rows()).filter((r) => r.replica === survivorTag).length >= 10);
  const all = (await rows()).map((r) => r.replica);
  // Every run of the dead holder, start and end, came before the survivor's first: never both at once.
  const firstOfSurvivor = all.indexOf(survivorTag);
  expect(all.slice(0, firstOfSurvivor).every((r) => r.startsWith(holder))).toBe(true);
  expect(all.slice(firstOfSurvivor).every((r) => r.startsWith(survivorTag))).toBe(true);
  survivor.kill('SIGKILL');
});

test('in one process: a stopped job gives its lease back at once, and Postgres ending the holder session frees it', async () => {
  const pool = (label: string) => new Pool({ ...db.pool.options, application_name: label, max: 2 });
  const [p1, p2] = [pool('lease-one'), pool('lease-two')];
  const runs: string[] = [];
  const job = (p: Pool, tag: string) =>
    startSingletonJob({ pool: p, name: 'test.handover', everyMs: 0, logger: log, run: async () => void runs.push(tag) });
  const one = job(p1, 'one');
  const two = job(p2, 'two');
  try {
    expect(await one.runNow()).toBe(true);
    expect(await two.runNow()).toBe(false);
    await one.stop();
    expect(await two.runNow()).toBe(true);
    const again = job(p1, 'one-again');
    expect(await again.runNow()).toBe(false);
    await again.stop();
    // The holder's session ended by Postgres (as when its process or its host is gone).
    await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lease-two:leases'`);
    const three = job(p1, 'three');
    await until('the lease is free again', () => three.runNow());
    await three.stop();
    expect(runs).toEqual(['one', 'two', 'three']);
  } finally {
    await two.stop();
    await Promise.all([p1.end(), p2.end()]);
  }
});
