import { Rpc } from '@corestone/contracts';
import { HttpError, callRpc } from '@corestone/service-kit';
import { bearer, startAuth, type Harness } from './helpers';

/**
 * rpc.auth.issue_session (issue 32: schools signs in the person of a verified LTI launch) over the
 * real NATS: a working session for an active account, the last sign-in method left as it was;
 * a deactivated account refused as a sign-in would be.
 */
describe('rpc.auth.issue_session', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authissue');
  });
  afterAll(async () => {
    await h.close();
  });

  const lastMethod = async (userId: string) =>
    (await h.store.pool.query(`SELECT last_sign_in_method FROM credentials WHERE user_id = $1`, [userId])).rows[0]?.last_sign_in_method;

  it('mints a session whose access token works on /auth/me and whose refresh token refreshes', async () => {
    const { user } = await h.userWithSession('teacher');
    const before = await lastMethod(user.id);
    const session = await callRpc(h.infra.bus, Rpc.authIssueSession, { user_id: user.id });
    const me = await h.app.inject({ url: '/auth/me', headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, role: 'teacher' });
    const refreshed = await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: session.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    expect(await lastMethod(user.id)).toBe(before);
  });

  it('refuses a deactivated account (403 ACCOUNT_DEACTIVATED)', async () => {
    const { user } = await h.userWithSession('student');
    h.users.set(user.id, { is_active: false });
    const err = await callRpc(h.infra.bus, Rpc.authIssueSession, { user_id: user.id }).then(
      () => null,
      (e: unknown) => e as HttpError,
    );
    expect(err).toMatchObject({ statusCode: 403, code: 'ACCOUNT_DEACTIVATED' });
  });
});
