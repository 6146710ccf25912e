import type { Role } from '@corestone/contracts';
import { loadConfig, newId } from '@corestone/service-kit';
import { createTestRun, createTestTokens } from '@corestone/service-kit/testing';
import { LinksConfig } from '../src/config';
import { startService, type LinksService } from '../src/start';

export const ROLES: Role[] = ['student', 'teacher', 'admin', 'super_admin'];
export type Caller = Role | 'anonymous';

export interface Harness {
  service: LinksService;
  app: LinksService['app'];
  config: LinksConfig;
  /** Authorization headers per role, none for anonymous callers. */
  as: Record<Caller, Record<string, string>>;
  close(): Promise<void>;
}

/** The links service on the real Postgres and Redis, in a schema and key prefix of its own. */
export async function startLinks(label: string, env: Record<string, string> = {}): Promise<Harness> {
  const run = createTestRun(label);
  const config = loadConfig(LinksConfig, { ...run.env, ...env });
  const tokens = await createTestTokens();
  const service = await startService(config, { verify: tokens.verify }).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  const as = { anonymous: {} } as Harness['as'];
  for (const role of ROLES) as[role] = { authorization: `Bearer ${await tokens.sign(newId(), role)}` };
  return {
    service,
    app: service.app,
    config,
    as,
    close: async () => {
      await service.stop();
      await run.cleanup();
    },
  };
}
