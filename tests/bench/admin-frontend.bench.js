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

/** Signs a super admin in through the API and hands the tokens to the page (as /auth would). */
async function adminSession(api) {
  const email = `bench.admin.${Date.now().toString(36)}@school.example`;
  const setup = await fetch(`${api}/auth/setup-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Admin', email, password: 'bench-admin-1' }),
  });
  if (setup.status !== 200) throw new Error(`first-admin setup answered ${setup.status} (an admin exists already on this platform)`);
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'bench-admin-1' }),
  });
  return login.json();
}

/** One page load of /admin in a fresh profile (cold) then a reload (warm cache): JS bytes and time to the overview. */
async function measure(gatewayUrl, auth) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 900 },
    args: ARGS,
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(`${gatewayUrl}/privacy-policy`);
    await page.evaluate(
      ([a, r, u]) => {
        localStorage.setItem('access_token', a);
        localStorage.setItem('refresh_token', r);
        localStorage.setItem('user', u);
      },
      [auth.access_token, auth.refresh_token, JSON.stringify(auth.user)],
    );
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try {
        const body = await res.body();
        scripts.push({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body).length });
      } catch {
        /* body not kept (redirect) */
      }
    });
    const visit = async () => {
      const t0 = Date.now();
      await page.goto(`${gatewayUrl}/admin`);
      await page.getByTestId('admin-overview').waitFor({ timeout: 60_000 });
      return Date.now() - t0;
    };
    await page.goto('about:blank');
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
  title: 'Admin micro-frontend load',
  measures: `JavaScript loaded for /admin (raw and gzip, shell vs the admin remote) and the time from navigation to the rendered overview in headless Chromium: cold (new profile, median of ${RUNS}) and warm (reload with the browser cache).`,
  async run(platform) {
    const auth = await adminSession(`${platform.gatewayUrl}/api/v1`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(platform.gatewayUrl, auth));
    const { scripts } = runs[0];
    const admin = scripts.filter((s) => s.url.includes('/mf/admin/'));
    const shell = scripts.filter((s) => !s.url.includes('/mf/'));
    const other = scripts.filter((s) => s.url.includes('/mf/') && !s.url.includes('/mf/admin/'));
    const row = (what, xs) => ({ what, files: xs.length, 'raw KB': kb(sum(xs, 'raw')), 'gzip KB': kb(sum(xs, 'gzip')), ms: '' });
    const time = (what, ms) => ({ what, files: '', 'raw KB': '', 'gzip KB': '', ms });
    return [
      row('all JS for /admin', scripts),
      row('  shell', shell),
      row('  admin remote', admin),
      row('  other remotes', other),
      time('first render of the overview, cold', median(runs.map((r) => r.cold))),
      time('first render of the overview, warm', median(runs.map((r) => r.warm))),
    ];
  },
};
