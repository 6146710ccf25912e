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
  LOCAL_GRADE_RULE,
  withLocalPathGrade,
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
  it("uses the server's result (one call to POST /evaluation/admin/assess) when it comes in time", async () => {
    const results = { ...localFallbackResults(TEXT, 'ee'), grader: 'openai', overallGrade: 'A' };
    const { client: c, calls } = client((call) => {
      const p = pathOf(call);
      if (p === '/rubrics/active') return res(200, [rubric]);
      if (p === '/evaluation/admin/assess')
        return res(200, { results, grader: 'openai', own_key: true, processing_ms: 900, word_count: 11 });
      return res(404, { detail: 'no', code: 'NOT_FOUND' });
    });
    const sub = createLocal(user, { type: 'ee', text: TEXT, subject: 'History', researchQuestion: 'Why?' });
    const done = await assessLocal(c, sub);
    // the server said A (its rubric's boundaries); the local path grades the AI percentage itself:
    // 24/34 = 70.6 % → B Good (admin §4: 85/70/55/40)
    expect(done).toMatchObject({
      status: 'completed',
      source: 'server',
      ownKey: true,
      results: { overallGrade: 'B', overallBand: 'Good', totalPoints: 24, maxPoints: 34, grader: 'openai' },
    });
    expect(calls.map(pathOf)).toEqual(['/rubrics/active', '/evaluation/admin/assess']);
    const assess = calls.find((x) => pathOf(x) === '/evaluation/admin/assess')!;
    expect(assess.method).toBe('POST');
    expect(assess.body).toEqual({
      essay_type: 'ee',
      essay_content: TEXT,
      rubric_id: 'rb1',
      title: 'Why?',
      subject_area: 'History',
      research_question: 'Why?',
    });
    expect(listLocal('u1')[0]).toMatchObject({ status: 'completed', source: 'server', ownKey: true });
  });

  it('sends a TOK essay with its prescribed title, and no title field it does not have', async () => {
    const results = { ...localFallbackResults('short text', 'tok'), grader: 'builtin' };
    const { client: c, calls } = client((call) =>
      pathOf(call) === '/rubrics/active'
        ? res(200, [{ ...rubric, rubric_type: 'tok' }])
        : res(200, { results, grader: 'builtin', own_key: false, processing_ms: 5, word_count: 2 }),
    );
    const done = await assessLocal(c, createLocal(user, { type: 'tok', text: 'short text', subject: '', prescribedTitle: 'Title 3' }));
    expect(done).toMatchObject({ source: 'server', ownKey: false });
    expect(calls[1]!.body).toEqual({
      essay_type: 'tok',
      essay_content: 'short text',
      rubric_id: 'rb1',
      title: 'Title 3',
      prescribed_title: 'Title 3',
    });
  });

  it('grades the AI result by its percentage, points/max, at 85/70/55/40 (admin §4), whatever grade the server gave', () => {
    const base = { ...localFallbackResults(TEXT, 'ee'), overallGrade: 'C', overallBand: 'Satisfactory' };
    const at = (totalPoints: number, maxPoints: number) => withLocalPathGrade({ ...base, totalPoints, maxPoints });
    expect([at(29, 34), at(28, 34), at(24, 34), at(19, 34), at(14, 34), at(13, 34)].map((r) => [r.overallGrade, r.overallBand])).toEqual([
      ['A', 'Excellent'], // 85.3 %
      ['B', 'Good'], // 82.4 %
      ['B', 'Good'], // 70.6 %
      ['C', 'Satisfactory'], // 55.9 %
      ['D', 'Mediocre'], // 41.2 %
      ['E', 'Not Achieved'], // 38.2 %
    ]);
    expect(at(17, 20).overallGrade).toBe('A'); // exactly 85 %
    expect(withLocalPathGrade({ ...base, totalPoints: 0, maxPoints: 0, percentage: 72 }).overallGrade).toBe('B');
    expect(LOCAL_GRADE_RULE(24, 34)).toBe('Grade from 70.6% of the points: A from 85%, B from 70%, C from 55%, D from 40%, else E.');
  });

  it('falls back to the spec local scoring when the server fails, and still completes', async () => {
    const { client: c } = client((call) =>
      pathOf(call) === '/rubrics/active'
        ? res(200, [rubric])
        : res(503, { detail: 'grading service unavailable: TIMEOUT', code: 'SERVICE_UNAVAILABLE' }),
    );
    const done = await assessLocal(c, createLocal(user, { type: 'ee', text: TEXT, subject: '' }));
    expect(done.status).toBe('completed');
    expect(done.source).toBe('fallback');
    expect(done.fallbackReason).toBe('No assessment response received'); // a 5xx is told in plain words, not the server's detail
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
