import { createClient } from '@corestone/sdk';
import { localFallbackResults } from '@corestone/contracts/local-assessment';
import {
  assessLocal,
  createLocal,
  deleteLocal,
  listLocal,
  NOT_AUTHENTICATED,
  PROFILES_KEY,
  submissionsKey,
  TIMEOUT_MESSAGE,
} from '../src/lib/localAssessment';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

const user = { id: 'u1', name: 'Grace Hopper', email: 'grace@school.org' };
const TEXT = 'Introduction\nThis essay (with a citation) argues a point.\n\nConclusion\nDone.';
const rubric = { id: 'rb1', title: 'EE', rubric_type: 'ee', scoring_structure: { total_points: 34, criteria: [] } };
const pathOf = (c: Call) => c.url.replace(/^.*\/api\/v1/, '').split('?')[0]!;

function client(handler: (c: Call) => Response | Promise<Response>) {
  const f = fakeFetch(handler as (c: Call) => Response);
  return { ...f, client: createClient({ fetch: f.fetch, locks: null, eventTarget: null }) };
}

beforeEach(() => localStorage.clear());

describe('local submissions', () => {
  it('are created processing with the spec fields, per user, with the owner in the profiles list', () => {
    const sub = createLocal(
      user,
      { type: 'tok', text: TEXT, subject: 'TOK', prescribedTitle: 'Title 3' },
      localStorage,
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(sub).toMatchObject({
      id: `sub_${Date.parse('2026-03-01T10:00:00Z')}`,
      user_id: 'u1',
      type: 'tok',
      fileName: 'TOK Essay Analysis',
      fileSize: TEXT.length,
      metadata: { subject: 'TOK', prescribedTitle: 'Title 3' },
      status: 'processing',
      extractedWordCount: 11,
      submittedAt: '2026-03-01T10:00:00.000Z',
      processing_started_at: '2026-03-01T10:00:00.000Z',
    });
    expect(JSON.parse(localStorage.getItem(submissionsKey('u1'))!)).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(PROFILES_KEY)!)).toEqual([{ id: 'u1', full_name: 'Grace Hopper', email: 'grace@school.org' }]);
    expect(listLocal('someone-else')).toEqual([]);
  });

  it("need a signed-in user to create or delete: 'User not authenticated'", () => {
    expect(() => createLocal(null, { type: 'ee', text: TEXT, subject: '' })).toThrow(NOT_AUTHENTICATED);
    expect(() => deleteLocal(null, 'x')).toThrow(NOT_AUTHENTICATED);
    const sub = createLocal(user, { type: 'ee', text: TEXT, subject: '' });
    deleteLocal(user, sub.id);
    expect(listLocal('u1')).toEqual([]);
  });
});

describe('assessment', () => {
  it("uses the server's completed result when it comes in time", async () => {
    const results = { ...localFallbackResults(TEXT, 'ee'), grader: 'builtin', overallGrade: 'A' };
    const { client: c, calls } = client((call) => {
      const p = pathOf(call);
      if (p === '/rubrics/active') return res(200, [rubric]);
      if (p === '/evaluation/evaluate') return res(201, { id: 'e9', status: 'completed', results });
      return res(404, { detail: 'no', code: 'NOT_FOUND' });
    });
    const sub = createLocal(user, { type: 'ee', text: TEXT, subject: 'History', researchQuestion: 'Why?' });
    const done = await assessLocal(c, sub);
    expect(done).toMatchObject({ status: 'completed', source: 'server', evaluation_id: 'e9', results: { overallGrade: 'A' } });
    const form = calls.find((x) => pathOf(x) === '/evaluation/evaluate')!.body as FormData;
    expect(form.get('essay_content')).toBe(TEXT);
    expect(form.get('title')).toBe('Why?');
    expect(listLocal('u1')[0]).toMatchObject({ status: 'completed', source: 'server' });
  });

  it('falls back to the spec local scoring when the server refuses, and still completes', async () => {
    const { client: c } = client((call) =>
      pathOf(call) === '/rubrics/active'
        ? res(200, [rubric])
        : res(403, { detail: 'Only students and teachers can submit essays for grading', code: 'FORBIDDEN' }),
    );
    const done = await assessLocal(c, createLocal(user, { type: 'ee', text: TEXT, subject: '' }));
    expect(done.status).toBe('completed');
    expect(done.source).toBe('fallback');
    expect(done.fallbackReason).toBe('Only students and teachers can submit essays for grading');
    // words < 3000 → base 3; 'introduction' +1; parentheses +1 → 5: EE total 4×5+4 = 24 of 34, grade A
    expect(done.results).toMatchObject({ totalPoints: 24, maxPoints: 34, overallGrade: 'A', grader: 'spec-local' });
  });

  it("falls back with 'AI assessment timeout' when the server takes longer than the limit", async () => {
    const { client: c } = client(() => new Promise<Response>(() => undefined));
    const done = await assessLocal(c, createLocal(user, { type: 'tok', text: 'short text', subject: '' }), { timeoutMs: 50 });
    expect(done).toMatchObject({ status: 'completed', source: 'fallback', fallbackReason: TIMEOUT_MESSAGE });
    // TOK: base 3, nothing else → min(2×3+2, 10) = 8 of 10
    expect(done.results).toMatchObject({ totalPoints: 8, maxPoints: 10 });
  });
});
