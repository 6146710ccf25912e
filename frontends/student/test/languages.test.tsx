import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocale, normalizeUser, setLocale, type Locale, type SessionUser } from '@corestone/sdk';
import ReportPage from '../src/exposes/ReportPage';
import { renderRemote } from '../../test-support/remote';
import { res, type Call } from '../../test-support/helpers';
import { choose } from '../../test-support/interact';
import { renderDashboard } from './render-dashboard';
import { chooseEssayFile, criterion, student } from './fixtures';
import { createIntl } from 'react-intl';
import { navLabel } from '../src/lib/navigationLabels';
import fr from '../src/i18n/fr.json';
import es from '../src/i18n/es.json';

// the student screens in French and Spanish (issue 36): the build's catalogue is loaded for the
// page's language (sdk setLocale), numbers and dates follow it, server content stays as sent
beforeAll(() =>
  Promise.all([
    import('../src/pages/Submissions'),
    import('../src/pages/UploadWizard'),
    import('../src/pages/Results'),
    import('../src/pages/Profile'),
    import('../src/pages/Plans'),
    import('../src/i18n/fr.json'),
    import('../src/i18n/es.json'),
  ]),
);
afterEach(() => setLocale('en'));

const completed = {
  id: 'e1',
  title: 'Causes of the 1929 Crash',
  essay_type: 'ee',
  status: 'completed',
  extractedWordCount: 3987,
  processingTime: 42.3,
  created_at: '2025-03-02T10:00:00Z',
  rubric: { id: 'rb1', title: 'IB Extended Essay 2027' },
  results: {
    overallGrade: 'B',
    totalPoints: 25,
    maxPoints: 34,
    percentage: 74,
    criteria: [criterion('A', 'Focus and Method', 5, 6), criterion('B', 'Knowledge and Understanding', 4, 6)],
    overallSummary: { holisticCommentary: 'A well-argued essay.', nextSteps: [], strengths: [], improvements: [] },
    insight_feedback: {},
    grader: 'builtin',
  },
};
// half points and a count above a thousand: the decimal comma and the locale's grouping (not antd's ',')
const decimal = {
  ...completed,
  id: 'e2',
  results: {
    ...completed.results,
    totalPoints: 27.5,
    criteria: [criterion('A', 'Focus and Method', 4.5, 6), criterion('B', 'Knowledge and Understanding', 5, 6)],
    textMetrics: {
      words: 4210,
      bodyWords: 3987,
      wordLimit: 4000,
      paragraphs: 12,
      sentences: 190,
      averageSentenceLength: 21,
      sentenceLengthVariation: 0.4,
      lexicalDiversity: 0.7,
      readabilityGrade: 12.5,
      citations: 14,
      bibliographyEntries: 9,
      citationStyle: 'APA',
    },
  },
};
const PLANS = [
  { name: 'free', display_name: 'Free', description: 'Try it', price: 0, billing_period: 'one_time', essay_credits: 1, features: [] },
  {
    name: 'core_pack',
    display_name: 'Core Pack',
    description: 'Occasional',
    price: 35.99,
    billing_period: 'one_time',
    essay_credits: 5,
    features: [],
  },
];

const api =
  (extra: Record<string, (c: Call) => Response> = {}) =>
  (c: Call) => {
    const p = c.url.replace(/^.*\/api\/v1/, '').split('?')[0]!;
    if (extra[p]) return extra[p]!(c);
    if (p === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
    if (p === '/evaluation/my-evaluations') return res(200, { evaluations: [completed], total: 1 });
    if (p === '/evaluation/e1') return res(200, completed);
    if (p === '/evaluation/e2') return res(200, decimal);
    if (p === '/plans/plans') return res(200, PLANS);
    if (p === '/rubrics/active')
      return res(200, [
        { id: 'rb1', title: 'IB EE', rubric_type: 'ee', status: 'active', scoring_structure: { total_points: 34, criteria: [] } },
      ]);
    if (p === '/general/tok-prescribed-titles') return res(200, { success: true, data: { titles: [] } });
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  };

const open = (locale: Locale, path: string, handler = api(), user: SessionUser = student) => {
  setLocale(locale);
  return renderDashboard(path, handler, user);
};
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });
/** Text with the no-break spaces French puts before ':', '!', '%' made plain, so expectations read naturally. */
const plain = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const TEXTS = {
  fr: {
    welcome: 'Bon retour, Ann !',
    recent: 'Soumissions récentes',
    average: 'Note moyenne',
    upload: 'Déposer un mémoire (EE)',
    continue: 'Continuer',
    noFile: 'Déposez un fichier',
    reviewSubmit: 'Vérifier et envoyer',
    category: 'Catégorie de matière',
    submissions: 'Mes soumissions',
    counts: '1 au total · 1 terminées · 0 en traitement',
    breakdown: 'Détail par critère',
    percent: '74 %',
    words: '3 987',
    // a decimal with the comma (42.3 s)
    seconds: '42,3 s',
    deepTab: 'Analyse approfondie',
    // 4210 words: a narrow no-break space groups it ('4 210' once made plain)
    measuredWords: '4 210',
    wordsTitle: 'Mots',
    recommendations: "Recommandations d'expert",
    plansTitle: 'Gérer votre offre',
    price: '35,99 $US',
    profile: 'Profil',
    personal: 'Informations personnelles',
    language: 'Langue',
  },
  es: {
    welcome: '¡Hola de nuevo, Ann!',
    recent: 'Envíos recientes',
    average: 'Nota media',
    upload: 'Subir Monografía',
    continue: 'Continuar',
    noFile: 'Sube un archivo',
    reviewSubmit: 'Revisar y enviar',
    category: 'Categoría de asignatura',
    submissions: 'Mis envíos',
    counts: '1 en total · 1 completados · 0 en proceso',
    breakdown: 'Desglose por criterio',
    percent: '74 %',
    words: '3987',
    seconds: '42,3 s',
    deepTab: 'Análisis en profundidad',
    // Spanish groups from five digits on
    measuredWords: '4210',
    wordsTitle: 'Palabras',
    recommendations: 'Recomendaciones de experto',
    plansTitle: 'Gestiona tu plan',
    price: '35,99 US$',
    profile: 'Perfil',
    personal: 'Información personal',
    language: 'Idioma',
  },
} as const;

describe.each(['fr', 'es'] as const)('in %s', (locale) => {
  const t = TEXTS[locale];

  test('overview: greeting, stats and recent submissions', async () => {
    open(locale, '/dashboard');
    await waitFor(() => expect(plain(screen.getByTestId('welcome'))).toBe(t.welcome));
    expect(screen.getByText(t.recent)).toBeTruthy();
    expect(screen.getByTestId('stat-average-grade').textContent).toContain(t.average);
    // the student's own title is never translated
    expect(screen.getByText('Causes of the 1929 Crash')).toBeTruthy();
  });

  test('upload wizard: the upload step refuses no file, the metadata step asks for the category', async () => {
    open(locale, '/dashboard/upload/ee');
    expect(await screen.findByText(t.upload)).toBeTruthy();
    await click(screen.getByRole('button', { name: t.continue }));
    expect(await screen.findByText(t.noFile, { selector: '#upload-file-error' })).toBeTruthy();
    await chooseEssayFile();
    await click(screen.getByRole('button', { name: t.continue }));
    expect(await screen.findByTestId('step-metadata')).toBeTruthy();
    expect(screen.getByText(t.category)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.reviewSubmit })).toBeTruthy();
  });

  test('results list: the counts in words', async () => {
    open(locale, '/dashboard/submissions');
    expect(await screen.findByText(t.submissions)).toBeTruthy();
    await waitFor(() => expect(document.body.textContent).toContain(t.counts));
  });

  test('a result: criterion breakdown and numbers in the locale', async () => {
    open(locale, '/dashboard/results/e1');
    expect(await screen.findByText(t.breakdown)).toBeTruthy();
    const metrics = plain(screen.getByTestId('results-completed'));
    expect(metrics).toContain(t.percent);
    expect(metrics).toContain(t.words);
    expect(metrics).toContain(t.seconds);
    expect(metrics).not.toContain('42.3');
  });

  test('report: tabs in the locale', async () => {
    setLocale(locale);
    renderRemote(ReportPage, '/report/:id', { path: '/report/e1', handler: api(), user: student });
    expect(await screen.findByText(t.deepTab)).toBeTruthy();
    expect(screen.getByText(t.recommendations)).toBeTruthy();
    expect(screen.getByText('Focus and Method', { exact: false })).toBeTruthy();
  });

  test('a result and its report: criterion scores and totals with the decimal comma (4,5, not 4.5)', async () => {
    open(locale, '/dashboard/results/e2');
    expect(await screen.findByText(t.breakdown)).toBeTruthy();
    expect(plain(screen.getByTestId('total-points'))).toBe('27,5 / 34');
    expect(within(screen.getByTestId('criterion-A')).getByTestId('criterion-score').textContent).toBe('4,5');
    expect(plain(screen.getByTestId('criterion-A'))).toContain('4,5 / 6');
    expect(plain(screen.getByTestId('results-completed'))).not.toMatch(/27\.5|4\.5/);
    cleanup();

    renderRemote(ReportPage, '/report/:id', { path: '/report/e2', handler: api(), user: student });
    expect(await screen.findByText(t.deepTab)).toBeTruthy();
    // the header's Points and the deep analysis's criterion lines
    await waitFor(() => expect(plain(document.body)).toContain('27,5 / 34'));
    expect(plain(document.body)).toContain('4,5 / 6');
    expect(plain(document.body)).not.toMatch(/27\.5|4\.5/);
  });

  test("the report's counts grouped the locale's way, not with antd's ','", async () => {
    setLocale(locale);
    renderRemote(ReportPage, '/report/:id', { path: '/report/e2?tab=insights', handler: api(), user: student });
    const words = (await screen.findByText(t.wordsTitle)).closest('.ant-statistic');
    expect(plain(words!.querySelector('.ant-statistic-content'))).toBe(t.measuredWords);
    expect(plain(document.body)).not.toContain('4,210');
  });

  test('plans: title and prices in the locale', async () => {
    open(locale, '/dashboard/plans');
    expect(await screen.findByText(t.plansTitle)).toBeTruthy();
    await waitFor(() => expect(plain(screen.getByTestId('plan-core_pack'))).toContain(t.price));
  });

  test('profile: the page and its language setting', async () => {
    open(locale, '/dashboard/profile');
    expect(await screen.findByRole('heading', { level: 1, name: t.profile })).toBeTruthy();
    expect(screen.getByText(t.personal)).toBeTruthy();
    expect(screen.getByTestId('language-setting').textContent).toContain(t.language);
  });
});

test('in English the scores and counts read as before: 4.5, 27.5 / 34, 4,210', async () => {
  open('en', '/dashboard/results/e2');
  expect(await screen.findByText('Criterion breakdown')).toBeTruthy();
  expect(screen.getByTestId('total-points').textContent).toBe('27.5 / 34');
  expect(within(screen.getByTestId('criterion-A')).getByTestId('criterion-score').textContent).toBe('4.5');
  cleanup();
  setLocale('en');
  renderRemote(ReportPage, '/report/:id', { path: '/report/e2?tab=insights', handler: api(), user: student });
  const words = (await screen.findByText('Words')).closest('.ant-statistic');
  expect(words!.querySelector('.ant-statistic-content')!.textContent).toBe('4,210');
  expect(document.body.textContent).toContain('27.5 / 34');
});

test("the dashboard menu's labels in each language (navigation.ts stays English data)", () => {
  const label = (messages: Record<string, string>, locale: string) =>
    navLabel(createIntl({ locale, defaultLocale: 'en', messages }), 'profile', 'Profile');
  expect([label({}, 'en'), label(fr, 'fr'), label(es, 'es')]).toEqual(['Profile', 'Profil', 'Perfil']);
  expect(navLabel(createIntl({ locale: 'fr', messages: fr }), 'unknown-item', 'Kept')).toBe('Kept');
});

describe('the profile language setting', () => {
  const withSchool = normalizeUser({
    id: 'u1',
    email: 'ann@school.org',
    first_name: 'Ann',
    last_name: 'Lee',
    user_type: 'student',
    essay_credits: 3,
    max_essay_credits: 5,
    school: { id: 's1', name: 'Lycée', status: 'active', role: 'student', default_locale: 'es' },
  })!;

  test('choosing Français saves locale fr and switches the page at once', async () => {
    const f = open(
      'en',
      '/dashboard/profile',
      api({ '/users/me': (c) => res(200, { id: 'u1', email: 'ann@school.org', ...(c.body as object) }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    // no school: the default follows the browser
    expect(screen.getByTestId('language-setting').textContent).toContain('Same as my browser');
    await choose('profile-language', 'Français');
    await waitFor(() => expect(f.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(f.calls.find((c) => c.method === 'PUT')!.body).toEqual({ locale: 'fr' });
    expect(currentLocale()).toBe('fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(f.props.refreshUser).toHaveBeenCalled();
  });

  test("a school member's default is the school's language: saved as null", async () => {
    const me = { ...withSchool, locale: 'fr' as const };
    const f = open(
      'fr',
      '/dashboard/profile',
      api({ '/users/me': () => res(200, { id: 'u1', email: 'ann@school.org', locale: null }) }),
      me,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    await choose('profile-language', 'Comme mon école');
    await waitFor(() => expect(f.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(f.calls.find((c) => c.method === 'PUT')!.body).toEqual({ locale: null });
    // the school's default (Spanish) applies at once
    expect(currentLocale()).toBe('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeTruthy();
  });

  test('a refused save says so and keeps the language', async () => {
    open('en', '/dashboard/profile', api({ '/users/me': () => res(400, { detail: 'Bad locale', code: 'VALIDATION_ERROR' }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    await choose('profile-language', 'Español');
    expect(await screen.findByText('Bad locale')).toBeTruthy();
    expect(currentLocale()).toBe('en');
  });
});
