/**
 * The shell in French and Spanish (issue 36): its screens follow the page's language, the header's
 * picker keeps a signed-out choice on the device and saves a signed-in one to the profile, and a
 * user's saved language (or their school's default) applies when they sign in.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createClient, currentLocale, setLocale, type Locale } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { render } from '../../test-support/render';
import { fakeFetch, res, viewportWidth, type Call } from '../../test-support/helpers';
import { loadCatalog } from '../src/i18n/catalog';
import { SessionProvider } from '../src/session';
import { Header } from '../src/components/Header';
import { Landing } from '../src/pages/Landing';
import { AuthPage } from '../src/pages/AuthPage';
import { ResetPasswordPage } from '../src/pages/SimplePages';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;

const USER = { id: 'u1', email: 'ana@school.org', role: 'student', user_type: 'student', first_name: 'Ana', last_name: 'Ruiz' };

function storeSession(user: object) {
  localStorage.setItem('access_token', jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('refresh_token', 'r1');
  localStorage.setItem('user', JSON.stringify(user));
}

const apiPath = (c: Call) => c.url.replace(/^.*\/api\/v1/, '').split('?')[0]!;

/** The app's providers as App.tsx has them (AntdRoot with the shell's catalogue), at `path`. */
function renderShell(path: string, routes: React.ReactNode, handler: (c: Call) => Response = () => res(404, { detail: 'Not found' })) {
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  render(
    <AntdRoot catalog={loadCatalog}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider client={client}>
          <Routes>{routes}</Routes>
        </SessionProvider>
      </MemoryRouter>
    </AntdRoot>,
  );
  return f;
}

const select = () => screen.getAllByRole('combobox', { name: /^(Language|Langue|Idioma)$/ })[0]!;

// a desktop's width: the header's full bar (Sign In, the role, Logout) rather than the slide-in menu
let restoreWidth: () => void;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.setItem('corestone_splash_seen', '1');
  restoreWidth = viewportWidth(1280);
});
afterEach(() => {
  restoreWidth();
  act(() => setLocale('en'));
});

describe('screens in French and Spanish', () => {
  const landing = (
    <Route
      path="/"
      element={
        <>
          <Header />
          <Landing />
        </>
      }
    />
  );

  test.each<[Locale, string, string, string]>([
    ['fr', 'Des commentaires fondés sur les critères de l’IB pour vos essais, en quelques minutes', 'Évaluer un mémoire', 'Se connecter'],
    ['es', 'Comentarios basados en los criterios del IB para tus ensayos en minutos', 'Evaluar Monografía', 'Iniciar sesión'],
  ])('the landing and its header in %s', async (locale, title, gradeEe, signIn) => {
    act(() => setLocale(locale));
    renderShell('/', landing);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: gradeEe }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: signIn }).length).toBeGreaterThan(0);
    expect(screen.queryByText('Rubric-based feedback on your IB essays in minutes')).toBeNull();
    expect(document.documentElement.lang).toBe(locale);
  });

  test('the sign-in card and its validation toast in French, the sign-up card in Spanish', async () => {
    act(() => setLocale('fr'));
    renderShell('/auth', <Route path="/auth" element={<AuthPage />} />);
    expect(await screen.findByRole('heading', { name: 'Bon retour' })).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    fireEvent.click(screen.getByTestId('auth-submit'));
    // validation.ts answers English; the screen shows it in the page's language
    expect(await screen.findByText('L’adresse e-mail est obligatoire')).toBeTruthy();
    act(() => setLocale('es'));
    fireEvent.click(await screen.findByRole('button', { name: 'Regístrate' }));
    expect(await screen.findByRole('heading', { name: 'Crea tu cuenta' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Profesor' })).toBeTruthy();
  });

  test('the reset-password page in Spanish', async () => {
    act(() => setLocale('es'));
    renderShell('/reset-password?token=t', <Route path="/reset-password" element={<ResetPasswordPage />} />);
    expect(await screen.findByRole('heading', { name: 'Elige una contraseña nueva' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    expect(await screen.findByText('La contraseña es obligatoria')).toBeTruthy();
  });
});

describe('the language picker', () => {
  const header = <Route path="/" element={<Header />} />;

  test('signed out: the page switches and the choice is kept on this device, nothing is sent', async () => {
    const f = renderShell('/', header);
    fireEvent.change(select(), { target: { value: 'fr' } });
    expect(await screen.findAllByRole('button', { name: 'Se connecter' })).not.toHaveLength(0);
    expect(currentLocale()).toBe('fr');
    expect(localStorage.getItem('corestone.locale')).toBe('fr');
    expect(f.calls.filter((c) => apiPath(c) === '/users/me')).toEqual([]);
  });

  test('signed in: saved to the profile (PUT /users/me { locale }) and shown at once, not kept on the device', async () => {
    storeSession(USER);
    let answer!: (r: Response) => void;
    const f = renderShell('/', header, (c) => {
      if (apiPath(c) === '/users/me' && c.method === 'PUT') return new Promise<Response>((r) => (answer = r)) as unknown as Response;
      if (apiPath(c) === '/auth/me' || apiPath(c) === '/users/me') return res(200, USER);
      return res(404, { detail: 'Not found' });
    });
    await screen.findAllByTestId('role-label');
    fireEvent.change(select(), { target: { value: 'es' } });
    // the page is in Spanish before the server has answered
    expect(await screen.findAllByRole('button', { name: 'Cerrar sesión' })).not.toHaveLength(0);
    const put = f.calls.find((c) => apiPath(c) === '/users/me' && c.method === 'PUT');
    expect(put?.body).toEqual({ locale: 'es' });
    await act(async () => answer(res(200, { ...USER, locale: 'es' })));
    expect(currentLocale()).toBe('es');
    expect(localStorage.getItem('corestone.locale')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!).locale).toBe('es');
  });

  test('signed in, the profile refuses: the page keeps the language and says it was not saved', async () => {
    storeSession(USER);
    renderShell('/', header, (c) =>
      apiPath(c) === '/users/me' && c.method === 'PUT' ? res(400, { detail: 'Refused', code: 'VALIDATION_ERROR' }) : res(200, USER),
    );
    await screen.findAllByTestId('role-label');
    fireEvent.change(select(), { target: { value: 'fr' } });
    expect(await screen.findByText('Langue non enregistrée')).toBeTruthy();
    expect(currentLocale()).toBe('fr');
  });
});

describe('the user’s language on sign-in and restore', () => {
  test('a restored session takes the profile’s language over the device’s', async () => {
    localStorage.setItem('corestone.locale', 'es');
    storeSession({ ...USER, locale: 'fr' });
    renderShell('/', <Route path="/" element={<Header />} />, () => res(200, { ...USER, locale: 'fr' }));
    expect(await screen.findAllByRole('button', { name: 'Déconnexion' })).not.toHaveLength(0);
    expect(currentLocale()).toBe('fr');
  });

  test('signing in applies the school’s default when the person chose none', async () => {
    const user = { ...USER, locale: null, school: { id: 's1', name: 'Lycée', role: 'student', status: 'active', default_locale: 'fr' } };
    renderShell('/auth', <Route path="/auth" element={<AuthPage />} />, (c) =>
      apiPath(c) === '/auth/login'
        ? res(200, { access_token: jwt({ sub: 'u1', exp: 9999999999 }), refresh_token: 'r', user })
        : res(200, user),
    );
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@school.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(currentLocale()).toBe('fr'));
    expect(localStorage.getItem('corestone.locale')).toBeNull();
  });
});
