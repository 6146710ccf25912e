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
}

export interface FakeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    temperature?: number;
    max_tokens?: number;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
    messages?: Array<{ role: string; content: string }>;
  };
}

export class FakeOpenAI {
  readonly requests: FakeRequest[] = [];
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
        this.requests.push({ path: req.url ?? '', headers: req.headers, body });
        const reply = this.script.shift() ?? this.fallback;
        const answer = () => {
          if (res.destroyed) return;
          const status = reply.status ?? 200;
          res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
          if (status !== 200) {
            res.end(JSON.stringify({ error: { message: `fake error ${status}`, type: 'server_error', code: null } }));
            return;
          }
          res.end(
            JSON.stringify({
              id: `chatcmpl-fake${this.requests.length}`,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model: body.model ?? 'fake',
              choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
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
