/**
 * How a session ends: a deactivated account (said by refresh or by any signed-in call) and logout
 * (cleared at once, the server told after, nothing brought back).
 */
import { ACCOUNT_DEACTIVATED_MESSAGE, ApiError, createClient, errorMessage, isSessionEndedError, SESSION_EXPIRED_MESSAGE } from '../src';
import { fakeFetch, future, json, past, type Call } from './helpers';

const user = { id: 'u1', email: 'mia@school.org', first_name: 'Mia', user_type: 'student', essay_credits: 1, max_essay_credits: 1 };
const DEACTIVATED = {
  detail: 'Account deactivated: your account has been deactivated. Please contact support.',
  code: 'ACCOUNT_DEACTIVATED',
};
const SESSION_KEYS = ['access_token', 'refresh_token', 'user', 'user_role'];

function signedIn(access = future()) {
  localStorage.clear();
  localStorage.setItem('access_token', access);
  localStorage.setItem('refresh_token', 'r0');
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('user_role', 'student');
}

function clientFor(handler: (c: Call, path: string) => Response | Promise<Response>) {
  const f = fakeFetch((c) => handler(c, c.url.replace('/api/v1', '')));
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  const ended = jest.fn();
  client.on('session-expired', ended);
  return { ...f, client, ended };
}

const expectSignedOut = () => {
  for (const k of SESSION_KEYS) expect(localStorage.getItem(k)).toBeNull();
};

describe('a deactivated account ends the session with the spec text', () => {
  test('a refresh refused with 403 ACCOUNT_DEACTIVATED says deactivated, not session expired', async () => {
    signedIn(past());
    const { client, ended } = clientFor((c, path) => {
      if (path === '/auth/refresh') return json(403, DEACTIVATED);
      return c.headers.Authorization ? json(200, user) : json(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
    });
    const err = await client.auth.me().catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('ACCOUNT_DEACTIVATED'); // the refresh's refusal, not the anonymous call's 401
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith(ACCOUNT_DEACTIVATED_MESSAGE);
    expect(errorMessage(err, 'Failed to update profile.')).toBe(ACCOUNT_DEACTIVATED_MESSAGE);
    expectSignedOut();
  });

  test('a refresh refused for another reason still says session expired', async () => {
    signedIn(past());
    const { client, ended } = clientFor(() => json(401, { detail: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' }));
    await client.auth.me().catch(() => undefined);
    expect(ended).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
  });

  test('an ordinary call answered 403 ACCOUNT_DEACTIVATED ends the session once, however many calls hear it', async () => {
    signedIn();
    const { client, ended, calls } = clientFor((_c, path) => (path === '/users/me' ? json(403, DEACTIVATED) : json(200, {})));
    const errs = await Promise.all([
      client.users.updateMe({ first_name: 'Mia' }).catch((e) => e),
      client.users.updateMe({ first_name: 'Mia' }).catch((e) => e),
    ]);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith(ACCOUNT_DEACTIVATED_MESSAGE);
    expectSignedOut();
    for (const err of errs) {
      expect(err.status).toBe(403);
      expect(isSessionEndedError(err)).toBe(true);
    }
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(0);
  });

  test('any other 403 leaves the session alone', async () => {
    signedIn();
    const { client, ended } = clientFor(() => json(403, { detail: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' }));
    await client.admin.stats().catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
    expect(localStorage.getItem('refresh_token')).toBe('r0');
  });

  test('a sign-in refused as deactivated has no session to end: the sign-in screen says why itself', async () => {
    localStorage.clear();
    const { client, ended } = clientFor(() => json(403, DEACTIVATED));
    const err = await client.auth.login('mia@school.org', 'pw-123456').catch((e) => e);
    expect(err.code).toBe('ACCOUNT_DEACTIVATED');
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  test('clears tokens and user before the server answers, then revokes with the tokens taken before', async () => {
    const access = future();
    signedIn(access);
    let answer!: () => void;
    const { client, ended, calls } = clientFor(() => new Promise<Response>((r) => (answer = () => r(json(200, { success: true })))));
    const done = client.auth.logout();
    expectSignedOut(); // synchronously: leaving the page now leaves nothing behind
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/auth/logout');
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${access}`);
    expect(calls[0]!.body).toEqual({ refresh_token: 'r0' });
    answer();
    await done;
    expectSignedOut();
    expect(ended).not.toHaveBeenCalled();
  });

  test('a refused or failed logout call brings nothing back and says nothing', async () => {
    for (const answer of [json(401, { detail: 'Session has ended. Please sign in again.', code: 'UNAUTHENTICATED' }), json(503, {})]) {
      signedIn();
      const { client, ended } = clientFor(() => answer);
      await expect(client.auth.logout()).resolves.toBeUndefined();
      expectSignedOut();
      expect(ended).not.toHaveBeenCalled();
    }
  });

  test('an expired access token is exchanged first (nothing stored), then the session is revoked', async () => {
    signedIn(past());
    const fresh = future('u1', { v: 1 });
    const { client, calls } = clientFor((_c, path) =>
      path === '/auth/refresh' ? json(200, { access_token: fresh, refresh_token: 'r1', user }) : json(200, { success: true }),
    );
    await client.auth.logout();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/refresh', '/api/v1/auth/logout']);
    expect(calls[0]!.body).toEqual({ refresh_token: 'r0' });
    expect(calls[1]!.headers.Authorization).toBe(`Bearer ${fresh}`);
    expect(calls[1]!.body).toEqual({ refresh_token: 'r1' });
    expectSignedOut();
  });

  test('a refresh under way at logout neither restores the session nor reports it expired', async () => {
    signedIn(past());
    let refreshAnswer: ((r: Response) => void) | null = null;
    const { client, ended } = clientFor((_c, path) => {
      // the call's refresh waits; logout's own exchange of the same token is refused at once
      if (path === '/auth/refresh' && !refreshAnswer) return new Promise<Response>((r) => (refreshAnswer = r));
      return json(401, { detail: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' });
    });
    const call = client.evaluations.get('e1').catch((e) => e);
    await new Promise((r) => setTimeout(r, 0));
    expect(refreshAnswer).not.toBeNull();
    await client.auth.logout();
    refreshAnswer!(json(200, { access_token: future('u1', { v: 2 }), refresh_token: 'r2', user }));
    const err = await call;
    expect(isSessionEndedError(err)).toBe(true);
    expectSignedOut();
    expect(ended).not.toHaveBeenCalled();
  });
});
