import type { Role } from '@corestone/contracts';
import { loadConfig, newId } from '@corestone/service-kit';
import { createTestRun, createTestTokens } from '@corestone/service-kit/testing';
import { BillingConfig } from '../src/config';
import { startService, type BillingService } from '../src/start';

export const ROLES: Role[] = ['student', 'teacher', 'admin', 'super_admin'];
export const SITE = 'http://localhost:8080';
export const RETURN_URLS = { success_url: `${SITE}/dashboard?plan=success`, cancel_url: `${SITE}/dashboard?plan=cancelled` };

export interface Harness {
  service: BillingService;
  app: BillingService['app'];
  /** A signed-in caller of a role (a fresh user id each call). */
  user(role?: Role): Promise<{ id: string; headers: Record<string, string> }>;
  close(): Promise<void>;
}

/** Billing on the real Postgres and NATS, isolated by its own schema and subject prefix. */
export async function startBilling(label: string, env: Record<string, string> = {}): Promise<Harness> {
  const run = createTestRun(label);
  const config = loadConfig(BillingConfig, { ...run.env, PUBLIC_BASE_URL: SITE, ...env });
  const tokens = await createTestTokens();
  const service = await startService(config, { verify: tokens.verify }).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  return {
    service,
    app: service.app,
    user: async (role: Role = 'student') => {
      const id = newId();
      return { id, headers: { authorization: `Bearer ${await tokens.sign(id, role)}` } };
    },
    close: async () => {
      await service.stop();
      await run.cleanup();
    },
  };
}
