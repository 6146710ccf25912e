import {
  ApiError,
  createClient,
  errorMessage,
  isTokenExpired,
  POLLING_TIMEOUT_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  STORAGE_KEYS,
} from '../src';
import { fakeFetch, fakeLocks, future, json, past, type Call } from './helpers';

const user = {
  id: 'u1',
  user_id: 'u1',
  email: 'a@b.co',
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  user_type: 'student',
  role: 'student',
  essay_credits: 1,
  max_essay_credits: 1,
};

/** A fake auth server: access tokens are valid until it rotates them; refresh tokens rotate. */
function server(opts: { refreshDelayMs?: number; refreshFails?: boolean } = {}) {
  let valid = future('u1', { v: 0 });
  let refresh = 'r0';
  let n = 0;
  const f = fakeFetch(async (c: Call) => {
    const path = c.url.replace('/api/v1', '');
    if (path === '/auth/refresh') {
      if (opts.refreshDelayMs) await new Promise((r) => setTimeout(r, opts.refreshDelayMs));
      const body = c.body as { refresh_token: string };
      if (opts.refreshFails || body.refresh_token !== refresh)
        return json(401, { detail: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' });
      n++;
      valid = future('u1', { v: n });
      refresh = `r${n}`;
      return json(200, { access_token: valid, refresh_token: refresh, token_type: 'bearer', expires_in: 900, user });
    }
    if (c.headers.Authorization !== `Bearer ${valid}`) return json(401, { detail: 'Access token expired', code: 'TOKEN_EXPIRED' });
    if (path === '/auth/me') return json(200, user);
    if (path.startsWith('/evaluation/')) return json(200, { id: path.split('/').pop(), status: 'completed' });
    return json(404, { detail: 'Not found', code: 'NOT_FOUND' });
  });
  return {
    ...f,
    get valid() {
      return valid;
    },
    get refresh() {
      return refresh;
    },
    get refreshCount() {
      return n;
    },
  };
}

function signedInStaleStorage() {
  localStorage.clear();
  // a token the server no longer accepts (but not expired by its exp claim)
  localStorage.setItem(STORAGE_KEYS.accessToken, future('u1', { v: 'stale' }));
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r0');
}

describe('sdk client: auth header, 401 refresh and replay', () => {
  beforeEach(() => localStorage.clear());

  test('sends the bearer token when one is stored, none otherwise', async () => {
    const s = server();
    const client = createClient({ fetch: s.fetch, locks: null });
    await expect(client.auth.me()).rejects.toBeInstanceOf(ApiError);
    expect(s.calls[0]!.headers.Authorization).toBeUndefined();
    localStorage.setItem('access_token', s.valid);
    await client.auth.me();
    expect(s.calls.at(-1)!.headers.Authorization).toBe(`Bearer ${s.valid}`);
  });

  test('concurrent 401s share ONE refresh, then each call is replayed once with the new token', async () => {
    signedInStaleStorage();
    const s = server({ refreshDelayMs: 20 });
    const client = createClient({ fetch: s.fetch, locks: null });
    const results = await Promise.all([
      client.evaluations.get('a'),
      client.evaluations.get('b'),
      client.auth.me(),
      client.evaluations.get('c'),
    ]);
    expect(results.map((r) => (r as { id: string }).id)).toEqual(['a', 'b', 'u1', 'c']);
    expect(s.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(s.refreshCount).toBe(1);
    // 4 failed + 1 refresh + 4 replays
    expect(s.calls).toHaveLength(9);
    for (const c of s.calls.slice(-4)) expect(c.headers.Authorization).toBe(`Bearer ${s.valid}`);
  });

  test('the rotated refresh token and new access token are stored', async () => {
    signedInStaleStorage();
    const s = server();
    const client = createClient({ fetch: s.fetch, locks: null });
    await client.auth.me();
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(localStorage.getItem('access_token')).toBe(s.valid);
    // a later 401 uses the rotated refresh token (the old one would be refused)
    localStorage.setItem('access_token', future('u1', { v: 'stale-again' }));
    await client.auth.me();
    expect(localStorage.getItem('refresh_token')).toBe('r2');
    expect(s.refreshCount).toBe(2);
  });

  test('refresh failure clears tokens, emits session-expired and passes the error on', async () => {
    signedInStaleStorage();
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('user_role', 'student');
    const s = server({ refreshFails: true });
    const client = createClient({ fetch: s.fetch, locks: null });
    const expired = jest.fn();
    client.on('session-expired', expired);
    const err = await client.evaluations.get('x').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.code).toBe('INVALID_REFRESH_TOKEN');
    expect(err.detail).toBe('Invalid or expired refresh token');
    expect(expired).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    for (const k of ['access_token', 'refresh_token', 'user', 'user_role']) expect(localStorage.getItem(k)).toBeNull();
  });

  test("both tokens gone behind the tab's back: the next call ends the session like a refused refresh", async () => {
    signedInStaleStorage();
    localStorage.setItem('user', JSON.stringify(user));
    const s = server();
    const client = createClient({ fetch: s.fetch, locks: null });
    const expired = jest.fn();
    client.on('session-expired', expired);
    // e.g. storage cleared by the browser or in devtools: no storage event reaches this tab
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    const errs = await Promise.all([client.evaluations.get('x').catch((e) => e), client.auth.me().catch((e) => e)]);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(localStorage.getItem('user')).toBeNull();
    expect(s.calls.map((c) => c.url)).toEqual(['/api/v1/evaluation/x', '/api/v1/auth/me']); // no refresh to send
    for (const err of errs) {
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(401);
      expect(errorMessage(err, 'Failed to load this submission. Please try again.')).toBe(SESSION_EXPIRED_MESSAGE);
    }
  });

  test('a refused refresh before the call is not tried a second time when the anonymous call gets a 401', async () => {
    localStorage.setItem('access_token', past());
    localStorage.setItem('refresh_token', 'r0');
    const s = server({ refreshFails: true });
    const client = createClient({ fetch: s.fetch, locks: null });
    const expired = jest.fn();
    client.on('session-expired', expired);
    const err = await client.auth.me().catch((e) => e);
    expect(err.code).toBe('INVALID_REFRESH_TOKEN');
    expect(errorMessage(err)).toBe(SESSION_EXPIRED_MESSAGE);
    expect(s.calls.map((c) => c.url)).toEqual(['/api/v1/auth/refresh', '/api/v1/auth/me']);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('login and refresh calls are never retried on 401', async () => {
    const f = fakeFetch(() => json(401, { detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' }));
    localStorage.setItem('refresh_token', 'r0');
    const client = createClient({ fetch: f.fetch, locks: null });
    const err = await client.auth.login('a@b.co', 'x').catch((e) => e);
    expect(err.code).toBe('INCORRECT_PASSWORD');
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0]!.body).toEqual({ username: 'a@b.co', password: 'x' });
    expect(localStorage.getItem('refresh_token')).toBe('r0');
  });

  test("two tabs sharing storage and a lock refresh once: the second tab reuses the first tab's result", async () => {
    signedInStaleStorage();
    const s = server({ refreshDelayMs: 20 });
    const locks = fakeLocks();
    const tabA = createClient({ fetch: s.fetch, locks, eventTarget: null });
    const tabB = createClient({ fetch: s.fetch, locks, eventTarget: null });
    await Promise.all([tabA.auth.me(), tabB.auth.me()]);
    expect(s.refreshCount).toBe(1);
    expect(localStorage.getItem('refresh_token')).toBe('r1');
  });

  test('an expired access token is refreshed before the call', async () => {
    localStorage.setItem('access_token', past());
    localStorage.setItem('refresh_token', 'r0');
    const s = server();
    const client = createClient({ fetch: s.fetch, locks: null });
    await client.auth.me();
    expect(s.calls.map((c) => c.url)).toEqual(['/api/v1/auth/refresh', '/api/v1/auth/me']);
  });

  test('logout clears tokens even when the server call fails', async () => {
    localStorage.setItem('access_token', future());
    localStorage.setItem('refresh_token', 'r0');
    const f = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const client = createClient({ fetch: f.fetch, locks: null });
    await expect(client.auth.logout()).resolves.toBeUndefined();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  test('storage events from another tab are forwarded', () => {
    const client = createClient({ fetch: fakeFetch(() => json(200, {})).fetch, locks: null });
    const signedOut = jest.fn();
    const changed = jest.fn();
    client.on('signed-out', signedOut);
    client.on('tokens-changed', changed);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'x', newValue: null }));
    expect(signedOut).toHaveBeenCalledTimes(1);
    localStorage.setItem('access_token', future());
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: null, newValue: 'y' }));
    expect(changed).toHaveBeenCalledTimes(1);
    client.dispose();
  });
});

describe('errors, expiry, polling, multipart', () => {
  beforeEach(() => localStorage.clear());

  test('ApiError text: detail, then message, then the default', async () => {
    const bodies = [{ detail: 'D', message: 'M', code: 'C' }, { message: 'M' }, {}];
    const f = fakeFetch(() => json(400, bodies.shift()));
    const client = createClient({ fetch: f.fetch, locks: null });
    const errs = [];
    for (let i = 0; i < 3; i++) errs.push(await client.evaluations.get('x').catch((e) => e));
    expect(errs.map((e) => e.detail)).toEqual(['D', 'M', 'An unexpected error occurred']);
  });

  test('ApiError carries status and code', async () => {
    const f = fakeFetch(() => json(403, { detail: 'Insufficient essay credits', code: 'INSUFFICIENT_CREDITS' }));
    const client = createClient({ fetch: f.fetch, locks: null });
    const e = await client.evaluations.get('x').catch((x) => x);
    expect([e.status, e.code, e.detail, e.message]).toEqual([
      403,
      'INSUFFICIENT_CREDITS',
      'Insufficient essay credits',
      'Insufficient essay credits',
    ]);
  });

  test('token expiry from the exp claim; missing token or claim = expired', () => {
    expect(isTokenExpired(null)).toBe(true);
    expect(isTokenExpired('not-a-jwt')).toBe(true);
    expect(isTokenExpired(future('u', { exp: undefined }))).toBe(true);
    expect(isTokenExpired(past())).toBe(true);
    expect(isTokenExpired(future())).toBe(false);
  });

  test('poll stops at completed / failed and times out after maxAttempts', async () => {
    let n = 0;
    const f = fakeFetch(() => json(200, { id: 'e1', status: ++n >= 3 ? 'completed' : 'processing' }));
    const client = createClient({ fetch: f.fetch, locks: null });
    const seen: string[] = [];
    const ev = await client.evaluations.poll('e1', { intervalMs: 1, onUpdate: (e) => seen.push(e.status) });
    expect(ev.status).toBe('completed');
    expect(seen).toEqual(['processing', 'processing', 'completed']);

    const g = fakeFetch(() => json(200, { id: 'e2', status: 'pending' }));
    const c2 = createClient({ fetch: g.fetch, locks: null });
    await expect(c2.evaluations.poll('e2', { intervalMs: 1, maxAttempts: 4 })).rejects.toThrow(POLLING_TIMEOUT_MESSAGE);
    expect(g.calls).toHaveLength(4);
  });

  test('submit posts multipart with include_reflection=true', async () => {
    localStorage.setItem('access_token', future());
    const f = fakeFetch(() => json(201, { id: 'e9', status: 'pending' }));
    const client = createClient({ fetch: f.fetch, locks: null });
    const file = new File(['hello world'], 'essay.txt', { type: 'text/plain' });
    const ev = await client.evaluations.submit({ file, title: 'T', essay_type: 'ee', rubric_id: 'r1', subject_area: 'History' });
    expect(ev.id).toBe('e9');
    const c = f.calls[0]!;
    expect(c.url).toBe('/api/v1/evaluation/evaluate-async');
    const fd = c.body as FormData;
    expect(fd).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...fd.entries()].filter(([k]) => k !== 'file'))).toEqual({
      title: 'T',
      essay_type: 'ee',
      rubric_id: 'r1',
      subject_area: 'History',
      include_reflection: 'true',
    });
    expect((fd.get('file') as File).name).toBe('essay.txt');
    expect(c.headers['Content-Type']).toBeUndefined();
  });

  test('submit sends what the student stated as optional fields beside the payload (blank ones left out)', async () => {
    localStorage.setItem('access_token', future());
    const f = fakeFetch(() => json(201, { id: 'e10', status: 'pending' }));
    const client = createClient({ fetch: f.fetch, locks: null });
    const file = new File(['hello world'], 'essay.txt', { type: 'text/plain' });
    await client.evaluations.submit({
      file,
      title: 'T',
      essay_type: 'ee',
      rubric_id: 'r1',
      subject_area: 'History',
      details: { research_question: ' To what extent? ', citation_style: 'MLA', additional_context: '  ' },
    });
    const fd = f.calls[0]!.body as FormData;
    expect(Object.fromEntries([...fd.entries()].filter(([k]) => k !== 'file'))).toEqual({
      title: 'T',
      essay_type: 'ee',
      rubric_id: 'r1',
      subject_area: 'History',
      research_question: 'To what extent?',
      citation_style: 'MLA',
      include_reflection: 'true',
    });
  });

  test('mine passes filters as query; rubrics.active passes rubric_type', async () => {
    const f = fakeFetch((c) => json(200, c.url.includes('rubrics') ? [{ id: 'r' }] : { evaluations: [], total: 0 }));
    const client = createClient({ fetch: f.fetch, locks: null });
    await client.evaluations.mine({ status: 'completed', essay_type: 'tok' });
    await client.rubrics.active('ee');
    expect(f.calls.map((c) => c.url)).toEqual([
      '/api/v1/evaluation/my-evaluations?status=completed&essay_type=tok',
      '/api/v1/rubrics/active?rubric_type=ee',
    ]);
  });

  test("essayText reads the owner's essay at /evaluation/{id}/text (the id encoded)", async () => {
    const f = fakeFetch(() => json(200, { id: 'e/1', text: 'The essay.', word_count: 2 }));
    const client = createClient({ fetch: f.fetch, locks: null });
    expect(await client.evaluations.essayText('e/1')).toEqual({ id: 'e/1', text: 'The essay.', word_count: 2 });
    expect(f.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/evaluation/e%2F1/text']);
  });

  test('providers() asks anonymously and reads only a literal true; googleLoginUrl() is the full-page login route', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, future('u1'));
    let answer: unknown = { google: true };
    const f = fakeFetch(() => json(200, answer));
    const client = createClient({ fetch: f.fetch, locks: null });
    expect(await client.auth.providers()).toEqual({ google: true, microsoft: false });
    expect(f.calls[0].url).toBe('/api/v1/auth/providers');
    expect(f.calls[0].headers.Authorization).toBeUndefined();
    answer = { google: 'yes', microsoft: true };
    expect(await client.auth.providers()).toEqual({ google: false, microsoft: true });
    expect(client.auth.ssoStartUrl('microsoft')).toBe('/api/v1/auth/sso/microsoft/start');
    expect(client.auth.ssoStartUrl('google', 'a b')).toBe('/api/v1/auth/sso/google/start?school=a+b');
    expect(client.auth.googleLoginUrl()).toBe('/api/v1/auth/google/login');
    expect(createClient({ fetch: f.fetch, locks: null, baseUrl: 'https://x.example/api/v1/' }).auth.googleLoginUrl()).toBe(
      'https://x.example/api/v1/auth/google/login',
    );
  });
});
