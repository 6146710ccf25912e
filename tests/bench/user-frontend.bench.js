/**
 * JavaScript needed for the landing page (signed out) and for /dashboard (a signed-in student),
 * raw, gzip and as sent (the build's brotli/gzip copies), split shell / student remote, and the time from navigation to the first render of
 * each in headless Chromium: cold (new profile, median of RUNS) and warm (browser cache).
 * Budget (issues 9, 12): landing page ≤ 350 KB of JavaScript as sent (compressed).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = 3;
const LANDING_BUDGET_GZIP_KB = 350;

async function studentSession(api) {
  const email = `bench.student.${Date.now().toString(36)}@school.example`;
  const res = await fetch(`${api}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-student-1', first_name: 'Bench', last_name: 'Student', user_type: 'student' }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  return res.json();
}

/** One cold load of `route` in a fresh profile, then a warm one; `ready` is the selector of the first render. */
async function measure(gatewayUrl, route, ready, auth) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 900 },
    args: ARGS,
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    if (auth) {
      await page.goto(`${gatewayUrl}/privacy-policy`);
      await page.evaluate(
        ([a, r, u]) => {
          localStorage.setItem('access_token', a);
          localStorage.setItem('refresh_token', r);
          localStorage.setItem('user', u);
        },
        [auth.access_token, auth.refresh_token, JSON.stringify(auth.user)],
      );
      await page.goto('about:blank');
      // the first visit above filled the cache: start cold again for the measured one
      await context.clearCookies();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
    }
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try {
        const body = await res.body();
        // what crossed the wire: the precompressed copy (brotli for Chromium) when the server sent one
        const sent = (await res.request().sizes()).responseBodySize;
        scripts.push({
          url: res.url(),
          raw: body.length,
          gzip: zlib.gzipSync(body).length,
          sent,
          encoding: res.headers()['content-encoding'] ?? 'none',
        });
      } catch {
        /* no body (redirect) */
      }
    });
    const visit = async () => {
      const t0 = Date.now();
      await page.goto(`${gatewayUrl}${route}`);
      await page.locator(ready).first().waitFor({ state: 'attached', timeout: 60_000 });
      return Date.now() - t0;
    };
    const cold = await visit();
    const coldScripts = scripts.splice(0);
    const warm = await visit();
    return { cold, warm, scripts: coldScripts };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const sum = (xs, k) => xs.reduce((n, x) => n + x[k], 0);
const kb = (n) => Math.round(n / 102.4) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

module.exports = {
  title: 'User-facing frontends: landing page and student dashboard',
  measures: `JavaScript loaded (raw, gzip, and as sent with the encoding used; shell vs the student remote) and time from navigation to the first render in headless Chromium, cold (new profile, median of ${RUNS}) and warm (browser cache). Budget: landing ≤ ${LANDING_BUDGET_GZIP_KB} KB as sent.`,
  async run(platform) {
    const auth = await studentSession(`${platform.gatewayUrl}/api/v1`);
    const rows = [];
    const row = (what, xs, extra = '') => ({
      what,
      files: xs.length,
      'raw KB': kb(sum(xs, 'raw')),
      'gzip KB': kb(sum(xs, 'gzip')),
      'sent KB': kb(sum(xs, 'sent')),
      encoding: [...new Set(xs.map((x) => x.encoding))].join('/'),
      ms: '',
      note: extra,
    });
    const time = (what, ms) => ({ what, files: '', 'raw KB': '', 'gzip KB': '', 'sent KB': '', encoding: '', ms, note: '' });
    for (const [name, route, ready, session] of [
      ['landing /', '/', '[data-testid=tutoring-hero]', null],
      ['dashboard /dashboard', '/dashboard', '[data-testid=credits-value]', auth],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(platform.gatewayUrl, route, ready, session));
      const { scripts } = runs[0];
      const student = scripts.filter((s) => s.url.includes('/mf/student/'));
      const shell = scripts.filter((s) => !s.url.includes('/mf/'));
      // the budget is on what the browser receives (compressed as served)
      const gz = kb(sum(scripts, 'sent'));
      const budget =
        route === '/'
          ? gz <= LANDING_BUDGET_GZIP_KB
            ? `within ${LANDING_BUDGET_GZIP_KB} KB budget`
            : `OVER the ${LANDING_BUDGET_GZIP_KB} KB budget`
          : '';
      rows.push(row(`all JS for ${name}`, scripts, budget), row('  shell', shell), row('  student remote', student));
      rows.push(
        time(`first render of ${name}, cold`, median(runs.map((r) => r.cold))),
        time(`first render of ${name}, warm`, median(runs.map((r) => r.warm))),
      );
    }
    return rows;
  },
};
