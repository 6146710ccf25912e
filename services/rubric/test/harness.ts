import type { InjectOptions } from 'fastify';
import type { Role } from '@corestone/contracts';
import { loadConfig, newId } from '@corestone/service-kit';
import { createTestRun, createTestTokens } from '@corestone/service-kit/testing';
import { RubricConfig } from '../src/config';
import { startService } from '../src/start';

export const ROLES: readonly Role[] = ['student', 'teacher', 'admin', 'super_admin'];

/** The rubric service as server.ts starts it (startService), on the real servers of a test run of its own. */
export async function startRubricService(label: string, env: Record<string, string> = {}) {
  const run = createTestRun(label);
  const config = loadConfig(RubricConfig, { ...run.env, ...env });
  const tokens = await createTestTokens();
  const service = await startService(config, { verify: tokens.verify }).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  const { app, store, usage, infra } = service;

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
      await service.stop();
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
