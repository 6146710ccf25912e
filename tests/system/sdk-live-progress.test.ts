/**
 * The browser SDK against the real platform: an essay submitted through `evaluations.submit` is
 * followed live through the gateway's event stream (`GET /evaluation/{id}/events`, bearer header,
 * no token in the URL) until it is graded — no polling when the stream works.
 */
import { createClient, type EvaluationProgress } from '@corestone/sdk';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';
import { EE_ESSAY } from '../fixtures/essays';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.shutdown();
});

/** localStorage stand-in for Node. */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

it('follows a submission over the event stream to its graded result', async () => {
  const calls: { url: string; auth: string | null; accept: string | null }[] = [];
  const client = createClient({
    baseUrl: `${p.gatewayUrl}/api/v1`,
    storage: new MemoryStorage(),
    locks: null,
    eventTarget: null,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: String(input), auth: headers.get('authorization'), accept: headers.get('accept') });
      return fetch(input, init);
    },
  });
  await client.auth.signup({
    email: uniqueEmail('live'),
    password: 'correct-horse-9',
    first_name: 'Lia',
    last_name: 'Live',
    user_type: 'student',
  });
  const [rubric] = await client.rubrics.active('ee');
  const file = new File([EE_ESSAY], 'essay.txt', { type: 'text/plain' });
  const submitted = await client.evaluations.submit({
    file,
    title: 'Live essay',
    essay_type: 'ee',
    rubric_id: rubric!.id,
    subject_area: 'History',
  });

  const seen: EvaluationProgress[] = [];
  calls.length = 0;
  const done = await client.evaluations.watch(submitted.id, { onProgress: (e) => seen.push(e) });

  expect(done.status).toBe('completed');
  expect(done.results?.criteria.length).toBe(rubric!.scoring_structure.criteria.length);
  expect(seen.at(-1)).toMatchObject({ id: submitted.id, status: 'completed', progress: 100 });
  // one stream, then one read of the whole result: the polling fallback was not needed
  expect(calls.map((c) => c.url.replace(p.gatewayUrl, ''))).toEqual([
    `/api/v1/evaluation/${submitted.id}/events`,
    `/api/v1/evaluation/${submitted.id}`,
  ]);
  expect(calls[0]!.accept).toBe('text/event-stream');
  expect(calls[0]!.auth).toMatch(/^Bearer /);
  expect(calls[0]!.url).not.toMatch(/token/i);
});
