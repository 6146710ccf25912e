import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Subscription } from '@nats-io/transport-node';
import { Rpc, type Role } from '@corestone/contracts';
import { loadConfig, newId, notFound, serveRpc, type Bus } from '@corestone/service-kit';
import { createTestRun, createTestTokens, testUserView } from '@corestone/service-kit/testing';
import { ContentConfig } from '../src/config';
import { startService, type ContentService } from '../src/start';

export const ROLES: Role[] = ['student', 'teacher', 'admin', 'super_admin'];

export interface Harness {
  service: ContentService;
  app: ContentService['app'];
  mailDir: string;
  /** Authorization headers per role (a fresh user id each), and none for anonymous callers. */
  as: Record<Role | 'anonymous', Record<string, string>>;
  idOf: Record<Role, string>;
  close(): Promise<void>;
}

/** A stand-in for the users service's `rpc.users.get_view` on the real NATS: names the editors. */
export function serveUserNames(bus: Bus, names: Record<string, string>, log: ContentService['app']['log']): Subscription {
  return serveRpc(
    bus,
    Rpc.usersGetView,
    async ({ user_id }) => {
      const name = names[user_id];
      if (!name) throw notFound('User not found');
      const user = testUserView({
        id: user_id,
        email: `${user_id}@school.example`,
        name,
        first_name: name,
        last_name: '',
        role: 'super_admin',
      });
      return { user };
    },
    log,
  );
}

export async function startContent(label: string, env: Record<string, string> = {}): Promise<Harness> {
  const run = createTestRun(label);
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), `content-mail-${run.id}-`));
  const config = loadConfig(ContentConfig, { ...run.env, MAIL_DIR: mailDir, USERS_TIMEOUT_MS: '300', ...env });
  const tokens = await createTestTokens();
  const service = await startService(config, { verify: tokens.verify }).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  const idOf = Object.fromEntries(ROLES.map((r) => [r, newId()])) as Record<Role, string>;
  const as = { anonymous: {} } as Harness['as'];
  for (const role of ROLES) as[role] = { authorization: `Bearer ${await tokens.sign(idOf[role], role)}` };
  return {
    service,
    app: service.app,
    mailDir,
    as,
    idOf,
    close: async () => {
      await service.stop();
      await run.cleanup();
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

export const mailFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
export const readMail = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '');
