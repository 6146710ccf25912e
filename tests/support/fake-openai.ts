import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible server on loopback for tests: `POST /v1/chat/completions` answers from a
 * script, so the real `openai` SDK is driven through slow, failing, malformed and good answers.
 * Point the SDK at `baseURL` (which ends in /v1).
 */
export interface FakeReply {
  /** The assistant message content (a JSON string for structured output). */
  content?: string;
  /** HTTP status; not 200 answers with an OpenAI error body. */
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  headers?: Record<string, string>;
  /** Fields of the error body (a 429's `type` and `code`). */
  error?: { type?: string; code?: string };
}

export interface FakeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** When it arrived (ms), and whether the rate limit let it through (always, without one). */
  at?: number;
  admitted?: boolean;
  body: {
    model?: string;
    temperature?: number;
    max_tokens?: number;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
    messages?: Array<{ role: string; content: string }>;
  };
}

/**
 * A provider's rate limit as OpenAI enforces it: tokens and requests per window, each a bucket
 * refilled continuously (full after one window); a request is charged its input (characters / 4)
 * plus its `max_tokens` when it arrives, and refused with 429 when either bucket lacks it. Every
 * answer carries `x-ratelimit-{limit,remaining,reset}-{tokens,requests}` (resets as `1s`, `120ms`).
 */
export interface FakeRateLimit {
  tokensPerWindow: number;
  requestsPerWindow: number;
  /** 60,000 for per-minute limits; a benchmark may scale it down. */
  windowMs: number;
}

/** What the fake's rate limiter saw: each admitted request's tokens and time, and the refusals. */
export interface FakeUsage {
  admitted: Array<{ at: number; tokens: number }>;
  refused: number;
}

/** OpenAI's way of writing a reset time: `1s`, `6m0s`, `120ms`. */
export function resetText(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.ceil(ms))}ms`;
  const s = ms / 1000;
  return s < 60 ? `${Number(s.toFixed(3))}s` : `${Math.floor(s / 60)}m${Number((s % 60).toFixed(3))}s`;
}

/** The tokens OpenAI charges a chat request against its limit: characters / 4 of the messages, plus max_tokens. */
export function chargedTokens(body: FakeRequest['body']): number {
  const chars = (body.messages ?? []).reduce((n, m) => n + String(m.content ?? '').length, 0);
  return Math.ceil(chars / 4) + (body.max_tokens ?? 0);
}

/**
 * The Azure OpenAI flavour (issue 33 §2): only `POST /openai/deployments/<deployment>/chat/completions`
 * with `?api-version=<apiVersion>` and the `api-key` header is answered, as Azure does: another
 * deployment is 404 DeploymentNotFound, a missing or wrong api-version 404, a wrong key 401.
 */
export interface FakeAzure {
  deployment: string;
  apiVersion: string;
  apiKey: string;
}

export class FakeOpenAI {
  readonly requests: FakeRequest[] = [];
  constructor(private readonly azure?: FakeAzure) {}

  /** Azure flavour: the resource endpoint (the SDK's AzureOpenAI `endpoint`). */
  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Azure flavour: why a request is refused (status and error), or null when it reached the deployment. */
  private azureRefusal(req: http.IncomingMessage): { status: number; error: { type?: string; code?: string } } | null {
    if (!this.azure) return null;
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return { status: 404, error: { code: '404', type: 'not_found' } };
    if (url.searchParams.get('api-version') !== this.azure.apiVersion) return { status: 404, error: { code: '404', type: 'api_version' } };
    if (req.headers['api-key'] !== this.azure.apiKey) return { status: 401, error: { code: '401', type: 'invalid_api_key' } };
    if (decodeURIComponent(match[1]) !== this.azure.deployment) return { status: 404, error: { code: 'DeploymentNotFound' } };
    return null;
  }
  readonly usage: FakeUsage = { admitted: [], refused: 0 };
  private limit: FakeRateLimit | null = null;
  private bucket = { tokens: 0, requests: 0, at: 0 };
  private readonly script: FakeReply[] = [];
  private fallback: FakeReply = { status: 500 };
  private server: http.Server | null = null;
  private port = 0;

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Answers the next calls in order; after the script, `always` (default: 500). */
  reply(...replies: FakeReply[]): this {
    this.script.push(...replies);
    return this;
  }

  always(reply: FakeReply): this {
    this.fallback = reply;
    return this;
  }

  reset(): void {
    this.script.length = 0;
    this.requests.length = 0;
    this.fallback = { status: 500 };
    this.limit = null;
    this.usage.admitted.length = 0;
    this.usage.refused = 0;
  }

  /** Enforces a rate limit from now on (full buckets), as OpenAI does (FakeRateLimit). */
  rateLimit(limit: FakeRateLimit): this {
    this.limit = limit;
    this.bucket = { tokens: limit.tokensPerWindow, requests: limit.requestsPerWindow, at: Date.now() };
    return this;
  }

  /** Charges a request against the limit: its rate-limit headers, and whether it was admitted. */
  private charge(body: FakeRequest['body']): { admitted: boolean; headers: Record<string, string> } {
    const limit = this.limit;
    if (!limit) return { admitted: true, headers: {} };
    const now = Date.now();
    const b = this.bucket;
    const elapsed = Math.max(0, now - b.at);
    b.tokens = Math.min(limit.tokensPerWindow, b.tokens + (elapsed * limit.tokensPerWindow) / limit.windowMs);
    b.requests = Math.min(limit.requestsPerWindow, b.requests + (elapsed * limit.requestsPerWindow) / limit.windowMs);
    b.at = now;
    const tokens = chargedTokens(body);
    const admitted = tokens <= b.tokens && b.requests >= 1;
    if (admitted) {
      b.tokens -= tokens;
      b.requests -= 1;
      this.usage.admitted.push({ at: now, tokens });
    } else {
      this.usage.refused++;
    }
    const untilFull = (have: number, max: number) => ((max - have) / max) * limit.windowMs;
    const headers: Record<string, string> = {
      'x-ratelimit-limit-tokens': String(limit.tokensPerWindow),
      'x-ratelimit-limit-requests': String(limit.requestsPerWindow),
      'x-ratelimit-remaining-tokens': String(Math.max(0, Math.floor(b.tokens))),
      'x-ratelimit-remaining-requests': String(Math.max(0, Math.floor(b.requests))),
      'x-ratelimit-reset-tokens': resetText(untilFull(b.tokens, limit.tokensPerWindow)),
      'x-ratelimit-reset-requests': resetText(untilFull(b.requests, limit.requestsPerWindow)),
    };
    return { admitted, headers };
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: FakeRequest['body'] = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        } catch {
          body = {};
        }
        const refused = this.azureRefusal(req);
        const limited = refused ? { admitted: false, headers: {} } : this.charge(body);
        this.requests.push({ path: req.url ?? '', headers: req.headers, body, at: Date.now(), admitted: limited.admitted });
        const reply: FakeReply = refused
          ? refused
          : limited.admitted
            ? (this.script.shift() ?? this.fallback)
            : { status: 429, error: { type: 'tokens', code: 'rate_limit_exceeded' } };
        const answer = () => {
          if (res.destroyed) return;
          const status = reply.status ?? 200;
          res.writeHead(status, { 'content-type': 'application/json', ...limited.headers, ...reply.headers });
          if (status !== 200) {
            res.end(JSON.stringify({ error: { message: `fake error ${status}`, type: 'server_error', code: null, ...reply.error } }));
            return;
          }
          res.end(
            JSON.stringify({
              id: `chatcmpl-fake${this.requests.length}`,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model: body.model ?? 'fake',
              choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } }],
              usage: {
                prompt_tokens: chargedTokens({ messages: body.messages }),
                completion_tokens: 1,
                total_tokens: chargedTokens({ messages: body.messages }) + 1,
              },
            }),
          );
        };
        if (reply.delayMs) setTimeout(answer, reply.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}
