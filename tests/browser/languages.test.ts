/**
 * The interface in French and Spanish in real Chromium (issue 36): a visitor switches the landing to
 * French from the header (kept on the device: `/` is then rendered in French rather than hydrated
 * from its English prerender), signs up in French, reads the header and the student overview in
 * French, switches to Spanish from the dashboard's top bar (saved to the profile: a reload with the
 * device's choice gone stays Spanish), and the landing, sign-in and signed-in pages are screenshot
 * in each language, at a desktop's width and a 375 px phone's. A French student's graded essay shows
 * the rubric's French criterion names and band texts on the results page and in the report (the
 * result is stored in English; evaluation answers it in the reader's language).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/platform';
import { screenshot, SCREENSHOTS, storeSession } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { EE_ESSAY } from '../fixtures/essays';

const suite = browserSuite({
  setup: ({ page }) => {
    // a hydration mismatch (or any other React fault) is reported as a console error
    page.on('console', (msg) => {
      // a failed request is the network's (a service still starting answers 503), not a rendering fault
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) consoleErrors.push(msg.text());
    });
  },
});
const consoleErrors: string[] = [];

const picker = (page: Page) => page.getByRole('combobox', { name: /^(Language|Langue|Idioma)$/ }).first();

/** Nothing wider than the window (a phone never scrolls sideways); the offending elements' texts otherwise. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.children.length === 0)
      .map((el) => `${el.tagName} ${(el.textContent ?? '').slice(0, 60)}`)
      .slice(0, 10);
  });
}

/** A phone's screens of the landing, one viewport each (a full-page shot of a 375 px page is too narrow to read). */
async function phoneLandingShots(page: Page, name: string): Promise<void> {
  const dir = SCREENSHOTS;
  for (const part of ['header', '#sample-preview', '[data-testid=sample-report]', '#pricing']) {
    await page.locator(part).first().scrollIntoViewIfNeeded();
    if (part === 'header') await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(dir, `${name}-${part.replace(/\W+/g, '')}.png`) });
  }
}

/**
 * The header's links and buttons that wrap onto a second line or stick out of the window. After a
 * resize antd re-renders for its breakpoints a moment later: the check is given up to 3 s to settle.
 */
async function headerProblems(page: Page): Promise<string[]> {
  let problems = await headerProblemsNow(page);
  for (let i = 0; i < 15 && problems.length > 0; i++) {
    await page.waitForTimeout(200);
    problems = await headerProblemsNow(page);
  }
  return problems;
}

async function headerProblemsNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('header a, header button, header select')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > width || r.height > 40;
      })
      .map((el) => `${el.tagName} "${el.textContent}" ${JSON.stringify(el.getBoundingClientRect())}`);
  });
}

const HERO = {
  en: 'Rubric-based feedback on your IB essays in minutes',
  fr: 'Des commentaires fondés sur les critères de l’IB pour vos essais, en quelques minutes',
  es: 'Comentarios basados en los criterios del IB para tus ensayos en minutos',
};

it('switches the landing to French from the header, keeps it on this device and renders / in French after a reload', async () => {
  const { p, page, pageErrors } = suite;
  await page.goto(`${p.gatewayUrl}/`);
  await page.getByRole('heading', { level: 1, name: HERO.en }).waitFor();
  await picker(page).selectOption('fr');
  await page.getByRole('heading', { level: 1, name: HERO.fr }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('corestone.locale')])).toEqual(['fr', 'fr']);
  expect(await page.getByRole('button', { name: 'Se connecter' }).first().isVisible()).toBe(true);

  // the prerendered page is English: for a French visitor it is rendered, not hydrated (no mismatch)
  await page.reload();
  await page.getByRole('heading', { level: 1, name: HERO.fr }).waitFor();
  await page.getByText('Comment fonctionne l’évaluation par IA').waitFor();
  await page.getByTestId('testimonials').waitFor();
  expect(await picker(page).inputValue()).toBe('fr');
  await screenshot(page, 'lang-fr-landing');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByLabel('Ouvrir le menu').waitFor();
  expect(await overflow(page)).toEqual([]);
  await phoneLandingShots(page, 'lang-fr-landing-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

it('signs up in French, reads the header and the overview in French, then switches to Spanish in the profile', async () => {
  const { p, page, pageErrors } = suite;
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByRole('heading', { name: 'Bon retour' }).waitFor();
  await screenshot(page, 'lang-fr-signin');
  await page.getByTestId('auth-toggle').click();
  await page.getByRole('heading', { name: 'Créez votre compte' }).waitFor();
  await page.getByLabel('Nom complet').fill('Camille Martin');
  await page.getByLabel('E-mail').fill(uniqueEmail('fr'));
  await page.getByLabel('Mot de passe').fill('a-good-password');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL(/\/dashboard/);
  // the student overview (the student remote's own texts)
  await page.getByText(/^Bienvenue, Camille/).waitFor();
  expect(await picker(page).inputValue()).toBe('fr');

  // the shell's header, signed in
  await page.goto(`${p.gatewayUrl}/`);
  await page.getByRole('link', { name: 'Tableau de bord' }).waitFor();
  expect(await page.getByRole('button', { name: 'Déconnexion' }).isVisible()).toBe(true);
  expect(await page.getByTestId('role-label').innerText()).toBe('Élève');
  await page.getByRole('heading', { level: 1, name: HERO.fr }).waitFor();
  expect(await headerProblems(page)).toEqual([]);
  await screenshot(page, 'lang-fr-signed-in');
  // the narrowest width with the full bar (antd's lg)
  await page.setViewportSize({ width: 992, height: 900 });
  await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
  expect(await headerProblems(page)).toEqual([]);
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'lang-fr-header-992.png'),
    clip: { x: 0, y: 0, width: 992, height: 80 },
  });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Spanish from the dashboard's top bar: saved to the profile
  await page.goto(`${p.gatewayUrl}/dashboard`);
  await page.getByText(/^Bienvenue, Camille/).waitFor();
  const saved = page.waitForResponse((r) => r.url().endsWith('/users/me') && r.request().method() === 'PUT');
  await picker(page).selectOption('es');
  expect((await saved).status()).toBe(200);
  await page.getByText(/Bienvenido\/a, Camille/).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  await screenshot(page, 'lang-es-dashboard');
  const me = await page.evaluate(async () => {
    const r = await fetch('/api/v1/users/me', { headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    return (await r.json()) as { locale?: string };
  });
  expect(me.locale).toBe('es');

  // the device's choice gone, the profile decides: Spanish after a reload
  await page.evaluate(() => localStorage.removeItem('corestone.locale'));
  await page.reload();
  await page.getByText(/Bienvenido\/a, Camille/).waitFor();
  await page.goto(`${p.gatewayUrl}/`);
  await page.getByRole('heading', { level: 1, name: HERO.es }).waitFor();
  expect(await page.getByRole('button', { name: 'Cerrar sesión' }).isVisible()).toBe(true);
  expect(await headerProblems(page)).toEqual([]);
  await screenshot(page, 'lang-es-signed-in');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${p.gatewayUrl}/dashboard`);
  await page.getByText(/Bienvenido\/a, Camille/).waitFor();
  expect(await overflow(page)).toEqual([]);
  await screenshot(page, 'lang-es-dashboard-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  // signed out, the page keeps the language it had until it is loaded again
  await page.goto(`${p.gatewayUrl}/`);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL(`${p.gatewayUrl}/`);
  await page.getByRole('heading', { level: 1, name: HERO.es }).waitFor();
  await screenshot(page, 'lang-es-landing');
  // a new page load signed out: the profile is not known any more and the device has no choice (removed above)
  await page.goto(`${p.gatewayUrl}/auth`);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await picker(page).selectOption('es');
  await page.getByRole('heading', { name: 'Hola de nuevo' }).waitFor();
  await screenshot(page, 'lang-es-signin');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${p.gatewayUrl}/`);
  await page.getByRole('heading', { level: 1, name: HERO.es }).waitFor();
  await page.getByTestId('testimonials').waitFor();
  expect(await overflow(page)).toEqual([]);
  await phoneLandingShots(page, 'lang-es-landing-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

it('shows a French visitor the splash in French and never the English prerender, then renders / in French', async () => {
  const { p, browser } = suite;
  const page = await browser.context.newPage(); // a new tab: the splash of a first load
  try {
    await page.goto(`${p.gatewayUrl}/favicon.svg`);
    await page.evaluate(() => localStorage.setItem('corestone.locale', 'fr'));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route('**/main.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${p.gatewayUrl}/`, { waitUntil: 'commit' });
    // before any of the app's scripts: the gate chose the language
    await page.getByText('Bienvenue sur Corestone').waitFor({ state: 'visible' });
    expect(await page.getByText('Welcome to Corestone').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1, name: HERO.en }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await screenshot(page, 'lang-fr-splash');
    release();
    await page.getByRole('heading', { level: 1, name: HERO.fr }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: HERO.en }).count()).toBe(0);
  } finally {
    await page.close();
  }
});

it('shows a French student the rubric’s French criterion names on the results page and in the report', async () => {
  const { p, page, pageErrors } = suite;
  const signup = await p.api.signup(uniqueEmail('fr-results'), 'a-good-password');
  expect(signup.status).toBe(201);
  const token = signup.body.access_token;
  const chosen = await p.api.call('PUT', '/users/me', { token, json: { locale: 'fr' } });
  expect(chosen.status).toBe(200);
  // the EE default, whose seeded French texts name criterion A 'Orientation et méthode'
  const rubrics = await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token });
  const rubric = rubrics.body[0];
  const form = p.api.essayForm(
    EE_ESSAY,
    { title: 'La grippe de 1918 au Canada', essay_type: 'ee', rubric_id: rubric.id, subject_area: 'History' },
    'grippe.txt',
  );
  const submitted = await p.api.call('POST', '/evaluation/evaluate-async', { token, form });
  expect(submitted.status).toBe(201);
  const done = await p.api.waitForEvaluation(submitted.body.id, token, 120_000);
  expect(done.status).toBe('completed');
  // stored and answered in English to an English reader: graders and results keep the rubric's own names
  expect(done.results.criteria[0]).toMatchObject({ code: 'A', name: 'Focus and Method' });

  await storeSession(page, p.gatewayUrl, { access_token: token, refresh_token: signup.body.refresh_token, user: chosen.body });
  await page.evaluate(() => localStorage.setItem('corestone.locale', 'fr'));
  await page.goto(`${p.gatewayUrl}/dashboard/results/${done.id}`);
  await page.getByTestId('results-completed').waitFor({ timeout: 30_000 });
  const first = page.getByTestId('criterion-A');
  await first.getByText('Orientation et méthode').waitFor();
  // every criterion card's heading in French (the graders' own feedback stays in the essay's language)
  expect(await page.locator('.criterion-card h3').allInnerTexts()).toEqual([
    'Orientation et méthode',
    'Connaissances et compréhension',
    'Pensée critique',
    'Présentation',
    'Engagement',
  ]);
  await first.scrollIntoViewIfNeeded();
  await screenshot(page, 'lang-fr-results-criteria');

  await page.goto(`${p.gatewayUrl}/report/${done.id}`);
  await page.getByTestId('deep-overview').waitFor({ timeout: 30_000 });
  await page.getByText('Orientation et méthode').first().waitFor();
  await screenshot(page, 'lang-fr-report');
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
}, 300_000);
