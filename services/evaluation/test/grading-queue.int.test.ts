/**
 * Issue 33 §1 on evaluation's side (real Postgres and NATS): the grading job names the submitter's
 * school (grading queues fairly by it), and a `queued` progress event keeps the evaluation pending
 * while its place reaches the SSE status stream.
 */
jest.setTimeout(120_000); // a start-up on a busy shared machine can outlast the default

import type { AddressInfo } from 'node:net';
import { Events, type Evaluation } from '@corestone/contracts';
import { publishEvent } from '@corestone/service-kit';
import { ESSAY } from './fixtures';
import { startHarness, until, type Harness } from './harness';

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await startHarness('evq');
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

async function submit(headers: Headers, title: string): Promise<Evaluation> {
  const res = await h.submitEssay(
    headers,
    { title, essay_type: 'ee', rubric_id: h.rubrics.ee.id, subject_area: 'History' },
    { name: 'essay.txt', data: `${ESSAY}\n${title}`, contentType: 'text/plain' },
  );
  expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
  return res.json();
}

const jobOf = async (id: string) => {
  const jobs = await until(
    async () =>
      (await h.streamEvents<{ evaluation_id: string; school_id?: string | null }>(Events.evaluationSubmitted.subject)).filter(
        (e) => e.data.evaluation_id === id,
      ),
    (list) => list.length > 0,
  );
  return jobs[0].data;
};

/** A student whose users view names a school membership (as users keeps it from schools' events). */
async function memberOf(school: string, status: 'active' | 'pending' | 'deactivated') {
  const me = await h.user('student');
  h.users.get(me.id)!.school = { id: school, name: 'Harbour School', role: 'student', status };
  return me;
}

/** The first `status` event of the evaluation's SSE stream; the stream is then closed. */
async function firstStatus(id: string, headers: Headers): Promise<Record<string, unknown>> {
  const ctl = new AbortController();
  const res = await fetch(`${base}/evaluation/${id}/events`, { headers, signal: ctl.signal });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended without a status event');
      buf += dec.decode(value, { stream: true });
      const data = /event: status\ndata: (.*)\n\n/.exec(buf)?.[1];
      if (data) return JSON.parse(data);
    }
  } finally {
    ctl.abort();
  }
}

describe("the grading job names the submitter's school", () => {
  it('an active member: the school; a pending or deactivated member and an individual: null', async () => {
    const active = await memberOf('school-harbour', 'active');
    const pending = await memberOf('school-harbour', 'pending');
    const gone = await memberOf('school-harbour', 'deactivated');
    const alone = await h.user('student');
    const ids: Evaluation[] = [];
    for (const [i, u] of [active, pending, gone, alone].entries()) ids.push(await submit(u.headers, `Essay ${i}`));
    expect((await jobOf(ids[0].id)).school_id).toBe('school-harbour');
    for (const e of ids.slice(1)) expect((await jobOf(e.id)).school_id).toBeNull();
  });
});

describe('an essay waiting for its turn at the model', () => {
  it('stays pending with its place in the status stream; its first stage clears the place', async () => {
    const me = await memberOf('school-harbour', 'active');
    const e = await submit(me.headers, 'Queued essay');
    const place = { ahead: 120, estimated_start_at: new Date(Date.now() + 240_000).toISOString() };
    await publishEvent(h.bus, Events.gradingProgress, { evaluation_id: e.id, stage: 'queued', percent: 5, queue: place });
    const queued = await until(
      () => firstStatus(e.id, me.headers),
      (s) => s.queue !== null,
    );
    expect(queued).toMatchObject({ status: 'pending', progress: 5, stage: 'File Processing', worker_stage: 'queued', queue: place });

    // a later place replaces it
    const later = { ahead: 40, estimated_start_at: new Date(Date.now() + 80_000).toISOString() };
    await publishEvent(h.bus, Events.gradingProgress, { evaluation_id: e.id, stage: 'queued', percent: 5, queue: later });
    await until(
      () => firstStatus(e.id, me.headers),
      (s) => (s.queue as { ahead?: number } | null)?.ahead === 40,
    );

    await publishEvent(h.bus, Events.gradingProgress, { evaluation_id: e.id, stage: 'analysing_text', percent: 40 });
    const started = await until(
      () => firstStatus(e.id, me.headers),
      (s) => s.status === 'processing',
    );
    expect(started).toMatchObject({ progress: 40, stage: 'Content Analysis', queue: null });
  });
});
