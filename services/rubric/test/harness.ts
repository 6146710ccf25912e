import type { InjectOptions } from 'fastify';
import type { Role } from '@corestone/contracts';
import { Lifecycle, loadConfig, newId, openInfra } from '@corestone/service-kit';
import { createTestRun, createTestTokens } from '@corestone/service-kit/testing';
import { RubricConfig } from '../src/config';
import { migrations } from '../src/store/migrations';
import { buildApp } from '../src/app';
import { serveRubricRpc } from '../src/events/rpc';
import { startUsageConsumer } from '../src/events/usage';

export const ROLES: readonly Role[] = ['student', 'teacher', 'admin', 'super_admin'];

/** The rubric service against the real Postgres and NATS, in a test run of its own. */
export async function startRubricService(label: string, env: Record<string, string> = {}) {
  const run = createTestRun(label);
  const lifecycle = new Lifecycle();
  const config = loadConfig(RubricConfig, { ...run.env, ...env });
  const infra = await openInfra('rubric', config, lifecycle, { migrations, bus: true });
  const tokens = await createTestTokens();
  const { app, store, usage } = buildApp({ config, infra: { ...infra, db: infra.db! }, verify: tokens.verify });
  await store.seedDefaults();
  const subs = serveRubricRpc(infra.bus!, store, app.log);
  lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
  const consumer = await startUsageConsumer(infra.bus!, usage, app.log);
  lifecycle.onClose('usage consumer', () => consumer.stop());
  await app.ready();

  const bearer: Record<Role, string> = {} as Record<Role, string>;
  for (const role of ROLES) bearer[role] = `Bearer ${await tokens.sign(newId(), role)}`;

  /** app.inject as a role (or anonymous with null). */
  const as = (role: Role | null, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(role ? { authorization: bearer[role] } : {}) } });

  return {
    app,
    store,
    usage,
    infra,
    run,
    as,
    async close() {
      await app.close();
      await lifecycle.close();
      await run.cleanup();
    },
  };
}

export type RubricService = Awaited<ReturnType<typeof startRubricService>>;

/** Polls until `check` holds (events arrive asynchronously); fails with the last value after ~10 s. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 200; i++) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`condition not reached; last value: ${JSON.stringify(last)}`);
}
