import { randomUUID } from 'node:crypto';
import { bearer, startAuth, uniqueEmail, type Harness } from './helpers';
import { FakeOidcProvider, type Identity } from '../../../tests/support/fake-oidc';

const APP = 'https://corestone.example';
let provider: FakeOidcProvider;
let h: Harness;

beforeAll(async () => {
  provider = new FakeOidcProvider();
  await provider.start();
  h = await startAuth('authg', {
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  });
});
afterAll(async () => {
  await h.close();
  await provider.stop();
});

/** Browser: /auth/google/login → provider → /auth/google/callback; returns where the app sends the browser. */
async function googleSignIn(identity: Identity, opts: { nonceOverride?: string; tamper?: (query: string) => string } = {}) {
  const start = await h.app.inject({ url: '/auth/google/login' });
  expect(start.statusCode).toBe(302);
  const authUrl = start.headers.location as string;
  expect(authUrl.startsWith(`${provider.issuer}/authorize?`)).toBe(true);
  let query = provider.approve(authUrl, identity, opts);
  if (opts.tamper) query = opts.tamper(query);
  const back = await h.app.inject({ url: `/auth/google/callback?${query}` });
  expect(back.statusCode).toBe(302);
  return { location: new URL(back.headers.location as string), query, authUrl };
}

const isFailure = (url: URL) => url.href === `${APP}/auth?error=google`;

it('says Google sign-in is offered when it is configured (public, no token)', async () => {
  const res = await h.app.inject({ url: '/auth/providers' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ google: true, microsoft: false });
});

it('sends the browser to the provider with state, nonce, PKCE S256 and the API callback as redirect_uri', async () => {
  const start = await h.app.inject({ url: '/auth/google/login' });
  const url = new URL(start.headers.location as string);
  expect(url.searchParams.get('redirect_uri')).toBe(`${APP}/api/v1/auth/google/callback`);
  expect(url.searchParams.get('scope')).toBe('openid email profile');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  const state = url.searchParams.get('state')!;
  // state, nonce and verifier are kept server-side with a short TTL
  const ttl = await h.infra.redis!.ttl(`${h.config.REDIS_PREFIX}auth:oidc:${state}`);
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(600);
});

it('creates a new Google user as a student and redirects to the app with tokens and oauth=success', async () => {
  const email = uniqueEmail('goog');
  const { location } = await googleSignIn({ sub: randomUUID(), email, email_verified: true, given_name: 'Gina', family_name: 'Google' });
  expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/google/callback`);
  expect(location.searchParams.get('oauth')).toBe('success');
  const access = location.searchParams.get('access_token')!;
  const me = await h.app.inject({ url: '/auth/me', headers: bearer(access) });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ email: email.toLowerCase(), role: 'student', first_name: 'Gina', last_name: 'Google' });
  const refreshed = await h.app.inject({
    method: 'POST',
    url: '/auth/refresh',
    payload: { refresh_token: location.searchParams.get('refresh_token') },
  });
  expect(refreshed.statusCode).toBe(200);
  // a Google-only account has no password to sign in with
  const login = await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: 'anything' } });
  expect(login.json().code).toBe('INCORRECT_PASSWORD');
});

it('signs the same Google identity into the same account next time', async () => {
  const identity = { sub: randomUUID(), email: uniqueEmail('again'), email_verified: true, name: 'Al Again' };
  const first = await googleSignIn(identity);
  const second = await googleSignIn(identity);
  const id = async (l: URL) => (await h.app.inject({ url: '/auth/me', headers: bearer(l.searchParams.get('access_token')!) })).json().id;
  expect(await id(first.location)).toBe(await id(second.location));
});

it('links an existing password account by e-mail only when the e-mail is verified', async () => {
  const s = await h.userWithSession('teacher');
  const unverified = await googleSignIn({ sub: randomUUID(), email: s.email, email_verified: false });
  expect(isFailure(unverified.location)).toBe(true);
  expect((await h.store.findById(s.user.id))?.google_sub).toBeNull();
  const sub = randomUUID();
  const verified = await googleSignIn({ sub, email: s.email.toUpperCase(), email_verified: true });
  expect(verified.location.searchParams.get('oauth')).toBe('success');
  const me = await h.app.inject({ url: '/auth/me', headers: bearer(verified.location.searchParams.get('access_token')!) });
  expect(me.json()).toMatchObject({ id: s.user.id, role: 'teacher' });
  expect((await h.store.findById(s.user.id))?.google_sub).toBe(sub);
  // the password still works too
  expect(
    (await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: s.email, password: s.password } })).statusCode,
  ).toBe(200);
});

it('refuses an unverified e-mail for a new account, and an identity without e-mail', async () => {
  expect(isFailure((await googleSignIn({ sub: randomUUID(), email: uniqueEmail('unv'), email_verified: false })).location)).toBe(true);
  expect(isFailure((await googleSignIn({ sub: randomUUID() })).location)).toBe(true);
});

it('fails on an unknown or replayed state, a wrong nonce and a tampered code', async () => {
  const identity = { sub: randomUUID(), email: uniqueEmail('st'), email_verified: true };
  const ok = await googleSignIn(identity);
  expect(ok.location.searchParams.get('oauth')).toBe('success');
  const replay = await h.app.inject({ url: `/auth/google/callback?${ok.query}` });
  expect(replay.headers.location).toBe(`${APP}/auth?error=google`);
  const forged = await h.app.inject({ url: `/auth/google/callback?code=abc&state=${randomUUID()}` });
  expect(forged.headers.location).toBe(`${APP}/auth?error=google`);
  const noState = await h.app.inject({ url: `/auth/google/callback?code=abc` });
  expect(noState.headers.location).toBe(`${APP}/auth?error=google`);
  const denied = await h.app.inject({ url: `/auth/google/callback?error=access_denied` });
  expect(denied.headers.location).toBe(`${APP}/auth?error=google`);
  expect(isFailure((await googleSignIn(identity, { nonceOverride: 'someone-elses-nonce' })).location)).toBe(true);
  expect(isFailure((await googleSignIn(identity, { tamper: (q) => q.replace(/code=[0-9a-f]+/, 'code=deadbeef') })).location)).toBe(true);
});

it('refuses a deactivated account', async () => {
  const sub = randomUUID();
  const email = uniqueEmail('deac');
  const first = await googleSignIn({ sub, email, email_verified: true });
  const me = await h.app.inject({ url: '/auth/me', headers: bearer(first.location.searchParams.get('access_token')!) });
  h.users.set(me.json().id, { is_active: false });
  expect(isFailure((await googleSignIn({ sub, email, email_verified: true })).location)).toBe(true);
});

it('keeps a new Google user pending while users is down; signing in again completes the same account', async () => {
  const identity = { sub: randomUUID(), email: uniqueEmail('gdown'), email_verified: true, name: 'Pen Ding' };
  const start = await h.app.inject({ url: '/auth/google/login' });
  const query = provider.approve(start.headers.location as string, identity);
  await h.users.stop();
  let back;
  try {
    back = await h.app.inject({ url: `/auth/google/callback?${query}` });
  } finally {
    h.users.start();
  }
  expect(back.headers.location).toBe(`${APP}/auth?error=google`);
  const pending = await h.store.findByEmail(identity.email.toLowerCase());
  expect(pending?.status).toBe('pending');
  const again = await googleSignIn(identity);
  const me = await h.app.inject({ url: '/auth/me', headers: bearer(again.location.searchParams.get('access_token')!) });
  expect(me.json().id).toBe(pending!.user_id);
});

describe('Google not configured or provider unreachable', () => {
  let plain: Harness;
  let broken: Harness;
  beforeAll(async () => {
    plain = await startAuth('authgn');
    broken = await startAuth('authgb', { GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', GOOGLE_ISSUER: 'http://127.0.0.1:9/' });
  });
  afterAll(async () => {
    await plain.close();
    await broken.close();
  });

  it('says Google sign-in is not offered when it is not configured', async () => {
    const res = await plain.app.inject({ url: '/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false, microsoft: false });
    // configured but unreachable still counts as offered: the failure shows when the user tries
    expect((await broken.app.inject({ url: '/auth/providers' })).json()).toEqual({ google: true, microsoft: false });
  });

  it('answers GOOGLE_NOT_CONFIGURED on both routes', async () => {
    for (const url of ['/auth/google/login', '/auth/google/callback?code=x&state=y']) {
      const res = await plain.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Google sign-in is not configured on this server', code: 'GOOGLE_NOT_CONFIGURED' });
    }
  });

  it('redirects to the failure page when the provider cannot be reached', async () => {
    const res = await broken.app.inject({ url: '/auth/google/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP}/auth?error=google`);
  });
});
