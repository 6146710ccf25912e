export interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}
export function res(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => 'application/json' },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}
export function fakeFetch(handler: (c: Call) => Response) {
  const calls: Call[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const c = {
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(c);
    return handler(c);
  };
  return { fetch: fn as unknown as typeof fetch, calls };
}
