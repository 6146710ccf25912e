import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Codes, Messages } from '@corestone/contracts';
import { openDatabase, type Database, type Migration } from './db';
import { connectBus, type Bus } from './nats';
import { connectRedis, type Redis } from './redis';
import { stopTracing } from './tracing';
import type { Static, TObject } from '@sinclair/typebox';
import { loadConfig, type BaseConfig } from './config';
import type { TokenVerifier } from './auth';

/** Things to close on shutdown, closed in reverse order of registration. */
export class Lifecycle {
  private closers: Array<{ name: string; fn: () => Promise<unknown> }> = [];
  private closing: Promise<void> | null = null;

  onClose(name: string, fn: () => Promise<unknown>): void {
    this.closers.push({ name, fn });
  }

  close(log?: { warn(obj: unknown, msg: string): void }): Promise<void> {
    this.closing ??= (async () => {
      for (const { name, fn } of [...this.closers].reverse()) {
        try {
          await fn();
        } catch (err) {
          log?.warn({ err }, `closing ${name} failed`);
        }
      }
    })();
    return this.closing;
  }
}

export interface Infra {
  db?: Database;
  bus?: Bus;
  redis?: Redis;
}

/** What a service's `buildApp` is given: its config, the infrastructure it opened (`Needs` present) and the token check. */
export interface ServiceDeps<Config, Needs extends keyof Infra = never> {
  config: Config;
  infra: Infra & Required<Pick<Infra, Needs>>;
  verify: TokenVerifier;
}

export const schemaFor = (config: Pick<BaseConfig, 'PG_SCHEMA_PREFIX'>, service: string) =>
  `${config.PG_SCHEMA_PREFIX}${service}`.toLowerCase();

/** Opens what a service needs and registers each for readiness and shutdown. */
export async function openInfra(
  service: string,
  config: BaseConfig,
  lifecycle: Lifecycle,
  needs: { migrations?: Migration[]; bus?: boolean; redis?: boolean },
): Promise<Infra> {
  const infra: Infra = {};
  if (needs.migrations) {
    infra.db = await openDatabase({
      url: config.DATABASE_URL,
      schema: schemaFor(config, service),
      migrations: needs.migrations,
      poolMax: config.PG_POOL_MAX,
      applicationName: `corestone-${service}`,
    });
    lifecycle.onClose('postgres', () => infra.db!.close());
  }
  if (needs.bus) {
    infra.bus = await connectBus({
      url: config.NATS_URL,
      prefix: config.NATS_PREFIX,
      name: `corestone-${service}`,
      replicas: config.NATS_STREAM_REPLICAS,
    });
    lifecycle.onClose('nats', () => infra.bus!.close());
  }
  if (needs.redis) {
    infra.redis = await connectRedis(config.REDIS_URL);
    lifecycle.onClose('redis', () => infra.redis!.quit());
  }
  return infra;
}

export function addInfraReadiness(app: FastifyInstance, infra: Infra): void {
  if (infra.db) app.readiness.add('postgres', async () => void (await infra.db!.pool.query('SELECT 1')));
  if (infra.bus)
    app.readiness.add('nats', async () => {
      if (infra.bus!.nc.isClosed()) throw new Error('closed');
      await infra.bus!.nc.flush();
    });
  if (infra.redis) app.readiness.add('redis', async () => void (await infra.redis!.ping()));
}

/**
 * Listens and shuts down gracefully on SIGTERM/SIGINT: stop taking requests (readiness turns
 * false, in-flight requests finish), then stop consumers and relays, then close connections.
 */
export async function serve(app: FastifyInstance, lifecycle: Lifecycle, opts: { port: number; host: string }): Promise<void> {
  await app.listen({ port: opts.port, host: opts.host });
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await lifecycle.close(app.log);
      await stopTracing();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** A service started by its composition root (`startService` in `src/start.ts`). */
export interface StartedService {
  app: FastifyInstance;
  /** Closes the app (in-flight requests finish), then consumers, loops and connections; once. */
  stop(): Promise<void>;
}

/**
 * The one shape of every service's `startService(config, …)`: `wire(lifecycle)` opens the
 * infrastructure, builds the app and starts RPC handlers, consumers and loops, registering each
 * with `lifecycle`. If wiring fails, whatever was opened so far is closed before the error is
 * thrown. The answer is the wired parts plus `stop()`; server.ts listens, tests inject.
 */
export async function startWith<T extends { app: FastifyInstance }>(
  wire: (lifecycle: Lifecycle) => Promise<T>,
): Promise<T & StartedService> {
  const lifecycle = new Lifecycle();
  let wired: T;
  try {
    wired = await wire(lifecycle);
  } catch (err) {
    await lifecycle.close();
    throw err;
  }
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await wired.app.close();
      await lifecycle.close(wired.app.log);
    })());
  return { ...wired, stop };
}

/** server.ts: listens with the started service and stops it on SIGTERM/SIGINT. */
export function serveService(service: StartedService, opts: { port: number; host: string }): Promise<void> {
  const lifecycle = new Lifecycle();
  lifecycle.onClose('service', () => service.stop());
  return serve(service.app, lifecycle, opts);
}

/**
 * Runs `start` while the service's port answers the orchestrator's probes: /livez 200 (the
 * process is alive and starting — a start that runs long migrations on a year of data must not be
 * killed and begun again, which would roll them back every time), anything else 503 (not ready).
 * The port is given back before `start`'s answer, for the app to listen on. PORT 0 (any free
 * port) has no port to answer on before the app listens: `start` simply runs.
 */
export async function whileStarting<T>(opts: { port: number; host: string }, start: () => Promise<T>): Promise<T> {
  const probe = opts.port ? await listenForProbes(opts.port, opts.host) : null;
  try {
    return await start();
  } finally {
    if (probe) {
      const closed = new Promise((resolve) => probe.close(resolve));
      probe.closeAllConnections();
      await closed;
    }
  }
}

/** The starting-time answers; null when the port cannot be taken (the app's listen then says why). */
function listenForProbes(port: number, host: string): Promise<http.Server | null> {
  const server = http.createServer((req, res) => {
    const live = req.url === '/livez';
    res.writeHead(live ? 200 : 503, { 'content-type': 'application/json', connection: 'close', ...(live ? {} : { 'retry-after': '1' }) });
    res.end(JSON.stringify(live ? { status: 'starting' } : { detail: Messages.SERVICE_BRIEFLY_UNAVAILABLE, code: Codes.UNAVAILABLE }));
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * All of a service's server.ts after `startTracing`: reads the configuration (`schema`), starts
 * the service through its composition root (its port answering the probes meanwhile:
 * `whileStarting`) and listens on PORT/HOST; a failed start is printed and exits with 1.
 */
export function runService<T extends TObject>(schema: T, start: (config: Static<T>) => Promise<StartedService>): void {
  const main = async () => {
    const config = loadConfig(schema) as Static<T> & { PORT: number; HOST: string };
    const service = await whileStarting({ port: config.PORT, host: config.HOST }, () => start(config));
    await serveService(service, { port: config.PORT, host: config.HOST });
  };
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
