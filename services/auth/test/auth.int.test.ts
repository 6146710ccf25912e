import { Events, type AuthResponse } from '@corestone/contracts';
import { createTokenVerifier, publishEvent } from '@corestone/service-kit';
import { decodeProtectedHeader, decodeJwt } from 'jose';
import { bearer, eventually, startAuth, uniqueEmail, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startAuth('authf');
});
afterAll(async () => {
  await h.close();
});

const signup = (body: Record<string, unknown>) => h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
const login = (username: string, password: string) => h.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password } });
const refresh = (refresh_token: string) => h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token } });
const me = (token: string) => h.app.inject({ url: '/auth/me', headers: bearer(token) });

async function credentialStatus(email: string) {
  const { rows } = await h.store.pool.query(`SELECT user_id, status, password_hash FROM credentials WHERE email = $1`, [email]);
  return rows[0] as { user_id: string; status: string; password_hash: string } | undefined;
}

describe('sign-up', () => {
  it('creates a student through users.create and answers the AuthResponse shape', async () => {
    const email = uniqueEmail('ada');
    const res = await signup({ email: `  ${email} `, password: 'secret1', first_name: 'Ada', last_name: 'Lovelace', user_type: 'student' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as AuthResponse;
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(body.user).toMatchObject({ email: email.toLowerCase(), role: 'student', first_name: 'Ada', last_name: 'Lovelace' });
    expect(h.users.users.get(body.user.id)?.email).toBe(email.toLowerCase());
    expect(await credentialStatus(email.toLowerCase())).toMatchObject({ user_id: body.user.id, status: 'active' });
    // the stored password is an argon2id hash, never the password
    expect((await credentialStatus(email.toLowerCase()))!.password_hash).toMatch(/^\$argon2id\$/);
    const mine = await me(body.access_token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(body.user.id);
  });

  it('signs up a teacher', async () => {
    const res = await signup({ email: uniqueEmail('t'), password: 'secret1', first_name: 'Tea', last_name: '', user_type: 'teacher' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('teacher');
  });

  it('treats e-mail case-insensitively: a second sign-up answers already exists', async () => {
    const email = uniqueEmail('dup');
    expect((await signup({ email, password: 'secret1', first_name: 'A', user_type: 'student' })).statusCode).toBe(201);
    const again = await signup({ email: email.toUpperCase(), password: 'other-pass', first_name: 'B', user_type: 'student' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'An account with this email already exists', code: 'EMAIL_ALREADY_EXISTS' });
    expect(again.json().detail).toContain('already exists');
  });

  it('refuses short passwords, missing e-mail and names with the spec messages', async () => {
    const short = await signup({ email: uniqueEmail(), password: '12345', first_name: 'A' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ detail: 'Password must be at least 6 characters long', code: 'PASSWORD_TOO_SHORT' });
    const noEmail = await signup({ password: '123456', first_name: 'A' });
    expect(noEmail.json()).toEqual({ detail: 'Email is required', code: 'VALIDATION_ERROR' });
    const noName = await signup({ email: uniqueEmail(), password: '123456' });
    expect(noName.statusCode).toBe(400);
    const long = await signup({ email: uniqueEmail(), password: 'x'.repeat(300), first_name: 'A' });
    expect(long.statusCode).toBe(400);
  });

  it('refuses every other role with INVALID_ROLE and creates nothing', async () => {
    for (const user_type of ['admin', 'super_admin', 'super-admin', 'moderator', 'ADMIN']) {
      const email = uniqueEmail('esc');
      const res = await signup({ email, password: 'secret1', first_name: 'Eve', user_type });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_ROLE');
      expect(await credentialStatus(email.toLowerCase())).toBeUndefined();
    }
    // extra fields cannot smuggle a role in either
    const email = uniqueEmail('esc');
    const res = await signup({ email, password: 'secret1', first_name: 'Eve', user_type: 'student', role: 'super_admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('student');
    expect(decodeJwt(res.json().access_token).role).toBe('student');
  });

  it('completes a sign-up whose first attempt crashed after users stored the account (same user id, new password)', async () => {
    const email = uniqueEmail('crash');
    h.users.failAfterStore = 1;
    const first = await signup({ email, password: 'first-pass', first_name: 'Cr', user_type: 'student' });
    expect(first.statusCode).toBe(503);
    const pending = await credentialStatus(email.toLowerCase());
    expect(pending).toMatchObject({ status: 'pending' });
    // nobody can sign in to a half-made account
    expect((await login(email, 'first-pass')).json().code).toBe('ACCOUNT_NOT_FOUND');

    const retry = await signup({ email, password: 'second-pass', first_name: 'Cr', user_type: 'student' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().user.id).toBe(pending!.user_id);
    expect(h.users.createCalls.filter((id) => id === pending!.user_id)).toHaveLength(2);
    expect(await credentialStatus(email.toLowerCase())).toMatchObject({ status: 'active', user_id: pending!.user_id });
    expect((await login(email, 'second-pass')).statusCode).toBe(200);
    expect((await login(email, 'first-pass')).json().code).toBe('INCORRECT_PASSWORD');
    // and now it is complete: a third sign-up is refused
    expect((await signup({ email, password: 'third-pass', first_name: 'Cr' })).statusCode).toBe(409);
  });

  it('answers 503 while users is unreachable and keeps the pending row; the retry completes it', async () => {
    const email = uniqueEmail('down');
    await h.users.stop();
    try {
      const res = await signup({ email, password: 'secret1', first_name: 'Do' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      h.users.start();
    }
    const pending = await credentialStatus(email.toLowerCase());
    expect(pending?.status).toBe('pending');
    const retry = await signup({ email, password: 'secret2', first_name: 'Do' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().user.id).toBe(pending!.user_id);
  });

  it('a pending row left by a crash before users was asked is completed by the retry', async () => {
    const email = uniqueEmail('left').toLowerCase();
    const claim = await h.store.claimPending({
      email,
      passwordHash: 'x',
      role: 'student',
      origin: 'signup',
      profile: { first_name: 'Left', last_name: '' },
    });
    expect(claim.kind).toBe('claimed');
    const retry = await signup({ email, password: 'secret1', first_name: 'Left' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().user.id).toBe(claim.kind === 'claimed' ? claim.credential.user_id : null);
  });

  it('never completes a pending admin credential through sign-up', async () => {
    const email = uniqueEmail('padm').toLowerCase();
    await h.store.claimPending({ email, passwordHash: 'x', role: 'admin', origin: 'admin', profile: { first_name: 'P', last_name: '' } });
    const res = await signup({ email, password: 'secret1', first_name: 'Eve' });
    expect(res.statusCode).toBe(409);
    expect((await credentialStatus(email))!.status).toBe('pending');
  });

  it('concurrent sign-ups with one e-mail make one account', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => signup({ email, password: `password-${i}`, first_name: 'R', user_type: 'student' })),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const ids = new Set(ok.map((r) => r.json().user.id));
    expect(ids.size).toBe(1);
    // exactly one password works: the winner's
    const winners = [];
    for (let i = 1; i <= 4; i++) if ((await login(email, `password-${i}`)).statusCode === 200) winners.push(i);
    expect(winners).toHaveLength(1);
  });
});

describe('login', () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('login');
    await signup({ email, password: 'right-pass', first_name: 'Lo', user_type: 'teacher' });
  });

  it('accepts JSON and form-encoded bodies, username = e-mail (any case, trimmed)', async () => {
    const json = await login(` ${email.toUpperCase()} `, 'right-pass');
    expect(json.statusCode).toBe(200);
    expect(json.json().user.role).toBe('teacher');
    const form = await h.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password: 'right-pass', grant_type: 'password' }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ token_type: 'bearer', expires_in: 900 });
  });

  it('says which part is wrong with the texts the screen matches', async () => {
    const unknown = await login(uniqueEmail('nobody'), 'whatever');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'No account found with this email address', code: 'ACCOUNT_NOT_FOUND' });
    expect(unknown.json().detail.toLowerCase()).toContain('no account found');
    const wrong = await login(email, 'wrong-pass');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' });
    const missing = await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('required');
  });

  it('refuses a deactivated account (user view is_active false) with 403 after checking the password', async () => {
    const { user, email: e, password } = await h.userWithSession('student');
    h.users.set(user.id, { is_active: false });
    expect((await login(e, 'wrong-pass')).statusCode).toBe(401);
    const res = await login(e, password);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect(res.json().detail.toLowerCase()).toContain('deactivated');
  });

  it('issues EdDSA access tokens with kid, sub, role, sid, iss and aud that verify through the published JWKS', async () => {
    const res = (await login(email, 'right-pass')).json() as AuthResponse;
    const jwks = await h.app.inject({ url: '/auth/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.json().keys[0].d).toBeUndefined(); // never the private part
    const header = decodeProtectedHeader(res.access_token);
    expect(header).toMatchObject({ alg: 'EdDSA', kid: jwks.json().keys[0].kid });
    const claims = decodeJwt(res.access_token);
    expect(claims).toMatchObject({ sub: res.user.id, role: 'teacher', iss: 'corestone-auth', aud: 'corestone' });
    expect(claims.exp! - claims.iat!).toBe(900);
    const principal = await createTokenVerifier({ jwks: jwks.json() })(res.access_token);
    expect(principal).toEqual({ id: res.user.id, role: 'teacher', sessionId: claims.sid });
  });
});

describe('refresh, logout and session revocation', () => {
  it('rotates on every use and answers the full AuthResponse', async () => {
    const s = await h.userWithSession('student');
    const r1 = await refresh(s.refresh);
    expect(r1.statusCode).toBe(200);
    const b1 = r1.json() as AuthResponse;
    expect(b1.refresh_token).not.toBe(s.refresh);
    expect(b1.user.id).toBe(s.user.id);
    expect(decodeJwt(b1.access_token).sid).toBe(decodeJwt(s.access).sid);
    const r2 = await refresh(b1.refresh_token);
    expect(r2.statusCode).toBe(200);
    expect(r2.json().refresh_token).not.toBe(b1.refresh_token);
  });

  it('returns the same successor when a token is presented again inside the grace window (two tabs)', async () => {
    const s = await h.userWithSession('student');
    const [a, b] = await Promise.all([refresh(s.refresh), refresh(s.refresh)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().refresh_token).toBe(b.json().refresh_token);
    const again = await refresh(s.refresh);
    expect(again.json().refresh_token).toBe(a.json().refresh_token);
    // the family is intact: the successor still works
    expect((await refresh(a.json().refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const s = await h.userWithSession('student');
    const next = (await refresh(s.refresh)).json() as AuthResponse;
    const tokenId = s.refresh.split('.')[0];
    await h.store.pool.query(`UPDATE refresh_tokens SET rotated_at = now() - interval '11 seconds' WHERE id = $1`, [tokenId]);
    const reuse = await refresh(s.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('INVALID_REFRESH_TOKEN');
    // the legitimate successor is dead too, and the access tokens of that session are refused here
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await me(next.access_token)).statusCode).toBe(401);
    // other sessions of the same user are untouched
    const other = (await login(s.email, s.password)).json() as AuthResponse;
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('refuses forged, malformed and expired refresh tokens', async () => {
    const s = await h.userWithSession('student');
    const [id] = s.refresh.split('.');
    for (const bad of [`${id}.AAAA`, `${id}`, 'x', `${id}.${s.refresh.split('.')[1]}x`]) {
      const res = await refresh(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' });
    }
    await h.store.pool.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: {} })).statusCode).toBe(400);
  });

  it('refuses the refresh of a deactivated user and ends their sessions', async () => {
    const s = await h.userWithSession('teacher');
    h.users.set(s.user.id, { is_active: false });
    const res = await refresh(s.refresh);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect(await h.store.liveSessionCount(s.user.id)).toBe(0);
  });

  it('tells a user deactivated meanwhile so, though the deactivation already ended their sessions', async () => {
    const s = await h.userWithSession('student');
    await publishEvent(h.infra.bus!, Events.usersAccessChanged, { user_id: s.user.id, role: 'student', is_active: false });
    await eventually(async () => (await h.store.liveSessionCount(s.user.id)) === 0, 'sessions revoked');
    h.users.set(s.user.id, { is_active: false });
    expect((await me(s.access)).statusCode).toBe(401);
    const res = await refresh(s.refresh);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
    // active again: the ended session stays ended, and says only that
    await publishEvent(h.infra.bus!, Events.usersAccessChanged, { user_id: s.user.id, role: 'student', is_active: true });
    await eventually(async () => (await h.store.findById(s.user.id))?.is_active === true, 'activation mirrored');
    expect((await refresh(s.refresh)).json()).toEqual({ detail: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' });
  });

  it('carries a role change into the next refresh', async () => {
    const s = await h.userWithSession('student');
    h.users.set(s.user.id, { role: 'teacher' });
    const res = (await refresh(s.refresh)).json() as AuthResponse;
    expect(decodeJwt(res.access_token).role).toBe('teacher');
  });

  it('logout revokes only the session named by sid', async () => {
    const s = await h.userWithSession('student');
    const second = (await login(s.email, s.password)).json() as AuthResponse;
    expect((await h.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
    const out = await h.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(s.access) });
    expect(out.statusCode).toBe(200);
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    expect((await me(s.access)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(200);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
    // the SDK's form: JSON body carrying the refresh token
    const withBody = await h.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(second.access_token),
      payload: { refresh_token: second.refresh_token },
    });
    expect(withBody.statusCode).toBe(200);
  });

  it('users.access_changed.v1 revokes every session of the user (idempotent on redelivery)', async () => {
    const s = await h.userWithSession('teacher');
    const other = (await login(s.email, s.password)).json() as AuthResponse;
    expect(await h.store.liveSessionCount(s.user.id)).toBe(2);
    const eventId = await publishEvent(h.infra.bus!, Events.usersAccessChanged, { user_id: s.user.id, role: 'admin', is_active: true });
    await eventually(async () => (await h.store.liveSessionCount(s.user.id)) === 0, 'sessions revoked');
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await h.store.findById(s.user.id))?.role).toBe('admin');
    // a new sign-in after the change works; the same event delivered again changes nothing
    h.users.set(s.user.id, { role: 'admin' });
    const fresh = (await login(s.email, s.password)).json() as AuthResponse;
    await publishEvent(h.infra.bus!, Events.usersAccessChanged, { user_id: s.user.id, role: 'admin', is_active: true }, eventId);
    const { rows } = await h.store.pool.query(`SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1`, [eventId]);
    expect(rows[0].n).toBe(1);
    expect((await me(fresh.access_token)).statusCode).toBe(200);
  });

  it('a student/teacher switch from the profile keeps the sessions and mirrors the role', async () => {
    const s = await h.userWithSession('student');
    const eventId = await publishEvent(h.infra.bus!, Events.usersAccessChanged, { user_id: s.user.id, role: 'teacher', is_active: true });
    await eventually(async () => (await h.store.findById(s.user.id))?.role === 'teacher', 'role mirrored');
    const { rows } = await h.store.pool.query(`SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1`, [eventId]);
    expect(rows[0].n).toBe(1);
    expect(await h.store.liveSessionCount(s.user.id)).toBe(1);
    h.users.set(s.user.id, { role: 'teacher' });
    expect((await refresh(s.refresh)).statusCode).toBe(200);
  });

  it('users.deleted.v1 deletes the credential and revokes', async () => {
    const s = await h.userWithSession('teacher');
    await publishEvent(h.infra.bus!, Events.usersDeleted, { user_id: s.user.id });
    await eventually(async () => (await h.store.findById(s.user.id)) === null, 'credential deleted');
    expect(await h.store.liveSessionCount(s.user.id)).toBe(0);
    expect((await login(s.email, s.password)).json().code).toBe('ACCOUNT_NOT_FOUND');
    expect((await refresh(s.refresh)).statusCode).toBe(401);
  });
});

describe('me', () => {
  it('answers the users view of the caller only', async () => {
    const a = await h.userWithSession('student');
    const b = await h.userWithSession('teacher');
    expect((await me(a.access)).json().id).toBe(a.user.id);
    expect((await me(b.access)).json().id).toBe(b.user.id);
    expect((await h.app.inject({ url: '/auth/me' })).statusCode).toBe(401);
  });
});
