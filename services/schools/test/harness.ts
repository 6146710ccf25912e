import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Subscription } from '@nats-io/transport-node';
import { Rpc, type Role, type SchoolRole } from '@corestone/contracts';
import { loadConfig, newId, notFound, serveRpc } from '@corestone/service-kit';
import { createTestRun, createTestTokens, storedEvents, testUserView } from '@corestone/service-kit/testing';
import { SchoolsConfig } from '../src/config';
import { startService, type SchoolsService } from '../src/start';

/**
 * Stand-in for auth's `rpc.auth.provision_user` / `provision_users` and users' `rpc.users.get_view` on the real NATS:
 * accounts by e-mail, made on first request (as auth does), so schools is exercised through its
 * real RPC client. The system test (tests/system/schools.test.ts) runs the real auth.
 */
export class AccountDirectory {
  readonly byEmail = new Map<string, { id: string; name: string; role: Role }>();
  readonly provisionCalls: Array<{ email: string; platform_role: string; invited_by_school: string }> = [];
  /** The inviting school's language each provisioned e-mail was asked with (issue 36). */
  readonly invitationLocales = new Map<string, string | undefined>();
  /** Sizes of the rpc.auth.provision_users batches asked (each item is in provisionCalls too). */
  readonly batchCalls: number[] = [];
  private subs: Subscription[] = [];

  private provision(req: {
    email: string;
    name: string;
    platform_role: 'student' | 'teacher';
    invited_by_school: string;
    invited_by_school_locale?: string;
  }) {
    this.provisionCalls.push({ email: req.email, platform_role: req.platform_role, invited_by_school: req.invited_by_school });
    this.invitationLocales.set(req.email, req.invited_by_school_locale);
    const key = req.email.toLowerCase();
    const known = this.byEmail.get(key);
    if (known) return { user_id: known.id, created: false };
    const id = newId();
    this.byEmail.set(key, { id, name: req.name, role: req.platform_role });
    return { user_id: id, created: true };
  }

  /** An existing account (as if it had signed up). */
  add(email: string, name: string, role: Role = 'student'): string {
    const id = newId();
    this.byEmail.set(email.toLowerCase(), { id, name, role });
    return id;
  }

  start(service: SchoolsService): void {
    const { bus } = service.infra;
    const log = service.app.log;
    this.subs = [
      serveRpc(bus, Rpc.authProvisionUser, async (req) => this.provision(req), log),
      serveRpc(
        bus,
        Rpc.authProvisionUsers,
        async (req) => {
          this.batchCalls.push(req.users.length);
          const results = req.users.map((u) => ({
            ok: true as const,
            ...this.provision({ ...u, invited_by_school: req.invited_by_school, invited_by_school_locale: req.invited_by_school_locale }),
          }));
          return { results };
        },
        log,
      ),
      serveRpc(
        bus,
        Rpc.usersGetView,
        async ({ user_id }) => {
          for (const [email, a] of this.byEmail) {
            if (a.id === user_id) return { user: testUserView({ id: a.id, email, role: a.role, first_name: a.name, last_name: '' }) };
          }
          throw notFound('User not found');
        },
        log,
      ),
    ];
  }

  stop(): void {
    for (const s of this.subs) s.unsubscribe();
  }
}

export interface Harness {
  service: SchoolsService;
  accounts: AccountDirectory;
  /** Bearer headers for a user id and platform role. */
  headers(userId: string, role: Role): Promise<Record<string, string>>;
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<{ status: number; body: T }>;
  events(): ReturnType<typeof storedEvents>;
  /** Where this run's mails are written (the assignment mails; no SMTP in tests). */
  mailDir: string;
  close(): Promise<void>;
}

/** The schools service on the real Postgres and NATS, in a schema and stream prefix of its own. */
export async function startSchools(label: string): Promise<Harness> {
  const run = createTestRun(label);
  const mailDir = path.join(os.tmpdir(), `corestone-mail-${run.id}`);
  // The assignment mail scheduler runs no rounds of its own: tests run its passes (runOnce).
  const config = loadConfig(SchoolsConfig, { ...run.env, MAIL_DIR: mailDir, ASSIGNMENT_MAILS_EVERY_MS: '0' });
  const tokens = await createTestTokens();
  const service = await startService(config, { verify: tokens.verify }).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  const accounts = new AccountDirectory();
  accounts.start(service);
  return {
    service,
    accounts,
    headers: async (userId, role) => ({ authorization: `Bearer ${await tokens.sign(userId, role)}` }),
    call: async (method, url, headers, payload) => {
      const res = await service.app.inject({ method, url, headers, payload: payload as object | undefined });
      return { status: res.statusCode, body: (res.body ? res.json() : undefined) as never };
    },
    events: () => storedEvents(service.infra.bus, 'schools'),
    mailDir,
    close: async () => {
      accounts.stop();
      await service.stop();
      await run.cleanup();
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in person of the tests: their id, platform role and headers. */
export interface Person {
  id: string;
  role: Role;
  h: Record<string, string>;
  email: string;
}

/** A school with a school admin, a teacher and a student, all invited through the API by a super admin. */
export async function seedSchool(h: Harness, superAdmin: Person, name: string) {
  const school = await h.call<{ id: string }>('POST', '/schools', superAdmin.h, { name });
  if (school.status !== 201) throw new Error(`create school: ${school.status} ${JSON.stringify(school.body)}`);
  const id = school.body.id;
  const slug = name.toLowerCase().replace(/[^a-z]/g, '');
  const member = async (role: SchoolRole): Promise<Person> => {
    const email = `${role}.${slug}@${slug}.example.org`;
    const res = await h.call<{ member: { user_id: string } }>('POST', `/schools/${id}/members`, superAdmin.h, {
      email,
      name: `${role} of ${name}`,
      role,
    });
    if (res.status !== 201) throw new Error(`add ${role}: ${res.status} ${JSON.stringify(res.body)}`);
    const platformRole: Role = role === 'student' ? 'student' : 'teacher';
    return { id: res.body.member.user_id, role: platformRole, h: await h.headers(res.body.member.user_id, platformRole), email };
  };
  return { id, admin: await member('school_admin'), teacher: await member('teacher'), student: await member('student') };
}

export async function person(h: Harness, role: Role): Promise<Person> {
  const id = newId();
  return { id, role, h: await h.headers(id, role), email: `${id}@example.org` };
}
