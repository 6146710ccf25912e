import { request, type Dispatcher } from 'undici';

/** GETs a JSON document from a service within `timeoutMs`; never throws. */
export async function getJson(
  dispatcher: Dispatcher,
  url: string,
  timeoutMs: number,
): Promise<{ ok: true; status: number; body: unknown } | { ok: false; error: string }> {
  try {
    const res = await request(url, {
      dispatcher,
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await res.body.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { ok: true, status: res.statusCode, body };
  } catch (err) {
    const e = err as Error & { code?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code;
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT') {
      return { ok: false, error: `no answer within ${timeoutMs} ms` };
    }
    return { ok: false, error: code === 'ECONNREFUSED' ? 'unreachable (connection refused)' : `unreachable (${code ?? e.message})` };
  }
}
