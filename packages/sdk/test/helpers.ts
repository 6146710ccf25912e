/** A JWT-shaped token (unsigned: the client only reads `exp`). */
export function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.sig`;
}
export const future = (sub = 'u1', extra: Record<string, unknown> = {}) => jwt({ sub, exp: Math.floor(Date.now() / 1000) + 900, ...extra });
export const past = (sub = 'u1') => jwt({ sub, exp: Math.floor(Date.now() / 1000) - 60 });

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake server behind `fetch`: routes by "METHOD path" and records every call. */
export function fakeFetch(handler: (call: Call) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call = { url: String(input), method: init.method ?? 'GET', headers, body };
    calls.push(call);
    return handler(call);
  };
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** A minimal Response (jsdom has no fetch API of its own). */
export function json(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (k: string) => (k.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

/** An in-memory LockManager with exclusive locks, shared by several clients (= tabs). */
export function fakeLocks(): LockManager {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request: (name: string, optsOrCb: unknown, maybeCb?: unknown) => {
      const cb = (typeof optsOrCb === 'function' ? optsOrCb : maybeCb) as (l: unknown) => Promise<unknown>;
      const prev = tails.get(name) ?? Promise.resolve();
      const run = prev.catch(() => undefined).then(() => cb({ name, mode: 'exclusive' }));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
    query: async () => ({ held: [], pending: [] }),
  } as unknown as LockManager;
}
