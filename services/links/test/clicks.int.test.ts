import { Rpc } from '@corestone/contracts';
import { callRpc } from '@corestone/service-kit';
import { lastDays } from '../src/domain/links';
import { startLinks, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  // a pool far smaller than the number of concurrent clicks: requests queue for connections and rows
  h = await startLinks('lnkclk', { PG_POOL_MAX: '8' });
});
afterAll(async () => {
  await h?.close();
});

const admin = () => h.as.admin;
const create = async (body: Record<string, unknown>) =>
  (
    await h.app.inject({
      method: 'POST',
      url: '/external_links',
      payload: { description: 'd', url: 'https://example.com/', ...body },
      headers: admin(),
    })
  ).json();
const click = (id: string, payload: unknown = { user_agent: 'Mozilla/5.0 (jest)' }) =>
  h.app.inject({ method: 'POST', url: `/external_links/${id}/click`, payload: payload as object });
const get = (url: string) => h.app.inject({ url, headers: admin() });

describe('click tracking', () => {
  it('counts every one of many concurrent clicks exactly, over a real socket', async () => {
    const a = await create({ category: 'instagram' });
    const b = await create({ category: 'linkedin' });
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const N = 400;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        fetch(`${address}/external_links/${i % 4 === 0 ? b.id : a.id}/click`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_agent: `agent ${i}` }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { clicks: number } })),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    // every click saw a distinct running total: no two increments were lost into one
    const seenA = results
      .filter((_, i) => i % 4 !== 0)
      .map((r) => r.body.clicks)
      .sort((x, y) => x - y);
    expect(seenA).toEqual(Array.from({ length: (N * 3) / 4 }, (_, i) => i + 1));
    expect((await get(`/external_links/${a.id}`)).json().clicks).toBe((N * 3) / 4);
    expect((await get(`/external_links/${b.id}`)).json().clicks).toBe(N / 4);
    const today = lastDays(1)[0];
    const perDay = (await get(`/external_links/${a.id}/analytics?days=7`)).json();
    expect(perDay).toMatchObject({ link_id: a.id, total_clicks: (N * 3) / 4, days: 7 });
    expect(perDay.clicks_per_day).toHaveLength(7);
    expect(perDay.clicks_per_day.at(-1)).toEqual({ date: today, count: (N * 3) / 4 });
    expect(perDay.clicks_per_day.slice(0, 6).every((d: { count: number }) => d.count === 0)).toBe(true);
  });

  it('takes a click with or without a body, and refuses inactive links', async () => {
    const link = await create({ category: 'youtube' });
    expect((await click(link.id, {})).json()).toEqual({ success: true, clicks: 1 });
    expect((await h.app.inject({ method: 'POST', url: `/external_links/${link.id}/click` })).json()).toEqual({ success: true, clicks: 2 });
    await h.app.inject({ method: 'PUT', url: `/external_links/${link.id}`, payload: { is_active: false }, headers: admin() });
    expect((await click(link.id)).json()).toEqual({ detail: 'Link not found', code: 'LINK_NOT_FOUND' });
    expect((await get(`/external_links/${link.id}`)).json().clicks).toBe(2);
  });

  it('keeps clicks out of updated_at, and deletes the click history with the link', async () => {
    const link = await create({ category: 'twitter' });
    await click(link.id);
    expect((await get(`/external_links/${link.id}`)).json().updated_at).toBe(link.updated_at);
    await h.app.inject({ method: 'DELETE', url: `/external_links/${link.id}`, headers: admin() });
    const { rows } = await h.service.infra.db.pool.query(`SELECT count(*)::int AS n FROM clicks_daily WHERE link_id = $1`, [link.id]);
    expect(rows[0].n).toBe(0);
  });
});

describe('analytics', () => {
  let fresh: Harness;
  beforeAll(async () => {
    fresh = await startLinks('lnkana');
  });
  afterAll(async () => {
    await fresh?.close();
  });
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    fresh.app.inject({ method, url, payload, headers: fresh.as.super_admin });

  it('counts links, clicks, popular links, per-day and per-category sums consistently', async () => {
    const seeded = (await inject('GET', '/external_links/')).json().links;
    const mk = async (category: string, featured = false) =>
      (await inject('POST', '/external_links', { category, url: `https://${category}.example/`, description: category, featured })).json();
    const x = await mk('academic', true);
    const y = await mk('academic');
    const z = await mk('tool');
    await fresh.app.inject({ method: 'PUT', url: `/external_links/${z.id}`, payload: { is_active: false }, headers: fresh.as.admin });
    for (let i = 0; i < 5; i++) await fresh.app.inject({ method: 'POST', url: `/external_links/${x.id}/click`, payload: {} });
    for (let i = 0; i < 2; i++) await fresh.app.inject({ method: 'POST', url: `/external_links/${y.id}/click`, payload: {} });
    // a click from three days ago (the day rows are what the per-day series reads)
    await fresh.service.infra.db.pool.query(
      `INSERT INTO clicks_daily (link_id, day, clicks) VALUES ($1, (now() AT TIME ZONE 'UTC')::date - 3, 4)`,
      [y.id],
    );
    await fresh.service.infra.db.pool.query(`UPDATE links SET clicks = clicks + 4 WHERE id = $1`, [y.id]);

    const total = seeded.length + 3;
    const overview = (await inject('GET', '/external_links/analytics/overview')).json();
    expect(overview).toEqual({
      total_links: total,
      active_links: total - 1,
      featured_links: seeded.filter((l: { featured: boolean }) => l.featured).length + 1,
      total_clicks: 11,
      average_clicks: Math.round((11 / total) * 100) / 100,
      by_category: expect.objectContaining({
        academic: 2,
        tool: seeded.filter((l: { category: string }) => l.category === 'tool').length + 1,
      }),
    });

    const popular = (await inject('GET', '/external_links/popular')).json();
    expect(popular.links.slice(0, 2).map((l: { id: string }) => l.id)).toEqual([y.id, x.id]);
    expect(popular.total).toBe(Math.min(10, total));
    expect((await inject('GET', '/external_links/popular?limit=1')).json().links.map((l: { id: string }) => l.id)).toEqual([y.id]);

    const days = lastDays(30);
    const summary = (await inject('GET', '/external_links/analytics/summary')).json();
    expect(summary).toMatchObject({ days: 30, since: days[0], total_clicks: 11, clicks_in_period: 11 });
    expect(summary.clicks_per_day).toHaveLength(30);
    expect(summary.clicks_per_day.at(-1)).toEqual({ date: days[29], count: 7 });
    expect(summary.clicks_per_day.at(-4)).toEqual({ date: days[26], count: 4 });
    expect(summary.by_category.find((c: { category: string }) => c.category === 'academic')).toEqual({
      category: 'academic',
      label: 'Academic Resources',
      links: 2,
      clicks: 11,
      clicks_in_period: 11,
    });
    expect(summary.top_links[0]).toEqual({
      id: y.id,
      title: 'Academic Resources',
      url: 'https://academic.example/',
      category: 'academic',
      clicks: 6,
      clicks_in_period: 6,
    });
    // a window of two days leaves the older clicks out of the period but not out of the totals
    const short = (await inject('GET', '/external_links/analytics/summary?days=2')).json();
    expect(short).toMatchObject({ days: 2, total_clicks: 11, clicks_in_period: 7 });
    expect(short.top_links[0]).toMatchObject({ id: x.id, clicks_in_period: 5 });
    const perLink = (await inject('GET', `/external_links/${y.id}/analytics?days=5`)).json();
    expect(perLink.clicks_per_day.map((d: { count: number }) => d.count)).toEqual([0, 4, 0, 0, 2]);

    // the admin dashboard (evaluation) asks the same over NATS
    const rpc = await callRpc(fresh.service.infra.bus, Rpc.linksClickSummary, { days: 2 }, { timeoutMs: 3000 });
    expect(rpc.clicks_per_day).toEqual([
      { date: lastDays(2)[0], count: 0 },
      { date: lastDays(2)[1], count: 7 },
    ]);
    expect(rpc.links.slice(0, 2)).toEqual([
      { link_id: x.id, title: 'Academic Resources', category: 'academic', clicks: 5 },
      { link_id: y.id, title: 'Academic Resources', category: 'academic', clicks: 2 },
    ]);
    expect(rpc.links).toHaveLength(total);
    const week = await callRpc(fresh.service.infra.bus, Rpc.linksClickSummary, { days: 7 }, { timeoutMs: 3000 });
    expect(week.links[0]).toEqual({ link_id: y.id, title: 'Academic Resources', category: 'academic', clicks: 6 });
  });

  it('exports every link as CSV, neutralising formulas', async () => {
    await inject('POST', '/external_links', {
      category: 'reference',
      url: 'https://ref.example/',
      description: '=HYPERLINK("http://evil.example"), "quoted"',
      title: '@Sum',
    });
    const res = await inject('GET', '/external_links/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="external_links_export_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,title,url,description,category,featured,is_active,clicks,created_at,updated_at');
    const all = (await inject('GET', '/external_links/?limit=500')).json();
    expect(lines).toHaveLength(all.total + 1);
    expect(res.body).toContain(`'@Sum,https://ref.example/,"'=HYPERLINK(""http://evil.example""), ""quoted""",reference,false,true,0,`);
    expect((await inject('GET', '/external_links/export?format=CSV')).statusCode).toBe(200);
  });
});
