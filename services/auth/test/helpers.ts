import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { Subscription } from '@nats-io/transport-node';
import { Events, Rpc, type Role, type RpcRequest, type User } from '@corestone/contracts';
import { HttpError, ensureStream, loadConfig, notFound, publishEvent, serveRpc, type Bus } from '@corestone/service-kit';
import { createTestRun, testUserView } from '@corestone/service-kit/testing';
import { AuthConfig } from '../src/config';
import type { AuthService } from '../src/app';
import { startService, type AuthRunning } from '../src/start';

/**
 * Stand-in for the users service's RPC (usersCreate, usersGetView): an in-memory responder on
 * the real NATS, so auth is exercised through its real RPC client.
 */
export class FakeUsers {
  readonly users = new Map<string, User>();
  readonly createCalls: string[] = [];
  /** Number of rpc.users.get_view answered (shows when auth's /auth/me cache answered instead). */
  viewCalls = 0;
  /** Number of coming users.create calls that store the user, then fail (a reply lost in a crash). */
  failAfterStore = 0;
  private subs: Subscription[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly log: AuthService['app']['log'],
  ) {}

  /** users.create's record (one item of create_many alike): stored once per id, then maybe a lost reply. */
  private create(req: RpcRequest<typeof Rpc.usersCreate>): User {
    this.createCalls.push(req.user_id);
    let user = this.users.get(req.user_id);
    if (!user) {
      user = testUserView({
        id: req.user_id,
        email: req.email,
        first_name: req.first_name,
        last_name: req.last_name,
        role: req.role,
        essay_credits: req.essay_credits ?? 1,
        max_essay_credits: req.max_essay_credits ?? 1,
      });
      this.users.set(req.user_id, user);
    }
    if (this.failAfterStore > 0) {
      this.failAfterStore--;
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'users crashed before answering');
    }
    return user;
  }

  start(): void {
    if (this.subs.length) return;
    this.subs = [
      serveRpc(this.bus, Rpc.usersCreate, async (req) => ({ user: this.create(req) }), this.log),
      serveRpc(
        this.bus,
        Rpc.usersCreateMany,
        async (req) => ({
          results: req.users.map((u) => {
            const created = !this.users.has(u.user_id);
            try {
              const user = this.create(u);
              return { ok: true as const, user_id: user.id, role: user.role, is_active: user.is_active, created };
            } catch (err) {
              const e = err as HttpError;
              return { ok: false as const, code: e.code, detail: e.detail, status: e.statusCode };
            }
          }),
        }),
        this.log,
      ),
      serveRpc(
        this.bus,
        Rpc.usersGetView,
        async ({ user_id }) => {
          this.viewCalls++;
          const user = this.users.get(user_id);
          if (!user) throw notFound('User not found');
          return { user };
        },
        this.log,
      ),
    ];
  }

  /** Users unreachable: nobody answers its subjects. */
  async stop(): Promise<void> {
    this.subs.forEach((s) => s.unsubscribe());
    this.subs = [];
    await this.bus.nc.flush();
  }

  set(userId: string, change: Partial<User>): void {
    const user = this.users.get(userId)!;
    this.users.set(userId, { ...user, ...change, user_type: change.role ?? user.user_type });
  }

  /**
   * A change as the real users service makes it: stored, then `users.view_changed.v1` published to
   * JetStream (acknowledged) before the change counts as answered — what users' outbox relay with
   * holdAnswers does.
   */
  async change(userId: string, change: Partial<User>): Promise<void> {
    this.set(userId, change);
    await ensureStream(this.bus, 'users');
    await publishEvent(this.bus, Events.usersViewChanged, { user_id: userId });
  }
}

export interface Harness extends AuthRunning {
  users: FakeUsers;
  mailDir: string;
  keysDir: string;
  /** A signed-in user of any role, made through the real account path. */
  userWithSession(role: Role, password?: string): Promise<{ user: User; access: string; refresh: string; email: string; password: string }>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueEmail = (label = 'u') => `${label}${Date.now().toString(36)}${counter++}@Example.com`;

/** auth as server.ts starts it (startService), on an isolated test run, with a users stand-in on NATS. */
export async function startAuth(label: string, extraEnv: Record<string, string> = {}): Promise<Harness> {
  const run = createTestRun(label);
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), `corestone-mail-${run.id}-`));
  const config = loadConfig(AuthConfig, { ...run.env, MAIL_DIR: mailDir, PUBLIC_BASE_URL: 'https://corestone.example/', ...extraEnv });
  const svc = await startService(config).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  const users = new FakeUsers(svc.infra.bus, svc.app.log);
  users.start();
  return {
    ...svc,
    users,
    mailDir,
    keysDir: config.KEYS_DIR,
    async userWithSession(role, password = 'password-1') {
      const email = uniqueEmail(role.replace('_', ''));
      const user = await svc.accounts.create({
        email: email.toLowerCase(),
        password,
        role,
        origin: role === 'student' || role === 'teacher' ? 'signup' : 'admin',
        profile: { first_name: role, last_name: 'Tester' },
      });
      const session = await svc.sessions.issue(user);
      return { user, access: session.access_token, refresh: session.refresh_token, email, password };
    },
    async close() {
      await users.stop();
      await svc.stop();
      await run.cleanup();
      fs.rmSync(mailDir, { recursive: true, force: true });
      fs.rmSync(config.KEYS_DIR, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits (by polling, never by asserting on time) until `check` is true. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, limitMs = 15000): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for: ${what}`);
}
