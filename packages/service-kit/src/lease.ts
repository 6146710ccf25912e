import { Client, type Pool } from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Named leases for the jobs that must run in one replica at a time (sweepers, retention clean-up,
 * scheduled mails): a PostgreSQL session advisory lock per job name, held on one connection of the
 * process's own (one per pool, shared by all its jobs). Postgres drops a session's locks when its
 * connection ends, so the lease moves when its holder dies — a SIGKILLed or partitioned process's
 * socket closes and the next replica to try takes it — and when Postgres itself restarts, every
 * replica tries again. The key is the service's schema and the job's name, so test runs (each in
 * its own schemas) never share a lease.
 *
 * A lease is not a fence: a holder cut off from Postgres may finish a run it began after the lease
 * moved. The jobs are idempotent (claims by row, conditional updates), so at worst one run overlaps
 * at a handover; the lease keeps two replicas from running the same job all the time.
 */
class LeaseConnection {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  readonly held = new Set<string>();
  users = 0;

  constructor(
    private readonly pool: Pool,
    private readonly logger: FastifyBaseLogger,
  ) {}

  private connect(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new Client({ ...this.pool.options, application_name: `${this.pool.options.application_name ?? 'corestone'}:leases` });
      client.on('error', (err) => {
        this.logger.warn({ err, leases: [...this.held] }, 'lease connection lost: its leases are free for any replica');
        this.drop(client);
      });
      try {
        await client.connect();
      } catch (err) {
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        throw err;
      }
      this.client = client;
      return client;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private drop(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.held.clear();
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
  }

  /** Whether this process holds `name` now (taking it when free); false when Postgres cannot say. */
  async hold(name: string): Promise<boolean> {
    let client: Client;
    try {
      client = await this.connect();
    } catch {
      return false;
    }
    try {
      if (this.held.has(name)) {
        // The session lives, so its lock does (a session lock ends only with unlock or the session).
        await client.query('SELECT 1');
        return this.client === client && this.held.has(name);
      }
      const { rows } = await client.query<{ got: boolean }>(
        `SELECT pg_try_advisory_lock(hashtextextended(current_schema() || ':lease:' || $1, 0)) AS got`,
        [name],
      );
      if (rows[0].got && this.client === client) this.held.add(name);
      return rows[0].got;
    } catch (err) {
      this.logger.warn({ err, lease: name }, 'lease check failed');
      this.drop(client);
      return false;
    }
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name) || !this.client) return;
    await this.client
      .query(`SELECT pg_advisory_unlock(hashtextextended(current_schema() || ':lease:' || $1, 0))`, [name])
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.connecting?.catch(() => undefined);
    if (this.client) {
      const client = this.client;
      this.client = null;
      this.held.clear();
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

const connections = new WeakMap<Pool, LeaseConnection>();

export interface SingletonJob {
  readonly name: string;
  /** Whether this process held the lease at its last check. */
  readonly holding: boolean;
  /** Runs once now if this process holds (or can take) the lease; true when it ran. */
  runNow(): Promise<boolean>;
  /** Stops the schedule, waits for a run under way, and gives the lease back. */
  stop(): Promise<void>;
}

export interface SingletonJobOptions {
  pool: Pool;
  /** The job's name, unique within its service (e.g. `evaluation.charging-sweep`). */
  name: string;
  /** Time between runs; a replica without the lease tries to take it as often. */
  everyMs: number;
  run: () => Promise<unknown>;
  logger: FastifyBaseLogger;
  /** Delay before the first try (default: everyMs; 0 = at once). */
  firstAfterMs?: number;
}

/**
 * Runs `run` every `everyMs` in the one replica holding the job's lease; the others check the
 * lease as often and take it over when its holder has gone. A failed run is logged and tried at
 * the next interval.
 */
export function startSingletonJob(opts: SingletonJobOptions): SingletonJob {
  let lease = connections.get(opts.pool);
  if (!lease) connections.set(opts.pool, (lease = new LeaseConnection(opts.pool, opts.logger)));
  const leases = lease;
  leases.users++;
  let running = true;
  let holding = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<boolean> = Promise.resolve(false);

  const once = async (): Promise<boolean> => {
    const had = holding;
    holding = await leases.hold(opts.name);
    if (holding !== had) opts.logger.info({ lease: opts.name }, holding ? 'lease taken: running this job here' : 'lease lost');
    if (!holding || !running) return false;
    try {
      await opts.run();
    } catch (err) {
      opts.logger.error({ err, lease: opts.name }, 'singleton job failed; tried again at the next interval');
    }
    return true;
  };
  const runNow = () => (current = current.then(once, once));
  const schedule = (ms: number) => {
    if (!running || opts.everyMs <= 0) return;
    timer = setTimeout(() => void runNow().finally(() => schedule(opts.everyMs)), ms);
    timer.unref?.();
  };
  schedule(opts.firstAfterMs ?? opts.everyMs);

  return {
    name: opts.name,
    get holding() {
      return holding;
    },
    runNow,
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await current.catch(() => undefined);
      await leases.release(opts.name);
      holding = false;
      if (--leases.users === 0) {
        connections.delete(opts.pool);
        await leases.close();
      }
    },
  };
}
