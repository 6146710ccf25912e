/**
 * One HTTP exchange with the API, knowing nothing of sessions: the URL with its query, the request
 * (JSON or raw body, bearer header, timeout, the caller's abort signal), the answer's body parsed
 * as JSON or text, and a failed answer's `{detail, code}` mapped to an ApiError. The Transport
 * (transport.ts) adds tokens, refresh and session events on top.
 */
import { ApiError, DEFAULT_ERROR_MESSAGE, isApiError, messageFromBody } from './errors';
import { currentLocale } from './locale';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: string;
  /** JSON body */
  json?: unknown;
  /** raw body built per attempt (FormData etc.) */
  body?: () => BodyInit;
  query?: Query;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** no bearer header, no 401 refresh (login, refresh, signup...) */
  anonymous?: boolean;
  /** bearer header but no refresh on 401 */
  noRefresh?: boolean;
  /** return the parsed body even for non-2xx (health) */
  acceptAnyStatus?: boolean;
  /** extra request headers (e.g. Accept: text/event-stream) */
  headers?: Record<string, string>;
  /** let the request finish when the page is left (fetch `keepalive`; small bodies only) */
  keepalive?: boolean;
}

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** `path` under `baseUrl` (absolute URLs stay as they are) with the query's set values appended. */
export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  let u = path.startsWith('http') ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    if (s) u += (u.includes('?') ? '&' : '?') + s;
  }
  return u;
}

/**
 * Sends one request (with `token` as bearer unless the call is anonymous). A timeout rejects with
 * ApiError TIMEOUT, a transport failure with ApiError NETWORK_ERROR; the caller's abort rejects
 * with its AbortError. Any HTTP status is answered as a Response.
 */
export async function sendRequest(fetchImpl: typeof fetch, url: string, opts: RequestOptions, token: string | null): Promise<Response> {
  // The page's language (locale.ts): servers answer `detail` in it.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) {
    body = opts.body();
  }
  if (token && !opts.anonymous) headers.Authorization = `Bearer ${token}`;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal) {
    if (opts.signal.aborted) controller.abort(opts.signal.reason);
    else opts.signal.addEventListener('abort', onAbort, { once: true });
  }
  if (opts.timeoutMs) {
    timer = setTimeout(() => controller.abort(new ApiError(0, 'Request timed out', 'TIMEOUT')), opts.timeoutMs);
  }
  try {
    return await fetchImpl(url, {
      method: opts.method ?? (opts.json !== undefined || opts.body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
  } catch (e) {
    if (controller.signal.aborted && isApiError(controller.signal.reason)) throw controller.signal.reason;
    if (e instanceof Error && e.name === 'AbortError') throw e;
    throw new ApiError(0, e instanceof Error && e.message ? `Network error: ${e.message}` : DEFAULT_ERROR_MESSAGE, 'NETWORK_ERROR');
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** The answer's body: parsed JSON, text, or undefined when empty (204/205 or no bytes). */
export async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const type = res.headers.get('content-type') || '';
  const text = await res.text();
  if (!text) return undefined;
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** A failed answer as ApiError: its status, the message for the person and the server's `code`. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const body = await parseBody(res).catch(() => undefined);
  const code =
    body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : '';
  return new ApiError(res.status, messageFromBody(body), code, body);
}

/** `filename` (or RFC 5987 `filename*`) of a Content-Disposition header. */
export function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  return plain ? (plain[2] ?? plain[1]!).trim() : null;
}
