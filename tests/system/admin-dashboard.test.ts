/**
 * Issue 7 through the gateway with every service running: the admin dashboard (figures from real
 * data, the real rubric service answering rubric.counts, CSV exports), the admin review rules and
 * role matrix, deletion by a super admin, the rubric titles and a super admin choosing a type's
 * default, and a 20,000-page PDF refused quickly.
 */
import { MAX_UPLOAD_BYTES } from '@corestone/contracts';
import { makeManyPagePdf } from '@corestone/documents/testing';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { setupSuperAdmin, submitGradedEssay } from '../support/api-setup';

let p: TestPlatform;
let superToken: string;
let adminToken: string;
let student: { id: string; token: string };
let eeRubric: { id: string };
let graded: { id: string; title: string };
const today = new Date().toISOString().slice(0, 10);

async function login(email: string, password: string): Promise<string> {
  return (await p.api.call('POST', '/auth/login', { json: { username: email, password } })).body.access_token;
}

beforeAll(async () => {
  p = await startTestPlatform();
  superToken = await setupSuperAdmin(p, { name: 'Sue Super', email: uniqueEmail('super'), password: 'super-secret-1' });
  const adminEmail = uniqueEmail('admin');
  const created = await p.api.call('POST', '/users/admin/create-user', {
    token: superToken,
    json: { first_name: 'Ada', last_name: 'Admin', email: adminEmail, password: 'admin-secret-1', user_type: 'admin' },
  });
  expect(created.status).toBeLessThan(300);
  adminToken = await login(adminEmail, 'admin-secret-1');
  const signup = (await p.api.signup(uniqueEmail('dash'))).body;
  student = { id: signup.user.id, token: signup.access_token };
  ({ rubric: eeRubric, graded } = await submitGradedEssay(p, student.token));
});
afterAll(async () => {
  await p?.shutdown();
});

const GETS = [
  '/dashboard/stats',
  '/dashboard/summary',
  '/dashboard/performance-metrics?days=7',
  '/dashboard/recent-activity',
  '/dashboard/analytics/performance',
  '/dashboard/analytics/trends',
  '/dashboard/analytics/users',
  '/dashboard/analytics/rubrics',
  '/dashboard/analytics/comprehensive-report',
  '/dashboard/analytics/export/trends',
];

it('dashboard routes: admins only, figures from the real data and the rubric service', async () => {
  for (const url of GETS) {
    const res = await p.api.call('GET', url, { token: student.token });
    expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 403, code: expect.any(String) });
    expect((await p.api.call('GET', url)).status).toBe(401);
    expect({ url, status: (await p.api.call('GET', url, { token: adminToken })).status }).toEqual({ url, status: 200 });
  }
  const stats = (await p.api.call('GET', '/dashboard/stats', { token: adminToken })).body;
  const active = (await p.api.call('GET', '/rubrics?status=active', { token: superToken })).body;
  expect(stats.active_rubrics).toBe(active.length);
  expect(stats).toMatchObject({ total_submissions: 1, completed: 1, failed: 0, success_rate: 100 });
  expect(stats.average_score).toBeCloseTo((graded as unknown as { results: { percentage: number } }).results.percentage, 0);
  // users figures come from the users service's events
  await waitFor('the users read model', async () => {
    const s = (await p.api.call('GET', '/dashboard/stats', { token: adminToken })).body;
    return s.users_by_role.student >= 1 && s.users_by_role.super_admin === 1 && s.users_by_role.admin === 1;
  });

  const recent = (await p.api.call('GET', '/dashboard/recent-activity', { token: adminToken })).body;
  expect(recent.activities.map((a: { kind: string; evaluation_id: string }) => `${a.kind}:${a.evaluation_id}`)).toEqual([
    `completed:${graded.id}`,
    `submitted:${graded.id}`,
  ]);
  const trends = (await p.api.call('GET', '/dashboard/analytics/trends', { token: adminToken })).body;
  expect(trends.submissions_per_day).toHaveLength(30);
  expect(trends.by_type[29]).toEqual({ date: today, ee: 1, tok: 0 });
  const rubrics = (await p.api.call('GET', '/dashboard/analytics/rubrics', { token: adminToken })).body;
  expect(rubrics.rubrics).toEqual([expect.objectContaining({ rubric_id: eeRubric.id, submissions: 1 })]);

  // links figures are the links service's (rpc.links.click_summary): a real click shows up
  const link = (await p.api.call('GET', '/external_links/public')).body.links[0];
  expect((await p.api.call('POST', `/external_links/${link.id}/click`, { json: { user_agent: 'system test' } })).status).toBeLessThan(300);
  const links = await waitFor('the click in the dashboard', async () => {
    const res = await p.api.call('GET', '/dashboard/analytics/links?days=7', { token: adminToken });
    expect(res.status).toBe(200);
    return res.body.links.some((l: { link_id: string; clicks: number }) => l.link_id === link.id && l.clicks >= 1) && res.body;
  });
  expect(links.clicks_per_day).toHaveLength(7);
  expect(links.clicks_per_day[6]).toMatchObject({ date: today, count: expect.any(Number) });
  expect(links.clicks_per_day[6].count).toBeGreaterThanOrEqual(1);
  const report = (await p.api.call('GET', '/dashboard/analytics/comprehensive-report', { token: adminToken })).body;
  expect(report.unavailable).toEqual([]);
  expect(report.links.links.find((l: { link_id: string }) => l.link_id === link.id).clicks).toBeGreaterThanOrEqual(1);
});

it('POST /dashboard/export: super admin only, submissions_export_{date}.csv', async () => {
  expect((await p.api.call('POST', '/dashboard/export', { token: adminToken, json: {} })).status).toBe(403);
  const res = await p.api.call('POST', '/dashboard/export', { token: superToken, json: { format: 'csv', include_ai_feedback: true } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="submissions_export_${today}.csv"`);
  const lines = (res.body as string).trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1].startsWith(`${graded.id},Influenza and policy,essay.txt,Test Student,`)).toBe(true);
  expect(lines[0].endsWith(',ai_feedback,admin_notes')).toBe(true);
});

it('admin review: list super admin only, detail and decisions admin and super admin, reject needs notes', async () => {
  expect((await p.api.call('GET', '/evaluation/admin/all', { token: adminToken })).status).toBe(403);
  const all = (await p.api.call('GET', '/evaluation/admin/all?limit=10', { token: superToken })).body;
  expect(all).toMatchObject({ total: 1, evaluations: [expect.objectContaining({ id: graded.id })] });
  expect((await p.api.call('GET', `/evaluation/${graded.id}`, { token: adminToken })).status).toBe(200);

  const notes = new FormData();
  notes.append('admin_notes', '   ');
  const blank = await p.api.call('POST', `/evaluation/admin/${graded.id}/reject`, { token: adminToken, form: notes });
  expect([blank.status, blank.body.detail]).toEqual([400, 'Admin notes are required to reject an evaluation']);
  const approve = await p.api.call('POST', `/evaluation/admin/${graded.id}/approve`, { token: adminToken, form: new FormData() });
  expect([approve.status, approve.body.approval_status]).toEqual([200, 'approved']);
  const decisions = (await p.api.call('GET', '/dashboard/recent-activity?limit=1', { token: adminToken })).body;
  expect(decisions.activities[0]).toMatchObject({ kind: 'approved', evaluation_id: graded.id });
});

it('the seeded rubrics carry the titles of the issue; a super admin chooses the default of a type', async () => {
  const titles = (await p.api.call('GET', '/rubrics/active', { token: student.token })).body.map((r: { title: string }) => r.title);
  expect([...new Set(titles)].sort()).toEqual(
    [
      'Extended Essay — Corestone default (34 points)',
      'Extended Essay — IB criteria from 2027 (30 marks)',
      'Theory of Knowledge essay — IB holistic (10 marks)',
      'TOK — Corestone default (10 points)',
      'Generic (30 points)',
    ].sort(),
  );
  const ee = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: student.token })).body;
  expect(ee[0].title).toBe('Extended Essay — Corestone default (34 points)');
  const ib = ee.find((r: { title: string }) => r.title.includes('2027'));
  expect((await p.api.call('POST', `/rubrics/${ib.id}/make-default`, { token: adminToken })).status).toBe(403);
  expect((await p.api.call('POST', `/rubrics/${ib.id}/make-default`, { token: superToken })).status).toBe(200);
  const after = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: student.token })).body;
  expect(after[0]).toMatchObject({ id: ib.id, is_default: true, scoring_structure: { total_points: 30 } });
  expect((await p.api.call('POST', `/rubrics/${ee[0].id}/make-default`, { token: superToken })).status).toBe(200);
});

it('refuses a PDF of 20,000 empty pages in seconds, nothing charged or stored', async () => {
  const form = new FormData();
  form.append('title', 'Page bomb');
  form.append('essay_type', 'ee');
  form.append('rubric_id', eeRubric.id);
  form.append('file', new Blob([new Uint8Array(makeManyPagePdf(20_000))]), 'bomb.pdf');
  const t0 = Date.now();
  const res = await p.api.call('POST', '/evaluation/evaluate-async', { token: student.token, form });
  const ms = Date.now() - t0;
  expect([res.status, res.body.code]).toEqual([422, 'FILE_REFUSED']);
  expect(res.body.detail).toContain('20000 pages');
  expect(ms).toBeLessThan(15_000); // a give-up bound on a shared 2-core machine; measured figures are in the report
  const mine = (await p.api.call('GET', '/evaluation/my-evaluations', { token: student.token })).body;
  expect(mine.total).toBe(1);
});

it('an essay file over 20 MB is 413 {detail, code} through the gateway, nothing stored', async () => {
  const form = new FormData();
  form.append('title', 'Too big');
  form.append('essay_type', 'ee');
  form.append('rubric_id', eeRubric.id);
  form.append('file', new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(97)]), 'big.txt');
  const res = await p.api.call('POST', '/evaluation/evaluate-async', { token: student.token, form });
  expect([res.status, res.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  expect(res.body.detail).toEqual(expect.any(String));
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token: student.token })).body.total).toBe(1);
});

it('the live status stream takes the bearer header, never a token in the URL', async () => {
  const viaQuery = await p.api.call('GET', `/evaluation/${graded.id}/events?access_token=${student.token}`);
  expect([400, 401]).toContain(viaQuery.status);
  const res = await fetch(`${p.api.base}/evaluation/${graded.id}/events`, { headers: { authorization: `Bearer ${student.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const first = await res.body!.getReader().read();
  expect(new TextDecoder().decode(first.value)).toContain('"status":"completed"');
  await res.body!.cancel().catch(() => undefined);
});

it('a super admin deletes any evaluation with its results; an admin may not', async () => {
  expect((await p.api.call('DELETE', `/evaluation/${graded.id}`, { token: adminToken })).status).toBe(403);
  const del = await p.api.call('DELETE', `/evaluation/${graded.id}`, { token: superToken });
  expect([del.status, del.body.success]).toEqual([200, true]);
  expect((await p.api.call('GET', `/evaluation/${graded.id}`, { token: student.token })).status).toBe(404);
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token: student.token })).body).toEqual({ evaluations: [], total: 0 });
  expect((await p.api.call('GET', `/evaluation/${graded.id}/download-pdf`, { token: superToken })).status).toBe(404);
});
