import fs from 'node:fs';
import path from 'node:path';
import {
  freePort,
  startPlatform,
  PLATFORM_PROCESSES,
  REPO_ROOT,
  type Platform,
  type PlatformOptions,
  type ProcessName,
} from '@corestone/devstack';
import { createTestRun, type TestRun } from '@corestone/service-kit/testing';

export interface TestPlatform extends Platform {
  run: TestRun;
  api: Api;
  shutdown(): Promise<void>;
}

/**
 * The whole platform as real processes on free ports, isolated by its own schema prefix,
 * NATS prefix and Redis prefix; logs go to tests/artifacts/logs/<run id>/.
 */
export async function startTestPlatform(extraEnv: Record<string, string> = {}, opts: Partial<PlatformOptions> = {}): Promise<TestPlatform> {
  const run = createTestRun('sys');
  const logDir = path.join(REPO_ROOT, 'tests', 'artifacts', 'logs', run.id);
  const platform = await startPlatform({
    ports: 'random',
    output: { dir: logDir },
    // Nine processes loading at once on a 2-core machine shared with another jest worker (with
    // tracing on, each also loads the OpenTelemetry SDK): 30 s was not always enough.
    readyTimeoutMs: 100_000,
    ...opts,
    env: {
      ...run.env,
      LOG_LEVEL: 'info',
      MAIL_DIR: path.join(logDir, 'mail'),
      AVATAR_DIR: path.join(logDir, 'avatars'),
      SWEEP_INTERVAL_MS: '500',
      SWEEP_AFTER_MS: '1500',
      ...extraEnv,
    },
  }).catch(async (err) => {
    await run.cleanup();
    throw new Error(`${(err as Error).message}\n(logs in ${logDir})`);
  });
  return {
    ...platform,
    run,
    api: new Api(`${platform.gatewayUrl}/api/v1`),
    shutdown: async () => {
      await platform.stop();
      await run.cleanup();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A thin client for /api/v1 that never throws on HTTP status: tests assert on status and body. */
export class Api {
  constructor(readonly base: string) {}

  async call<T = any>(
    method: string,
    path: string,
    opts: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: RequestInit['body'];
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) body = opts.form;
    const res = await fetch(`${this.base}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async signup(email: string, password = 'correct-horse-9', role: 'student' | 'teacher' = 'student') {
    return this.call('POST', '/auth/signup', {
      json: { email, password, first_name: 'Test', last_name: 'Student', user_type: role },
    });
  }

  essayForm(text: string, fields: Record<string, string>, fileName = 'essay.txt'): FormData {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([text], { type: 'text/plain' }), fileName);
    return form;
  }

  async waitForEvaluation(id: string, token: string, timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.call('GET', `/evaluation/${id}`, { token });
      if (res.status === 200 && ['completed', 'failed'].includes(res.body.status)) return res.body;
      if (Date.now() > until) throw new Error(`evaluation ${id} still ${res.body?.status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@school.example`;

/** Re-reads until `fn` gives a truthy value (bounded wait; the bound is a give-up, not an assertion). */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The token of the password-reset link in the platform's mail to `email` (the first mail in
 * MAIL_DIR that names it), waiting for the mail to be written; quoted-printable soft breaks undone.
 */
export async function resetTokenFromMail(p: TestPlatform, email: string): Promise<string> {
  const mailDir = p.env.MAIL_DIR!;
  const mail = await waitFor('the reset mail', async () => {
    if (!fs.existsSync(mailDir)) return null;
    return fs
      .readdirSync(mailDir)
      .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'))
      .find((m) => m.includes(email));
  });
  return /reset-password\?token=([A-Za-z0-9_.-]+)/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!;
}

/** Free ports chosen up front, for a platform whose own URL must be known before it starts (PUBLIC_BASE_URL). */
export async function choosePorts(): Promise<Record<ProcessName, number>> {
  const ports = {} as Record<ProcessName, number>;
  const taken = new Set<number>();
  for (const name of PLATFORM_PROCESSES) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[name] = port;
  }
  return ports;
}
