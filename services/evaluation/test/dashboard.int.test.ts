import type { Subscription } from '@nats-io/transport-node';
import { Events, Rpc, type Evaluation } from '@corestone/contracts';
import { publishEvent, serveRpc } from '@corestone/service-kit';
import { ESSAY, multipart } from './fixtures';
import { results, startHarness, until, type Harness } from './harness';

/**
 * The admin dashboard (spec admin §7) on its own run: every figure is checked against the exact
 * data this file creates (own schema, own streams), and the rubric and links figures against
 * stand-ins answering the RPCs the dashboard asks.
 */
let h: Harness;
let sup: Record<string, string>;
let adm: Record<string, string>;
let stu: Awaited<ReturnType<Harness['user']>>;
let tea: Awaited<ReturnType<Harness['user']>>;
const peers: Subscription[] = [];
const today = new Date().toISOString().slice(0, 10);
let done: Evaluation;
let failed: Evaluation;
let pending: Evaluation;

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = sup) => h.app.inject({ url, headers });

async function submitted(headers: Headers, o: { title?: string; type?: 'ee' | 'tok' } = {}): Promise<Evaluation> {
  const type = o.type ?? 'ee';
  const body = multipart(
    { title: o.title ?? 'Dashboard essay', essay_type: type, rubric_id: type === 'ee' ? h.rubrics.ee.id : h.rubrics.tok.id },
    { name: 'essay.txt', data: `${ESSAY}\n${Math.random()}` },
  );
  const res = await h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const read = async (id: string): Promise<Evaluation> => (await get(`/evaluation/${id}`)).json();

beforeAll(async () => {
  h = await startHarness('evd');
  sup = (await h.user('super_admin')).headers;
  adm = (await h.user('admin')).headers;
  stu = await h.user('student', 10, 'Stella Student');
  tea = await h.user('teacher', 10, 'Terry Teacher');

  done = await submitted(stu.headers, { title: '=HYPERLINK("x") Photosynthesis' });
  await publishEvent(h.bus, Events.gradingCompleted, {
    evaluation_id: done.id,
    results: results(24, 34),
    grader: 'builtin',
    processing_ms: 1500,
  });
  failed = await submitted(stu.headers, { title: 'Broken essay' });
  await publishEvent(h.bus, Events.gradingFailed, { evaluation_id: failed.id, code: 'X', reason: 'broken' });
  pending = await submitted(tea.headers, { type: 'tok', title: 'Knowledge, "certainty"' });
  await until(
    () => read(done.id),
    (e) => e.status === 'completed',
  );
  await until(
    () => read(failed.id),
    (e) => e.status === 'failed',
  );
  // a user only the users service announces
  await publishEvent(h.bus, Events.usersCreated, {
    user_id: 'u-admin-1',
    email: 'ada@example.com',
    role: 'admin',
    first_name: 'Ada',
    last_name: 'Admin',
  });
  await until(
    async () => (await h.db.pool.query(`SELECT count(*)::int AS n FROM user_directory`)).rows[0].n,
    (n) => n === 3,
  );
});
afterAll(async () => {
  peers.forEach((s) => s.unsubscribe());
  await h?.close();
});

function serveRubricCounts() {
  peers.push(serveRpc(h.bus, Rpc.rubricCounts, async () => ({ active: 4, draft: 1, deprecated: 2 }), h.app.log));
}

describe('roles', () => {
  it('figures for admin and super admin; the submissions export for super admin only', async () => {
    for (const url of [
      '/dashboard/summary',
      '/dashboard/analytics/trends',
      '/dashboard/recent-activity',
      '/dashboard/analytics/export/trends',
    ]) {
      expect((await get(url, stu.headers)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
    }
    expect((await get('/dashboard/analytics/trends', adm)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/dashboard/export', headers: adm, payload: {} })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/dashboard/export', headers: tea.headers, payload: {} })).statusCode).toBe(403);
  });

  it('bad parameters are 400 {detail, code}', async () => {
    for (const url of [
      '/dashboard/analytics/users?days=0',
      '/dashboard/performance-metrics?days=x',
      '/dashboard/recent-activity?limit=0',
      '/dashboard/analytics/export/essays',
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /dashboard/stats and /dashboard/summary', () => {
  it('answers 503 {detail, code} while the rubric service does not answer', async () => {
    const res = await get('/dashboard/stats');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: expect.stringContaining('rubric') });
  });

  it('counts users (read model), submissions, active rubrics, average score and success rate', async () => {
    serveRubricCounts();
    await h.bus.nc.flush();
    const stats = (await get('/dashboard/stats', adm)).json();
    expect(stats).toEqual({
      total_users: 3,
      total_submissions: 3,
      active_rubrics: 4,
      average_score: 71, // results(24, 34): 71 %
      success_rate: 50, // one completed, one failed
      completed: 1,
      processing: 1,
      failed: 1,
      users_by_role: { admin: 1, student: 1, teacher: 1 },
      growth: {
        users: { current: 3, previous: 0, change_percent: null },
        submissions: { current: 3, previous: 0, change_percent: null },
      },
    });
    const summary = (await get('/dashboard/summary')).json();
    expect(summary.stats).toEqual(stats);
    expect(summary.last_7_days).toEqual({ submissions: 3, completed: 1, failed: 1, average_score: 71 });
    expect(summary.awaiting_review).toBe(1);
    expect(summary.recent_activity).toHaveLength(5);
  });
});

describe('GET /dashboard/recent-activity', () => {
  it('submissions, completions, failures and decisions, newest first; limit default 20', async () => {
    const all = (await get('/dashboard/recent-activity')).json();
    expect(all.total).toBe(5);
    expect(all.activities.map((a: { kind: string }) => a.kind).sort()).toEqual([
      'completed',
      'failed',
      'submitted',
      'submitted',
      'submitted',
    ]);
    const approve = await h.app.inject({
      method: 'POST',
      url: `/evaluation/admin/${done.id}/approve`,
      headers: adm,
      payload: { admin_notes: 'fine' },
    });
    expect(approve.statusCode).toBe(200);
    const two = (await get('/dashboard/recent-activity?limit=2')).json();
    expect(two.total).toBe(6);
    expect(two.activities).toHaveLength(2);
    expect(two.activities[0]).toMatchObject({
      kind: 'approved',
      evaluation_id: done.id,
      user_name: 'Stella Student',
      essay_type: 'ee',
      status: 'completed',
    });
    const times = all.activities.map((a: { at: string }) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('analytics', () => {
  it('performance-metrics and trends: one entry per day of the period (default 30), today counted', async () => {
    const m = (await get('/dashboard/performance-metrics?days=7')).json();
    expect(m.days).toBe(7);
    expect(m.submissions_per_day).toHaveLength(7);
    expect(m.submissions_per_day[6]).toEqual({ date: today, count: 3 });
    expect(m.completed_per_day[6]).toEqual({ date: today, count: 1 });
    expect(m.average_processing_seconds).toBe(1.5);
    expect(m.success_rate).toBe(50);

    const t = (await get('/dashboard/analytics/trends')).json();
    expect(t.days).toBe(30);
    expect(t.submissions_per_day).toHaveLength(30);
    expect(t.by_type[29]).toEqual({ date: today, ee: 2, tok: 1 });
    expect(t.average_score_per_day[29]).toEqual({ date: today, average_percent: 71 });
    expect(t.average_score_per_day[0].average_percent).toBeNull();
  });

  it('performance: grades, per-criterion means and processing time of the completed gradings', async () => {
    const p = (await get('/dashboard/analytics/performance?days=3')).json();
    expect(p).toEqual({
      days: 3,
      grade_distribution: [{ grade: 'B', count: 1 }],
      criteria: [{ essay_type: 'ee', code: 'A', name: 'Focus', average_score: 24, max_score: 34, average_percent: 70.6 }],
      processing_seconds: { average: 1.5, p50: 1.5, p95: 1.5 },
    });
  });

  it('users and rubrics', async () => {
    const u = (await get('/dashboard/analytics/users')).json();
    expect(u.users_by_role).toEqual({ admin: 1, student: 1, teacher: 1 });
    expect(u.signups_per_day[29]).toEqual({ date: today, count: 3 });
    expect(u.active_submitters).toBe(2);

    const r = (await get('/dashboard/analytics/rubrics')).json();
    expect(r.rubrics).toEqual([
      { rubric_id: h.rubrics.ee.id, title: 'EE rubric', essay_type: 'ee', submissions: 2, average_percent: 71 },
      { rubric_id: h.rubrics.tok.id, title: 'TOK rubric', essay_type: 'tok', submissions: 1, average_percent: null },
    ]);
  });

  it('links come from the links service: 503 while it is silent, the comprehensive report names the gap', async () => {
    const silent = await get('/dashboard/analytics/links');
    expect(silent.statusCode).toBe(503);
    expect(silent.json().code).toBe('SERVICE_UNAVAILABLE');
    const partial = (await get('/dashboard/analytics/comprehensive-report?days=5')).json();
    expect(partial).toMatchObject({ days: 5, links: null, unavailable: ['links'] });
    expect(partial.trends.submissions_per_day).toHaveLength(5);

    peers.push(
      serveRpc(
        h.bus,
        Rpc.linksClickSummary,
        async ({ days }) => ({
          clicks_per_day: [{ date: today, count: days }],
          links: [{ link_id: 'l1', title: 'Instagram', category: 'instagram', clicks: 12 }],
        }),
        h.app.log,
      ),
    );
    await h.bus.nc.flush();
    const links = (await get('/dashboard/analytics/links?days=4')).json();
    expect(links.clicks_per_day).toHaveLength(4);
    expect(links.clicks_per_day[3]).toEqual({ date: today, count: 4 });
    expect(links.links).toEqual([{ link_id: 'l1', title: 'Instagram', category: 'instagram', clicks: 12 }]);
    const full = (await get('/dashboard/analytics/comprehensive-report')).json();
    expect(full.unavailable).toEqual([]);
    expect(full.links.links).toHaveLength(1);
    expect(full.stats.total_submissions).toBe(3);
  });
});

describe('exports', () => {
  const exportCsv = (payload: unknown) =>
    h.app.inject({ method: 'POST', url: '/dashboard/export', headers: sup, payload: payload as object });
  const lines = (csv: string) => csv.trimEnd().split('\r\n');

  it('POST /dashboard/export: submissions_export_{date}.csv with the admin filters; formulas neutralised', async () => {
    const res = await exportCsv({ format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="submissions_export_${today}.csv"`);
    const rows = lines(res.body);
    expect(rows[0]).toBe(
      'id,title,file_name,student_name,student_email,user_type,essay_type,subject_area,rubric,status,approval_status,overall_grade,overall_score,max_points,percentage,word_count,submitted_at,completed_at',
    );
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(`${pending.id},"Knowledge, ""certainty""",essay.txt,Terry Teacher`);
    const doneRow = rows.find((r) => r.startsWith(done.id))!;
    expect(doneRow).toContain(`"'=HYPERLINK(""x"") Photosynthesis"`);
    expect(doneRow).toContain(',completed,approved,B,24,34,71,');
    expect(res.body).not.toContain('renewable energy'); // no essay text unless asked

    const tok = lines((await exportCsv({ filters: { essay_type: 'tok' } })).body);
    expect(tok).toHaveLength(2);
    expect(lines((await exportCsv({ filters: { search_query: 'stella' } })).body)).toHaveLength(3);
  });

  it('optional essay content and AI feedback columns', async () => {
    const res = await exportCsv({ include_essay_content: true, include_ai_feedback: true, filters: { status: 'completed' } });
    const rows = lines(res.body);
    expect(rows[0].endsWith(',completed_at,ai_feedback,admin_notes,essay_content')).toBe(true);
    expect(res.body).toContain('A solid essay.');
    expect(res.body).toContain('A Focus (24/34): Clear focus.');
    expect(res.body).toContain('renewable energy reduce carbon emissions');
    expect(res.body).toContain(',fine,');
  });

  it('GET /dashboard/analytics/export/{type}: each section as CSV', async () => {
    const trends = await get('/dashboard/analytics/export/trends?days=3', adm);
    expect(trends.statusCode).toBe(200);
    expect(trends.headers['content-disposition']).toBe(`attachment; filename="trends_analytics_${today}.csv"`);
    expect(lines(trends.body)).toEqual([
      'date,submissions,ee,tok,average_percent',
      expect.stringMatching(/,0,0,0,$/),
      expect.any(String),
      `${today},3,2,1,71`,
    ]);
    const rubrics = lines((await get('/dashboard/analytics/export/rubrics')).body);
    expect(rubrics[1]).toBe(`${h.rubrics.ee.id},EE rubric,ee,2,71`);
    const perf = lines((await get('/dashboard/analytics/export/performance')).body);
    expect(perf).toContain('grade,,B,,1,,,');
    expect(perf).toContain('criterion,ee,A,Focus,,24,34,70.6');
    expect(lines((await get('/dashboard/analytics/export/users')).body)).toHaveLength(31);
    expect(lines((await get('/dashboard/analytics/export/links')).body)[1]).toBe('l1,Instagram,instagram,12');
  });
});
