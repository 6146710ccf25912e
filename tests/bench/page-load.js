/**
 * Shared by the frontend benchmarks (user-frontend, admin-frontend): loads a page of the running
 * platform in headless Chromium (Debian's, through playwright-core) and records every script it
 * downloads (raw bytes, gzip of the raw bytes, bytes as sent on the wire with the encoding used)
 * and the time from navigation to the page's first render (a selector attached).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { chromium } = require('playwright-core');
const { api: platformApi, benchAdmin } = require('./platform-api');

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

async function postJson(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A new student account, signed in: `{ access_token, refresh_token, user }`. */
async function studentSession(api) {
  const email = `bench.student.${Date.now().toString(36)}@school.example`;
  const res = await postJson(`${api}/auth/signup`, {
    email,
    password: 'bench-student-1',
    first_name: 'Bench',
    last_name: 'Student',
    user_type: 'student',
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  return res.body;
}

/** The platform's first (super) administrator, signed in; shared with the other benchmarks (setup works once per platform). */
async function adminSession(apiBase) {
  return benchAdmin(platformApi(apiBase.replace(/\/api\/v1$/, '')));
}

/**
 * A new Chromium keeps busy for its first seconds with work of its own: around 1–2 s after launch it
 * often (about every other launch here) preloads its omnibox popup, a WebUI page of ~150 scripts, in
 * a renderer of its own. On 2 cores that competed with the page being measured, so the cold load
 * starts once the browser has been up this long (a visitor's browser is not starting up either).
 */
const BROWSER_WARM_UP_MS = 3000;

/**
 * Runs in the page before its own scripts (an init script): stamps, frame by frame, when the
 * first-render selector is first shown (laid out with a size, not hidden) and when React owns it
 * (its fiber is attached: hydration of a prerendered page done, or React rendered it). Times are
 * the page's `performance.now()`, i.e. ms since the navigation started. Checked in the page itself
 * because a check from outside (Playwright's) waits until the page's main thread is free, which
 * for a prerendered page is long after its first screen was painted.
 */
function watchFirstRender(selector) {
  /* global window, document, getComputedStyle, requestAnimationFrame -- runs in the page */
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility === 'visible';
  };
  const ownedByReact = (el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  window.__firstRender = new Promise((resolve) => {
    let rendered = null;
    const frame = (now) => {
      const el = document.querySelector(selector);
      if (el && rendered === null && shown(el)) rendered = now;
      if (rendered !== null && ownedByReact(el)) resolve({ rendered, interactive: now });
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * One cold load of `route` in a fresh profile, then a warm one. Before the cold load the browser
 * opens a same-origin document that runs no script (the favicon; when `auth` is given the tokens are
 * put where /auth would leave them), goes to about:blank, waits for the browser's start-up work
 * (BROWSER_WARM_UP_MS) and clears the cache, the same for every route: the page's own scripts are
 * neither cached nor compiled before the cold load.
 * `ready`: the selector of the page's first render. The first render is the first frame in which it
 * is shown (`watchFirstRender`), counted from the start of the navigation; the time React owns it is
 * given too (later for a prerendered page, which is painted before its scripts run). The load event
 * (which also waits for chunks requested after the first render, e.g. below the fold) is not part of it.
 */
async function loadPage(gatewayUrl, route, ready, auth) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-bench-'));
  const launched = Date.now();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 900 },
    args: ARGS,
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(`${gatewayUrl}/favicon.svg`);
    if (auth) {
      await page.evaluate(
        ([a, r, u]) => {
          localStorage.setItem('access_token', a);
          localStorage.setItem('refresh_token', r);
          localStorage.setItem('user', u);
        },
        [auth.access_token, auth.refresh_token, JSON.stringify(auth.user)],
      );
    }
    await page.goto('about:blank');
    await page.waitForTimeout(Math.max(0, launched + BROWSER_WARM_UP_MS - Date.now()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
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
    await page.addInitScript(watchFirstRender, ready);
    const visit = async () => {
      await page.goto(`${gatewayUrl}${route}`, { waitUntil: 'commit' });
      await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
      const { rendered, interactive } = await page.evaluate(() => window.__firstRender);
      return { rendered: Math.round(rendered), interactive: Math.round(interactive) };
    };
    await cdp.send('Performance.enable');
    const cpu = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    };
    const before = await cpu();
    const { rendered: cold, interactive: coldInteractive } = await visit();
    // time the page's main thread spent in tasks until the first render (CDP TaskDuration): the
    // page's own work, without the waits for the network; still inflated when other processes take the CPU
    const coldCpu = Math.round(((await cpu()).TaskDuration - before.TaskDuration) * 1000);
    // late responses of the cold load (body reads are async) are still counted as cold
    await page.waitForLoadState('networkidle').catch(() => {});
    const coldScripts = scripts.splice(0);
    const { rendered: warm } = await visit();
    return { cold, coldInteractive, coldCpu, warm, scripts: coldScripts };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const sum = (xs, k) => xs.reduce((n, x) => n + x[k], 0);
const kb = (n) => Math.round(n / 102.4) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Which build a script came from: the shell at `/`, a remote at `/mf/<name>/`. */
function origin(url) {
  const m = /\/mf\/([^/]+)\//.exec(new URL(url).pathname);
  return m ? `${m[1]} remote` : 'shell';
}

/**
 * `runs` loads of one route: table rows (all JS, then per build; cold and warm first render,
 * median of the runs) and the figures for goal lines.
 */
async function measureRoute(gatewayUrl, { label, route, ready, auth, runs }) {
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await loadPage(gatewayUrl, route, ready, auth));
  const { scripts } = loads[0];
  const row = (what, xs, note = '') => ({
    what,
    files: xs.length,
    'raw KB': kb(sum(xs, 'raw')),
    'gzip KB': kb(sum(xs, 'gzip')),
    'sent KB': kb(sum(xs, 'sent')),
    encoding: [...new Set(xs.map((x) => x.encoding))].join('/'),
    ms: '',
    note,
  });
  const time = (what, ms) => ({ what, files: '', 'raw KB': '', 'gzip KB': '', 'sent KB': '', encoding: '', ms, note: '' });
  const builds = [...new Set(scripts.map((s) => origin(s.url)))].sort((a, b) =>
    a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b),
  );
  const cold = median(loads.map((l) => l.cold));
  const coldInteractive = median(loads.map((l) => l.coldInteractive));
  const warm = median(loads.map((l) => l.warm));
  const coldCpu = median(loads.map((l) => l.coldCpu));
  return {
    rows: [
      row(`all JS for ${label}`, scripts),
      ...builds.map((b) =>
        row(
          `  ${b}`,
          scripts.filter((s) => origin(s.url) === b),
        ),
      ),
      time(`first render of ${label}, cold`, cold),
      time(`  React running it (hydrated or rendered), cold`, coldInteractive),
      time(`first render of ${label}, warm`, warm),
      time(`  main-thread busy until React ran it, cold`, coldCpu),
    ],
    sentKb: kb(sum(scripts, 'sent')),
    rawKb: kb(sum(scripts, 'raw')),
    builds,
    cold,
    coldInteractive,
    coldCpu,
    warm,
  };
}

module.exports = { studentSession, adminSession, measureRoute, kb };
