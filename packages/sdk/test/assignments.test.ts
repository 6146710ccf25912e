import { createClient, isSchoolStaff, normalizeUser } from '../src';
import { fakeFetch, future, json, type Call } from './helpers';

describe('issue 31: assignments, review, release, growth and agreement calls', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('access_token', future());
  });

  test('paths, methods and bodies', async () => {
    const f = fakeFetch(() => json(200, {}));
    const client = createClient({ fetch: f.fetch, locks: null });
    const a = client.assignments;
    await a.ofClass('c 1');
    await a.create('c1', {
      title: 'EE draft',
      essay_type: 'ee',
      rubric_id: 'r1',
      due_at: '2027-01-10T17:00:00.000Z',
      release_mode: 'after_review',
    });
    await a.update('a1', { archived: true });
    await a.mine();
    await a.submissions('a1');
    await a.gradebook('c1');
    await a.review('e1', {
      criteria: [{ criterion_id: 'A', score: 4 }],
      comment: 'Good',
      passage_comments: [{ start: 0, end: 5, text: 'Clear' }],
    });
    await a.release('e1');
    await a.releaseReviewed('a1');
    await a.growth('e1');
    await a.agreement('s1', { rubric_id: 'r1' });
    await a.platformAgreement();
    const got = f.calls.map((c: Call) => [c.method, c.url]);
    expect(got).toEqual([
      ['GET', '/api/v1/classes/c%201/assignments'],
      ['POST', '/api/v1/classes/c1/assignments'],
      ['PATCH', '/api/v1/assignments/a1'],
      ['GET', '/api/v1/assignments/mine'],
      ['GET', '/api/v1/assignments/a1/submissions'],
      ['GET', '/api/v1/classes/c1/gradebook'],
      ['PUT', '/api/v1/evaluation/e1/review'],
      ['POST', '/api/v1/evaluation/e1/release'],
      ['POST', '/api/v1/assignments/a1/release-reviewed'],
      ['GET', '/api/v1/evaluation/e1/growth'],
      ['GET', '/api/v1/schools/s1/agreement?rubric_id=r1'],
      ['GET', '/api/v1/evaluation/admin/agreement'],
    ]);
    expect(f.calls[1]!.body).toMatchObject({ release_mode: 'after_review', due_at: '2027-01-10T17:00:00.000Z' });
    expect(f.calls[6]!.body).toEqual({
      criteria: [{ criterion_id: 'A', score: 4 }],
      comment: 'Good',
      passage_comments: [{ start: 0, end: 5, text: 'Clear' }],
    });
  });

  test('a submission into an assignment sends assignment_id in the multipart form', async () => {
    const f = fakeFetch(() => json(201, { id: 'e1', status: 'pending' }));
    const client = createClient({ fetch: f.fetch, locks: null });
    await client.evaluations.submit({ file: new Blob(['x']), title: 'T', essay_type: 'ee', rubric_id: 'r1', assignment_id: 'a1' });
    expect((f.calls[0]!.body as FormData).get('assignment_id')).toBe('a1');
  });

  test('school staff: active teachers and school admins only; mail choices are read from the user', () => {
    expect(isSchoolStaff({ school: { id: 's', name: null, role: 'teacher', status: 'active' } })).toBe(true);
    expect(isSchoolStaff({ school: { id: 's', name: null, role: 'school_admin', status: 'active' } })).toBe(true);
    expect(isSchoolStaff({ school: { id: 's', name: null, role: 'student', status: 'active' } })).toBe(false);
    expect(isSchoolStaff({ school: { id: 's', name: null, role: 'teacher', status: 'pending' } })).toBe(false);
    expect(isSchoolStaff({ school: null })).toBe(false);
    const n = { assignment_opened: false, assignment_due_soon: true, result_released: true };
    expect(normalizeUser({ id: 'u', email: 'a@b.c', email_notifications: n })!.email_notifications).toEqual(n);
    expect(normalizeUser({ id: 'u', email: 'a@b.c' })!.email_notifications).toBeUndefined();
  });
});
