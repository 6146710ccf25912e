import { createClient, filenameFrom } from '../src';
import { fakeFetch, future, json, type Call } from './helpers';

function fileResponse(text: string, disposition: string | null): Response {
  return {
    ok: true,
    status: 200,
    headers: {
      get: (k: string) =>
        k.toLowerCase() === 'content-disposition' ? disposition : k.toLowerCase() === 'content-type' ? 'text/csv' : null,
    },
    blob: async () => new Blob([text], { type: 'text/csv' }),
  } as unknown as Response;
}

const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsText(blob);
  });

describe('service modules: paths, methods and bodies of spec admin §7', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('access_token', future());
  });

  test('admin review: list with filters, approve with optional notes, reject with notes (multipart), result edit as JSON', async () => {
    const f = fakeFetch(() => json(200, { evaluations: [], total: 0 }));
    const client = createClient({ fetch: f.fetch, locks: null });
    await client.admin.submissions({ status: 'completed', essay_type: 'ee', search_query: 'ada', limit: 50 });
    await client.admin.approve('e1');
    await client.admin.reject('e1', 'Needs citations');
    await client.admin.updateSubmission('e1', { overall_score: 20, admin_notes: 'ok' });
    const [list, approve, reject, put] = f.calls as [Call, Call, Call, Call];
    expect(list.url).toBe('/api/v1/evaluation/admin/all?status=completed&essay_type=ee&search_query=ada&limit=50');
    expect([approve.method, approve.url]).toEqual(['POST', '/api/v1/evaluation/admin/e1/approve']);
    expect([...(approve.body as FormData).keys()]).toEqual([]);
    expect((reject.body as FormData).get('admin_notes')).toBe('Needs citations');
    expect([put.method, put.url, put.body]).toEqual(['PUT', '/api/v1/evaluation/admin/e1', { overall_score: 20, admin_notes: 'ok' }]);
  });

  test('admin quick assessment: POST /evaluation/admin/assess with the text as JSON', async () => {
    const f = fakeFetch(() => json(200, { results: {}, grader: 'builtin', own_key: false, processing_ms: 5, word_count: 2 }));
    const client = createClient({ fetch: f.fetch, locks: null });
    const answer = await client.admin.assess({ essay_type: 'tok', essay_content: 'Two words', rubric_id: 'r1', prescribed_title: 'T' });
    expect(answer).toMatchObject({ grader: 'builtin', own_key: false });
    const [call] = f.calls as [Call];
    expect([call.method, call.url, call.body]).toEqual([
      'POST',
      '/api/v1/evaluation/admin/assess',
      { essay_type: 'tok', essay_content: 'Two words', rubric_id: 'r1', prescribed_title: 'T' },
    ]);
  });

  test('dashboard: every analytics path of spec admin §7 with its days/limit', async () => {
    const f = fakeFetch(() => json(200, {}));
    const client = createClient({ fetch: f.fetch, locks: null });
    await client.admin.stats();
    await client.admin.summary();
    await client.admin.performanceMetrics(7);
    await client.admin.recentActivity();
    await client.admin.performance(30);
    await client.admin.trends();
    await client.admin.userAnalytics(14);
    await client.admin.rubricAnalytics();
    await client.admin.linkAnalytics(5);
    await client.admin.comprehensiveReport(90);
    expect(f.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/dashboard/stats',
      'GET /api/v1/dashboard/summary',
      'GET /api/v1/dashboard/performance-metrics?days=7',
      'GET /api/v1/dashboard/recent-activity',
      'GET /api/v1/dashboard/analytics/performance?days=30',
      'GET /api/v1/dashboard/analytics/trends',
      'GET /api/v1/dashboard/analytics/users?days=14',
      'GET /api/v1/dashboard/analytics/rubrics',
      'GET /api/v1/dashboard/analytics/links?days=5',
      'GET /api/v1/dashboard/analytics/comprehensive-report?days=90',
    ]);
  });

  test('users admin: search, create, status, credits, role', async () => {
    const f = fakeFetch(() => json(200, { success: true, users: [], total: 0 }));
    const client = createClient({ fetch: f.fetch, locks: null });
    await client.users.list({ search: 'lee' });
    await client.users.create({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      password: 'Xy1!Xy1!Xy1!',
      user_type: 'teacher',
      essay_credits: 1,
      max_essay_credits: 1,
    });
    await client.users.setActive('u 1', false);
    await client.users.setCredits('u1', 3, 5);
    await client.users.setRole('u1', 'admin');
    expect(f.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/users/users?search=lee',
      'POST /api/v1/users/admin/create-user',
      'PUT /api/v1/users/admin/users/u%201/status',
      'PUT /api/v1/users/admin/users/u1/credits',
      'PUT /api/v1/users/admin/users/u1/role',
    ]);
    expect(f.calls.slice(2).map((c) => c.body)).toEqual([
      { is_active: false },
      { essay_credits: 3, max_essay_credits: 5 },
      { new_role: 'admin' },
    ]);
  });

  test('links and content: public calls go without a token; updates carry it', async () => {
    const f = fakeFetch(() => json(200, { links: [], total: 0 }));
    const client = createClient({ fetch: f.fetch, locks: null });
    await client.links.public();
    await client.links.click('l1', 'UA');
    await client.links.bulkUpdate(['l1', 'l2'], { is_active: false });
    await client.content.updatePolicy('privacy', { content: '# Privacy', status: 'draft' });
    const [pub, click, bulk, put] = f.calls as [Call, Call, Call, Call];
    expect(pub.headers.Authorization).toBeUndefined();
    expect([click.url, click.body, click.headers.Authorization]).toEqual([
      '/api/v1/external_links/l1/click',
      { user_agent: 'UA' },
      undefined,
    ]);
    expect(bulk.body).toEqual({ link_ids: ['l1', 'l2'], update_data: { is_active: false } });
    expect([put.method, put.url, put.headers.Authorization]).toEqual(['PUT', '/api/v1/general/privacy', expect.stringMatching(/^Bearer /)]);
  });

  test('links management: filters, summary days and popular limit go in the query', async () => {
    const f = fakeFetch(() => json(200, { links: [], total: 0 }));
    const client = createClient({ fetch: f.fetch, locks: null });
    await client.links.list({ category: 'youtube', is_featured: true });
    await client.links.summary(7);
    await client.links.popular();
    expect(f.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/external_links/?category=youtube&is_featured=true',
      'GET /api/v1/external_links/analytics/summary?days=7',
      'GET /api/v1/external_links/popular?limit=10',
    ]);
  });

  test('downloads keep the server file name', async () => {
    const f = fakeFetch(() => fileResponse('id,title\n', 'attachment; filename="submissions_export_2026-11-23.csv"'));
    const client = createClient({ fetch: f.fetch, locks: null });
    const file = await client.admin.exportSubmissions({ include_ai_feedback: true });
    expect(file.filename).toBe('submissions_export_2026-11-23.csv');
    expect(await readText(file.blob)).toBe('id,title\n');
    expect(f.calls[0]!.body).toEqual({ format: 'csv', include_ai_feedback: true });
    expect(filenameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf');
    expect(filenameFrom('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFrom(null)).toBeNull();
  });
});
