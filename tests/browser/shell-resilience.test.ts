/**
 * In real Chromium through the gateway: a remote whose files cannot be fetched (offline, a 404 or
 * 500 for its entry) leaves the frame usable — the menu, Logout and the top bar stay, the content
 * shows the retry screen — and 'Try Again' loads it once it is reachable, without reloading the
 * page (a screen's chunk that failed inside a loaded remote too); on a phone the menu is behind the
 * top bar's button. Then: every screen has exactly one h1
 * (its title) and no heading level skipped below it. And (issue 36, docs/accessibility.md):
 * - Bypass blocks (WCAG 2.4.1): on every layout (signed out, student, back office) the first Tab
 *   stop is 'Skip to main content', shown while it has the focus; Enter moves the focus to the
 *   page's main landmark, and the next Tab is a control inside it.
 * - Reflow (WCAG 1.4.10): at 320 CSS px wide the main screens do not scroll sideways (data tables
 *   scroll inside their own box, which is allowed for two-dimensional content), and the result
 *   page's review card shows its whole title.
 */
import { uniqueEmail } from '../support/platform';
import { reviewShot, screenshot, sideways, storeSession, type StoredSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { focusStop, settled } from '../support/keyboard';
import { EE_ESSAY } from '../fixtures/essays';

const OFFLINE_TEXT = 'Please check your connection and try again in a moment.';

let evaluationId: string;
let student: StoredSession;
let admin: StoredSession;

const suite = browserSuite({
  setup: async ({ p }) => {
    const signup = await p.api.signup(uniqueEmail('resilience'), 'a-good-password');
    expect(signup.status).toBe(201);
    student = signup.body;
    const token = student.access_token;
    const rubrics = await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token });
    const rubric = rubrics.body.find((r: { rubric_type: string }) => r.rubric_type === 'ee');
    const form = p.api.essayForm(
      EE_ESSAY,
      { title: 'Influenza and public health', essay_type: 'ee', rubric_id: rubric.id, subject_area: 'History' },
      'influenza.txt',
    );
    const submitted = await p.api.call('POST', '/evaluation/evaluate-async', { token, form });
    expect(submitted.status).toBeLessThan(300);
    evaluationId = (await p.api.waitForEvaluation(submitted.body.id, token, 60_000)).id;

    const adminEmail = uniqueEmail('resilience-admin');
    const setup = await p.api.call('POST', '/auth/setup-admin', {
      json: { name: 'Ada Admin', email: adminEmail, password: 'admin-pass-1' },
    });
    expect(setup.status).toBe(200);
    admin = (await p.api.call('POST', '/auth/login', { json: { username: adminEmail, password: 'admin-pass-1' } })).body;
  },
});

/**
 * Hands a session to the browser, as /auth would have stored it. The previous session is cleared
 * and a signed-out page loaded first: a page still signed in could store its user (an /auth/me
 * answer) over the new one.
 */
async function signIn(session: StoredSession | null) {
  const { p, page } = suite;
  await page.goto(`${p.gatewayUrl}/privacy-policy`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${p.gatewayUrl}/privacy-policy`);
  await page.evaluate((s) => {
    if (!s) return;
    localStorage.setItem('access_token', s.access_token);
    localStorage.setItem('refresh_token', s.refresh_token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}

/** Opens `path` with every file of `remote` failing as if offline, and waits for its retry screen. */
async function openWithRemoteOffline(remote: 'student' | 'admin', path: string, failureText: string) {
  const { p, page } = suite;
  await page.route(`**/mf/${remote}/**`, (route) => route.abort('internetdisconnected'));
  await page.goto(`${p.gatewayUrl}${path}`);
  await page.getByText(failureText).waitFor({ timeout: 30_000 });
  // marks this document: a full reload would lose it
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

async function backOnlineAndRetry(remote: 'student' | 'admin') {
  const { page } = suite;
  await page.unroute(`**/mf/${remote}/**`);
  await page.getByRole('button', { name: 'Try Again' }).click();
}

const sameDocument = () => suite.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('a remote that cannot be loaded', () => {
  it('keeps the dashboard frame on a desktop; Try Again loads the remote without a reload', async () => {
    const { page } = suite;
    await signIn(student);
    await page.setViewportSize({ width: 1366, height: 900 });
    await openWithRemoteOffline('student', '/dashboard', OFFLINE_TEXT);
    const menu = page.getByRole('menu', { name: 'Dashboard' });
    await menu.waitFor();
    for (const item of ['Overview', 'Upload EE', 'Upload TOK', 'Profile', 'Submissions'])
      expect(await menu.getByText(item).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Logout/ }).isVisible()).toBe(true);
    expect(await page.getByTestId('fallback-frame').isVisible()).toBe(true);
    await screenshot(page, 'shell-remote-failure-desktop');

    await backOnlineAndRetry('student');
    await page.getByTestId('dashboard-sidebar').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    expect(await sameDocument()).toBe(true);
  });

  it('on a phone the menu opens from the top bar, and Try Again works there too', async () => {
    const { page } = suite;
    await page.setViewportSize({ width: 375, height: 812 });
    await openWithRemoteOffline('student', '/dashboard/submissions', OFFLINE_TEXT);
    // nothing sticks out sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'shell-remote-failure-phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menu', { name: 'Dashboard' }).waitFor();
    await page.waitForTimeout(400); // the drawer slides in
    await screenshot(page, 'shell-remote-failure-phone-menu');
    await page.keyboard.press('Escape');

    await backOnlineAndRetry('student');
    await page.getByRole('heading', { level: 1, name: 'My Submissions' }).waitFor({ timeout: 30_000 });
    expect(await sameDocument()).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('a screen whose chunk fails inside the loaded dashboard shows the retry screen in the frame; Try Again fetches it', async () => {
    const { p, page } = suite;
    await page.goto(`${p.gatewayUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor({ timeout: 30_000 });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.route('**/mf/student/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('menu', { name: 'Dashboard' }).getByText('Profile').click();
    await page.getByText(OFFLINE_TEXT).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('menu', { name: 'Dashboard' }).isVisible()).toBe(true);

    await backOnlineAndRetry('student');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor({ timeout: 30_000 });
    expect(await sameDocument()).toBe(true);
  });

  it('keeps the back office frame; choosing a page in its menu tries the remote again', async () => {
    const { page } = suite;
    await signIn(admin);
    await openWithRemoteOffline('admin', '/admin', 'The admin area could not be loaded');
    const menu = page.getByRole('menu', { name: 'Admin' });
    await menu.waitFor();
    await screenshot(page, 'shell-admin-remote-failure');

    await page.unroute('**/mf/admin/**');
    await menu.getByText('Users').click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor({ timeout: 30_000 });
    expect(await sameDocument()).toBe(true);
  });
});

/** The levels of the visible headings, in document order. */
const headingLevels = () =>
  suite.page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => h.getClientRects().length > 0)
      .map((h) => ({ level: Number(h.tagName[1]), text: h.textContent!.trim().slice(0, 60) })),
  );

async function expectOneTitle(path: string, title: string | RegExp) {
  const { p, page } = suite;
  await page.goto(`${p.gatewayUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // the screen as loaded: a loading skeleton's title is an empty h3 (seen under load on Admin Settings)
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton-active'));
  const headings = await headingLevels();
  expect({ path, h1: headings.filter((h) => h.level === 1).length }).toEqual({ path, h1: 1 });
  // below the title, a heading is at most one level deeper than the one before it (a failure names the screen's headings)
  const skipped = headings.filter((h, i) => h.level > (i === 0 ? 1 : headings[i - 1].level) + 1);
  expect({ path, skipped, headings }).toEqual({ path, skipped: [], headings });
}

describe('headings', () => {
  it('every screen has one h1, its title, and no skipped levels', async () => {
    await signIn(null);
    await expectOneTitle('/', 'Rubric-based feedback on your IB essays in minutes');
    await expectOneTitle('/auth', 'Welcome back');
    await expectOneTitle('/privacy-policy', 'Privacy Policy');
    await signIn(student);
    await expectOneTitle('/dashboard', /^Welcome back, /);
    await expectOneTitle('/dashboard/submissions', 'My Submissions');
    await expectOneTitle(`/dashboard/results/${evaluationId}`, 'Influenza and public health');
    await expectOneTitle(`/results/${evaluationId}`, 'Influenza and public health');
    await expectOneTitle(`/report/${evaluationId}`, 'Influenza and public health');
    await signIn(admin);
    await expectOneTitle('/admin', 'Admin Dashboard');
    await expectOneTitle('/admin/submissions', 'Submissions Management');
    await expectOneTitle(`/admin/submissions/${evaluationId}`, 'Influenza and public health');
    await expectOneTitle('/admin/users', 'User Management');
    await expectOneTitle('/admin/rubrics', 'Rubric Management');
    // the policy's own '# Privacy Policy' is an h2 under the screen's title in the preview
    await expectOneTitle('/admin/policies', 'Policies & CMS');
    await expectOneTitle('/admin/links', 'Social Media Links Manager');
    await expectOneTitle('/admin/settings', 'Admin Settings');
  });
});

/** Opens `path` (signed in as `who`, or signed out) and waits for its h1 and a quiet page. */
async function open(path: string, who: StoredSession | null) {
  const { p, page } = suite;
  if (who) await storeSession(page, p.gatewayUrl, who);
  else {
    await page.goto(`${p.gatewayUrl}/privacy-policy`);
    await page.evaluate(() => localStorage.clear());
  }
  await page.goto(`${p.gatewayUrl}${path}`);
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await settled(page);
}

describe('skip to main content (2.4.1)', () => {
  it.each([
    ['signed out', '/auth', null],
    ['student', '/dashboard', 'student'],
    ['back office', '/admin/submissions', 'admin'],
  ] as const)('%s: the first Tab stop, visible, and Enter moves the focus into main', async (_name, path, who) => {
    const { page } = suite;
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(path, who === 'student' ? student : who === 'admin' ? admin : null);
    // from the top of the document, as after loading the page
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const link = page.getByRole('link', { name: 'Skip to main content' });
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await focusStop(page)).visible).toBe(true);
    const box = await link.boundingBox();
    expect(box && box.y >= 0 && box.x >= 0 && box.width > 0).toBeTruthy();
    await reviewShot(page, `skip-link-${who ?? 'signed-out'}`);

    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(await page.evaluate(() => document.querySelectorAll('main').length)).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    expect(page.url()).not.toContain('#');
  });
});

describe('reflow at 320 CSS px (1.4.10)', () => {
  it.each([
    ['landing', (): string => '/', null],
    ['sign in', (): string => '/auth', null],
    ['student overview', (): string => '/dashboard', 'student'],
    ['upload wizard', (): string => '/upload/ee', 'student'],
    ['result', (): string => `/results/${evaluationId}`, 'student'],
    ['admin submissions', (): string => '/admin/submissions', 'admin'],
  ] as const)('%s: no sideways scrolling of the page', async (name, path, who) => {
    const { page } = suite;
    await page.setViewportSize({ width: 320, height: 640 });
    await open(path(), who === 'student' ? student : who === 'admin' ? admin : null);
    const width = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
    await reviewShot(page, `reflow-320-${name.replace(/ /g, '-')}`);
    expect(width.inner).toBe(320);
    // the page's scrolling width is within the window (scrollWidth <= innerWidth); what reaches past it is named
    const over = width.scroll - width.inner;
    expect({ name, over: Math.max(0, over), past: over > 0 ? await sideways(page) : [] }).toEqual({ name, over: 0, past: [] });
  });

  it("the result page's review card: its whole title, wrapped, not cut short ('Review of your…')", async () => {
    const { page } = suite;
    await page.setViewportSize({ width: 320, height: 640 });
    await open(`/results/${evaluationId}`, student);
    const card = page.getByTestId('review-outcome');
    await card.scrollIntoViewIfNeeded();
    const title = await card.locator('.ant-card-head-title').evaluate((el) => ({
      text: el.textContent,
      cut: el.scrollWidth > el.clientWidth,
      inside: el.getBoundingClientRect().right <= window.innerWidth,
    }));
    // the page, and the card alone (tests/artifacts/screenshots and /tmp/shots)
    const shot = await reviewShot(page, 'reflow-320-review-card');
    await card.screenshot({ path: shot.replace(/\.png$/, '-alone.png') });
    await card.screenshot({ path: '/tmp/shots/reflow-320-review-card-alone.png' });
    expect(title).toEqual({ text: 'Review of your essay', cut: false, inside: true });
  });
});
