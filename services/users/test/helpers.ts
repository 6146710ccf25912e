import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { Events, Rpc, type CreditAccount, type Role, type User } from '@corestone/contracts';
import { callRpc, loadConfig, newId, publishEvent, serveRpc } from '@corestone/service-kit';
import { createTestRun, createTestTokens, storedEvents } from '@corestone/service-kit/testing';
import { UsersConfig } from '../src/config';
import { startService } from '../src/start';

export type Harness = Awaited<ReturnType<typeof startUsers>>;

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  token: string;
  headers: { authorization: string };
}

/** The users service as server.ts starts it (startService), on the real servers of an isolated test run, plus helpers. */
export async function startUsers(label: string) {
  const run = createTestRun(label);
  const avatarDir = fs.mkdtempSync(path.join(os.tmpdir(), `corestone-avatars-${run.id}-`));
  const config = loadConfig(UsersConfig, { ...run.env, AVATAR_DIR: avatarDir });
  const tokens = await createTestTokens();
  const service = await startService(config, { verify: tokens.verify }).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  const { app, ctx, relay, billingMirror, schoolMirror } = service;
  const { db, bus } = service.infra;

  let n = 0;
  /** Creates an account through rpc.users.create and mints an access token for it. */
  const user = async (role: Role, fields: Partial<{ email: string; first_name: string; last_name: string }> = {}): Promise<TestUser> => {
    const id = newId();
    const email = fields.email ?? `${role}${++n}-${id.slice(-6)}@example.test`;
    await callRpc(bus, Rpc.usersCreate, {
      user_id: id,
      email,
      first_name: fields.first_name ?? 'Test',
      last_name: fields.last_name ?? role,
      role,
    });
    const token = await tokens.sign(id, role);
    return { id, email, role, token, headers: { authorization: `Bearer ${token}` } };
  };

  /** Events this service has published so far (its outbox flushed to the run's `users` stream). */
  const outbox = async (userId?: string) => {
    await relay.flush();
    return (await storedEvents<Record<string, unknown>>(bus, 'users'))
      .map((e) => ({ subject: e.type, id: e.id, data: e.data }))
      .filter((e) => !userId || e.data.user_id === userId);
  };

  return {
    run,
    app,
    ctx,
    db,
    bus,
    config,
    tokens,
    relay,
    billingMirror,
    schoolMirror,
    avatarDir,
    user,
    outbox,
    close: async () => {
      await service.stop();
      await run.cleanup();
      fs.rmSync(avatarDir, { recursive: true, force: true });
      fs.rmSync(config.KEYS_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * A small stand-in for billing over NATS (get_account, set_credits), holding accounts in memory.
 * Like billing, it announces every change as `billing.account_updated.v1` and answers only once
 * the event is published. System tests run the real billing; here it only answers the users
 * service's questions.
 */
export function billingStandIn(h: Harness) {
  const accounts = new Map<string, CreditAccount>();
  const setCalls: Array<{ user_id: string; essay_credits: number; max_essay_credits: number }> = [];
  let getCalls = 0;
  /** Billing changes an account (a charge, a purchase…): the next version, announced before it returns. */
  const change = async (user_id: string, patch: Partial<Omit<CreditAccount, 'user_id' | 'version'>>): Promise<CreditAccount> => {
    const a = open(user_id);
    const next = { ...a, ...patch, version: a.version + 1 };
    accounts.set(user_id, next);
    await publishEvent(h.bus, Events.billingAccountUpdated, next);
    return next;
  };
  const open = (user_id: string): CreditAccount => {
    let a = accounts.get(user_id);
    if (!a) {
      a = { user_id, essay_credits: 1, max_essay_credits: 1, subscription_plan: 'free', subscription_status: 'active', version: 1 };
      accounts.set(user_id, a);
    }
    return a;
  };
  const subs = [
    serveRpc(
      h.bus,
      Rpc.billingGetAccount,
      async ({ user_id }) => {
        getCalls++;
        return { account: open(user_id) };
      },
      h.app.log,
    ),
    serveRpc(
      h.bus,
      Rpc.billingSetCredits,
      async (req) => {
        setCalls.push(req);
        return { account: await change(req.user_id, { essay_credits: req.essay_credits, max_essay_credits: req.max_essay_credits }) };
      },
      h.app.log,
    ),
  ];
  return {
    accounts,
    setCalls,
    change,
    /** How many times users asked billing for an account (live reads). */
    get getCalls() {
      return getCalls;
    },
    stop: async () => {
      subs.forEach((s) => s.unsubscribe());
      await h.bus.nc.flush();
    },
  };
}

export const json = <T = User>(res: LightMyRequestResponse): T => res.json() as T;

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----corestone${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Smallest real images of each kind (1x1), by their signatures. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(32),
  Buffer.from([0xff, 0xd9]),
]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(18)]);

/** Polls until `check` returns a value (events are asynchronous); fails after `attempts`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, attempts = 100): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met');
}
