import { ReadableStream } from 'node:stream/web';
import { ApiError, createClient, POLLING_TIMEOUT_MESSAGE, SseParser, type EvaluationProgress, type SseEvent } from '../src';
import { fakeFetch, future, json, type Call } from './helpers';

const enc = new TextEncoder();

/** A text/event-stream response whose body yields `chunks`, then ends (or stays open with `hang`). */
function sse(chunks: string[], opts: { hang?: boolean } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const c of chunks) {
        await new Promise((r) => setTimeout(r, 1));
        controller.enqueue(enc.encode(c));
      }
      if (!opts.hang) controller.close();
    },
  });
  return {
    ok: true,
    status: 200,
    headers: { get: (k: string) => (k.toLowerCase() === 'content-type' ? 'text/event-stream; charset=utf-8' : null) },
    body,
  } as unknown as Response;
}

const status = (p: Partial<EvaluationProgress> & { status: EvaluationProgress['status'] }) =>
  `event: status\ndata: ${JSON.stringify({ id: 'e1', progress: 0, overall_score: null, error_message: null, completed_at: null, ...p })}\n\n`;
const evaluation = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'e1',
  status,
  progress: 0,
  overall_score: null,
  error_message: null,
  completed_at: null,
  ...extra,
});

describe('live progress: the event stream, with polling as the fallback', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('access_token', future());
  });

  test('follows the stream with the bearer header (no token in the URL), then reads the final evaluation once', async () => {
    const f = fakeFetch((c: Call) => {
      if (c.url.endsWith('/events'))
        return sse([
          `retry: 1000\n\n`,
          status({ status: 'pending' }),
          ': keep-alive\n\n',
          status({ status: 'processing', progress: 40 }),
          status({ status: 'completed', progress: 100, overall_score: 27 }),
        ]);
      return json(200, evaluation('completed', { overall_score: 27, results: { overallGrade: 'B' } }));
    });
    const client = createClient({ fetch: f.fetch, locks: null });
    const seen: string[] = [];
    const done = await client.evaluations.watch('e1', { onProgress: (p) => seen.push(`${p.status}:${p.progress}`) });
    expect(seen).toEqual(['pending:0', 'processing:40', 'completed:100']);
    expect(done.results).toEqual({ overallGrade: 'B' });
    expect(f.calls.map((c) => c.url)).toEqual(['/api/v1/evaluation/e1/events', '/api/v1/evaluation/e1']);
    const stream = f.calls[0]!;
    expect(stream.headers.Authorization).toBe(`Bearer ${localStorage.getItem('access_token')}`);
    expect(stream.headers.Accept).toBe('text/event-stream');
    expect(stream.url).not.toMatch(/token/i);
  });

  test('a stream that cannot be opened falls back to polling every interval', async () => {
    let polls = 0;
    const f = fakeFetch((c: Call) => {
      if (c.url.endsWith('/events')) return json(502, { detail: 'Bad gateway', code: 'SERVICE_UNAVAILABLE' });
      polls++;
      return json(200, evaluation(polls >= 3 ? 'completed' : 'processing', { progress: polls * 30 }));
    });
    const client = createClient({ fetch: f.fetch, locks: null });
    const seen: number[] = [];
    const done = await client.evaluations.watch('e1', { pollIntervalMs: 1, onProgress: (p) => seen.push(p.progress) });
    expect(done.status).toBe('completed');
    expect(polls).toBe(3);
    expect(seen).toEqual([30, 60, 100]);
  });

  test('a stream cut before the end falls back to polling; polling gives up after maxPolls with the spec text', async () => {
    const f = fakeFetch((c: Call) =>
      c.url.endsWith('/events')
        ? sse([status({ status: 'processing', progress: 10 })])
        : json(200, evaluation('processing', { progress: 10 })),
    );
    const client = createClient({ fetch: f.fetch, locks: null });
    const seen: string[] = [];
    await expect(
      client.evaluations.watch('e1', { pollIntervalMs: 1, maxPolls: 3, onProgress: (p) => seen.push(p.status) }),
    ).rejects.toThrow(POLLING_TIMEOUT_MESSAGE);
    expect(f.calls.filter((c) => !c.url.endsWith('/events'))).toHaveLength(3);
    // the unchanged state is reported once
    expect(seen).toEqual(['processing']);
  });

  test('a stream cut after some events is opened again with Last-Event-ID (another replica), and polling is not needed', async () => {
    let opened = 0;
    const f = fakeFetch((c: Call) => {
      if (!c.url.endsWith('/events')) return json(200, evaluation('completed', { overall_score: 27 }));
      opened++;
      // the first replica goes away after one event; the second sends what changed since
      return opened === 1
        ? sse([`id: s1\n${status({ status: 'processing', progress: 40 })}`])
        : sse([`id: s2\n${status({ status: 'completed', progress: 100, overall_score: 27 })}`]);
    });
    const client = createClient({ fetch: f.fetch, locks: null });
    const seen: string[] = [];
    const done = await client.evaluations.watch('e1', { onProgress: (p) => seen.push(`${p.status}:${p.progress}`) });
    expect(done.status).toBe('completed');
    expect(seen).toEqual(['processing:40', 'completed:100']);
    const streams = f.calls.filter((c) => c.url.endsWith('/events'));
    expect(streams.map((c) => c.headers['Last-Event-ID'])).toEqual([undefined, 's1']);
    expect(f.calls.filter((c) => !c.url.endsWith('/events'))).toHaveLength(1); // the final read, no polling
  });

  test('a silent stream (no heartbeat) is abandoned for polling', async () => {
    const f = fakeFetch((c: Call) =>
      c.url.endsWith('/events')
        ? sse([status({ status: 'pending' })], { hang: true })
        : json(200, evaluation('failed', { error_message: 'x' })),
    );
    const client = createClient({ fetch: f.fetch, locks: null });
    const done = await client.evaluations.watch('e1', { streamIdleMs: 20, pollIntervalMs: 1 });
    expect(done.status).toBe('failed');
  });

  test('an unknown evaluation is not polled; a deletion during the stream ends the watch with 404', async () => {
    const missing = fakeFetch(() => json(404, { detail: 'Evaluation not found', code: 'NOT_FOUND' }));
    const c1 = createClient({ fetch: missing.fetch, locks: null });
    const e1 = await c1.evaluations.watch('nope').catch((e) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect(e1.status).toBe(404);
    expect(missing.calls).toHaveLength(1);

    const deleted = fakeFetch(() => sse([status({ status: 'processing' }), 'event: deleted\ndata: {"id":"e1"}\n\n']));
    const c2 = createClient({ fetch: deleted.fetch, locks: null });
    const e2 = await c2.evaluations.watch('e1').catch((e) => e);
    expect(e2.status).toBe(404);
    expect(deleted.calls).toHaveLength(1);
  });

  test('aborting stops the watch', async () => {
    const f = fakeFetch(() => sse([status({ status: 'pending' })], { hang: true }));
    const client = createClient({ fetch: f.fetch, locks: null });
    const ctl = new AbortController();
    const p = client.evaluations.watch('e1', { signal: ctl.signal });
    setTimeout(() => ctl.abort(new Error('left the page')), 10);
    await expect(p).rejects.toThrow('left the page');
  });
});

describe('SseParser', () => {
  test('events split across chunks, CRLF and CR line ends, multi-line data, comments and ids', () => {
    const got: SseEvent[] = [];
    const p = new SseParser((e) => got.push(e));
    for (const chunk of [
      'event: sta',
      'tus\r\ndata: {"a":',
      '1}\r',
      '\n\r\n',
      ': ping\n\n',
      'id: 7\ndata: one\ndata: two\n\n',
      'data:x\r\r\n',
    ])
      p.push(chunk);
    expect(got).toEqual([
      { event: 'status', data: '{"a":1}', id: null },
      { event: 'message', data: 'one\ntwo', id: '7' },
      { event: 'message', data: 'x', id: '7' },
    ]);
  });
});
