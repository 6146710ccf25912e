/**
 * The progress stream resumed after a cut (a replica gone, a gateway changed): event ids name the
 * state shown, the same wherever it is read, and a reconnect with `Last-Event-ID` gets the current
 * state at once unless the client already has it — it never misses the newest state nor gets one twice.
 */
import type { AddressInfo } from 'node:net';
import { Events, type Evaluation } from '@corestone/contracts';
import { publishEvent } from '@corestone/service-kit';
import { ESSAY, multipart } from './fixtures';
import { results, startHarness, until, type Harness } from './harness';

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await startHarness('evr');
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
});

interface SseEvent {
  id: string;
  event: string;
  data: { status: string; progress: number };
}

/** Opens the stream (resuming from `lastId` when given) and reads `count` events, then cuts it; or to its end. */
async function readEvents(id: string, headers: Record<string, string>, lastId: string | null, count = Infinity): Promise<SseEvent[]> {
  const abort = new AbortController();
  const res = await fetch(`${base}/evaluation/${id}/events`, {
    headers: { ...headers, ...(lastId ? { 'last-event-id': lastId } : {}) },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  const seen: SseEvent[] = [];
  let buf = '';
  try {
    while (seen.length < count) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let cut;
      while ((cut = buf.indexOf('\n\n')) >= 0 && seen.length < count) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const eventId = /^id: (.*)$/m.exec(block)?.[1];
        if (event && data && eventId) seen.push({ id: eventId, event, data: JSON.parse(data) });
      }
    }
  } finally {
    abort.abort();
  }
  return seen;
}

test('a client reconnecting with Last-Event-ID gets the state that changed meanwhile, once, and the end', async () => {
  const me = await h.user('student');
  const body = multipart(
    { title: 'Resumed', essay_type: 'ee', rubric_id: h.rubrics.ee.id, subject_area: 'History' },
    { name: 'essay.txt', data: `${ESSAY}\nResumed` },
  );
  const up = await h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...me.headers, ...body.headers },
    payload: body.payload,
  });
  expect(up.statusCode).toBe(201);
  const e = up.json<Evaluation>();

  // first connection: the current state, then the cut
  const [first] = await readEvents(e.id, me.headers, null, 1);
  expect(first.data).toMatchObject({ status: 'pending', progress: 0 });
  // the same state read again (as another replica would show it) has the same id
  expect((await readEvents(e.id, me.headers, null, 1))[0].id).toBe(first.id);

  // while the client is away the grading moves on
  await publishEvent(h.bus, Events.gradingProgress, { evaluation_id: e.id, stage: 'reading', percent: 40 });
  await until(
    async () => (await h.app.inject({ url: `/evaluation/${e.id}`, headers: me.headers })).json().progress,
    (p) => p === 40,
  );

  // reconnect with the last id seen: the state it missed comes first, not the one it had
  const [resumed] = await readEvents(e.id, me.headers, first.id, 1);
  expect(resumed.data).toMatchObject({ status: 'processing', progress: 40 });
  expect(resumed.id).not.toBe(first.id);

  // reconnect with the newest id: nothing is repeated; the completion comes and ends the stream
  const rest = readEvents(e.id, me.headers, resumed.id);
  await publishEvent(h.bus, Events.gradingCompleted, {
    evaluation_id: e.id,
    results: results(25, 34),
    grader: 'builtin',
    processing_ms: 900,
  });
  const after = await rest;
  expect(after.map((s) => `${s.data.status}:${s.data.progress}`)).toEqual(['completed:100']);
});
