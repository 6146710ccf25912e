import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, base64url } from 'jose';
import type { Role } from '@corestone/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@corestone/service-kit';
import { createTestTokens } from '@corestone/service-kit/testing';
import { bearer, startAuth, uniqueEmail, type Harness } from './helpers';

let h: Harness;
type Session = Awaited<ReturnType<Harness['userWithSession']>>;
const sessions = {} as Record<Role, Session>;
const ROLES: Role[] = ['student', 'teacher', 'admin', 'super_admin'];

beforeAll(async () => {
  h = await startAuth('auths');
  for (const role of ROLES) sessions[role] = await h.userWithSession(role);
});
afterAll(async () => {
  await h.close();
});

const createUser = (token: string | null, body: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/users/admin/create-user', headers: token ? bearer(token) : {}, payload: body });

describe('role matrix', () => {
  it('GET /auth/me: anonymous 401; every role sees itself', async () => {
    expect((await h.app.inject({ url: '/auth/me' })).statusCode).toBe(401);
    for (const role of ROLES) {
      const res = await h.app.inject({ url: '/auth/me', headers: bearer(sessions[role].access) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: sessions[role].user.id, role });
    }
  });

  it('POST /users/admin/create-user: anonymous 401, student/teacher 403, admin only unprivileged roles, super_admin any', async () => {
    const body = (user_type: string) => ({ name: 'New Person', email: uniqueEmail('cu'), password: 'secret1', user_type });
    expect((await createUser(null, body('student'))).statusCode).toBe(401);
    for (const role of ['student', 'teacher'] as Role[]) {
      const res = await createUser(sessions[role].access, body('student'));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    for (const target of ['student', 'teacher']) {
      const res = await createUser(sessions.admin.access, body(target));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ success: true, user: { role: target, first_name: 'New', last_name: 'Person' } });
    }
    for (const target of ['admin', 'super_admin', 'super-admin']) {
      expect((await createUser(sessions.admin.access, body(target))).statusCode).toBe(403);
    }
    for (const target of ['admin', 'super-admin', 'teacher']) {
      const res = await createUser(sessions.super_admin.access, body(target));
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe(target.replace('-', '_'));
    }
  });

  it('create-user takes first/last name and credits, refuses duplicates, bad roles and bad input', async () => {
    const email = uniqueEmail('cred');
    const res = await createUser(sessions.super_admin.access, {
      first_name: 'Cre',
      last_name: 'Dits',
      email,
      password: 'secret1',
      user_type: 'student',
      credits: 5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ essay_credits: 5, max_essay_credits: 5 });
    const explicit = await createUser(sessions.admin.access, {
      name: 'Un Limited',
      email: uniqueEmail('cred'),
      password: 'secret1',
      user_type: 'teacher',
      essay_credits: 0,
      max_essay_credits: -1,
    });
    expect(explicit.json().user).toMatchObject({ essay_credits: 0, max_essay_credits: -1 });
    // the created user can sign in with the password the admin set
    expect((await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: 'secret1' } })).statusCode).toBe(
      200,
    );
    const dup = await createUser(sessions.admin.access, {
      name: 'X',
      email: email.toUpperCase(),
      password: 'secret1',
      user_type: 'student',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMAIL_ALREADY_EXISTS');
    const badRole = await createUser(sessions.super_admin.access, {
      name: 'X',
      email: uniqueEmail(),
      password: 'secret1',
      user_type: 'moderator',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().code).toBe('INVALID_ROLE');
    expect((await createUser(sessions.admin.access, { name: 'X', user_type: 'student' })).json().detail).toBe(
      'Email and password are required',
    );
    expect(
      (await createUser(sessions.admin.access, { name: 'X', email: uniqueEmail(), password: '123', user_type: 'student' })).json().code,
    ).toBe('PASSWORD_TOO_SHORT');
    expect((await createUser(sessions.admin.access, { name: 'X', email: uniqueEmail(), password: '123456', credits: -3 })).statusCode).toBe(
      400,
    );
  });

  it('PUT /users/update-password: anonymous 401; every role changes its own password and keeps only the current session', async () => {
    const anon = await h.app.inject({
      method: 'PUT',
      url: '/users/update-password',
      payload: { current_password: 'a', new_password: 'b' },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    for (const role of ROLES) {
      const s = await h.userWithSession(role, 'old-password');
      const other = (
        await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: s.email, password: 'old-password' } })
      ).json();
      const wrong = await h.app.inject({
        method: 'PUT',
        url: '/users/update-password',
        headers: bearer(s.access),
        payload: { current_password: 'not-it', new_password: 'new-password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        success: false,
        message: 'Current password is incorrect',
        detail: 'Current password is incorrect',
        code: 'INCORRECT_PASSWORD',
      });
      const short = await h.app.inject({
        method: 'PUT',
        url: '/users/update-password',
        headers: bearer(s.access),
        payload: { current_password: 'old-password', new_password: '123' },
      });
      expect(short.json()).toMatchObject({ success: false, code: 'PASSWORD_TOO_SHORT' });
      const ok = await h.app.inject({
        method: 'PUT',
        url: '/users/update-password',
        headers: bearer(s.access),
        payload: { current_password: 'old-password', new_password: 'new-password' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: 'Password updated successfully' });
      // current session kept, the other one revoked
      expect((await h.app.inject({ url: '/auth/me', headers: bearer(s.access) })).statusCode).toBe(200);
      expect((await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: s.refresh } })).statusCode).toBe(200);
      expect(
        (await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: other.refresh_token } })).statusCode,
      ).toBe(401);
      expect((await h.app.inject({ url: '/auth/me', headers: bearer(other.access_token) })).statusCode).toBe(401);
      const login = (password: string) => h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: s.email, password } });
      expect((await login('new-password')).statusCode).toBe(200);
      expect((await login('old-password')).statusCode).toBe(401);
    }
  });

  it('describes every route in /openapi.json', async () => {
    const doc = (await h.app.inject({ url: '/openapi.json' })).json();
    for (const p of [
      '/auth/signup',
      '/auth/login',
      '/auth/refresh',
      '/auth/logout',
      '/auth/me',
      '/auth/.well-known/jwks.json',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/google/login',
      '/auth/google/callback',
      '/auth/setup-status',
      '/auth/setup-admin',
      '/users/update-password',
      '/users/admin/create-user',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });

  it('public routes answer anonymous callers', async () => {
    expect((await h.app.inject({ url: '/auth/.well-known/jwks.json' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/auth/setup-status' })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: uniqueEmail() } })).statusCode).toBe(200);
    expect(
      (await h.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token: 'x', new_password: 'secret1' } })).statusCode,
    ).toBe(400);
    expect((await h.app.inject({ url: '/auth/google/login' })).statusCode).toBe(404);
  });
});

describe('token verification', () => {
  const payload = (role: Role, sub: string, sid: string) => ({ role, sid, sub, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });

  it('refuses a token signed with another key, even for a real user and session', async () => {
    const other = await createTestTokens();
    const s = sessions.student;
    const sid = JSON.parse(Buffer.from(s.access.split('.')[1], 'base64url').toString()).sid as string;
    const forged = await other.sign(s.user.id, 'super_admin', sid);
    const res = await h.app.inject({ url: '/auth/me', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect((await createUser(forged, { name: 'X', email: uniqueEmail(), password: 'secret1', user_type: 'admin' })).statusCode).toBe(401);
  });

  it('refuses alg none and HS256 made with the public key', async () => {
    const s = sessions.super_admin;
    const sid = JSON.parse(Buffer.from(s.access.split('.')[1], 'base64url').toString()).sid as string;
    const now = Math.floor(Date.now() / 1000);
    const body = { ...payload('super_admin', s.user.id, sid), iat: now, exp: now + 600 };
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(body))}.`;
    expect((await h.app.inject({ url: '/auth/me', headers: bearer(none) })).statusCode).toBe(401);
    const jwks = (await h.app.inject({ url: '/auth/.well-known/jwks.json' })).json();
    const hs = await new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0].kid })
      .sign(new TextEncoder().encode(jwks.keys[0].x));
    expect((await h.app.inject({ url: '/auth/me', headers: bearer(hs) })).statusCode).toBe(401);
  });

  it('refuses expired tokens, wrong issuer/audience, and tokens of a session that does not exist', async () => {
    const key = createPrivateKey(fs.readFileSync(path.join(h.keysDir, 'jwt-signing.pem'), 'utf8'));
    const s = sessions.teacher;
    const sid = JSON.parse(Buffer.from(s.access.split('.')[1], 'base64url').toString()).sid as string;
    const kid = (await h.app.inject({ url: '/auth/.well-known/jwks.json' })).json().keys[0].kid as string;
    const sign = (claims: Record<string, unknown>, exp: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid }).setIssuedAt().setExpirationTime(exp).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign(payload('teacher', s.user.id, sid), now - 10);
    const res = await h.app.inject({ url: '/auth/me', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
    expect(
      (
        await h.app.inject({
          url: '/auth/me',
          headers: bearer(await sign({ ...payload('teacher', s.user.id, sid), iss: 'evil' }, now + 60)),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          url: '/auth/me',
          headers: bearer(await sign({ ...payload('teacher', s.user.id, sid), aud: 'other' }, now + 60)),
        })
      ).statusCode,
    ).toBe(401);
    // correctly signed (our key) but naming a session that is not this user's: refused here
    const strangerSid = await sign(payload('teacher', s.user.id, sessions.student.user.id), now + 60);
    expect((await h.app.inject({ url: '/auth/me', headers: bearer(strangerSid) })).statusCode).toBe(401);
    const otherUsersSession = await sign(payload('admin', sessions.admin.user.id, sid), now + 60);
    expect((await h.app.inject({ url: '/auth/me', headers: bearer(otherUsersSession) })).statusCode).toBe(401);
    // and our own key with a fresh token for the real session works (the test is able to pass)
    expect(
      (await h.app.inject({ url: '/auth/me', headers: bearer(await sign(payload('teacher', s.user.id, sid), now + 60)) })).statusCode,
    ).toBe(200);
  });

  it('a demoted admin whose role changed loses create-user at the next refresh', async () => {
    const s = await h.userWithSession('admin');
    h.users.set(s.user.id, { role: 'student' });
    const refreshed = (await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: s.refresh } })).json();
    expect((await createUser(refreshed.access_token, { name: 'X', email: uniqueEmail(), password: 'secret1' })).statusCode).toBe(403);
  });
});

describe('bad input never makes a 500', () => {
  const routes: Array<{ method: 'POST' | 'PUT' | 'GET'; url: string; auth?: Role }> = [
    { method: 'POST', url: '/auth/signup' },
    { method: 'POST', url: '/auth/login' },
    { method: 'POST', url: '/auth/refresh' },
    { method: 'POST', url: '/auth/logout', auth: 'student' },
    { method: 'POST', url: '/auth/forgot-password' },
    { method: 'POST', url: '/auth/reset-password' },
    { method: 'POST', url: '/auth/setup-admin' },
    { method: 'PUT', url: '/users/update-password', auth: 'teacher' },
    { method: 'POST', url: '/users/admin/create-user', auth: 'super_admin' },
  ];
  const bodies: Array<{ payload: string; type: string }> = [
    { payload: '', type: 'application/json' },
    { payload: '{', type: 'application/json' },
    { payload: '[]', type: 'application/json' },
    { payload: '"text"', type: 'application/json' },
    { payload: 'null', type: 'application/json' },
    {
      payload: JSON.stringify({ email: { $ne: 1 }, password: ['a'], username: 5, refresh_token: {}, token: [1], user_type: {} }),
      type: 'application/json',
    },
    { payload: JSON.stringify({ email: 'a'.repeat(5000), password: 'p'.repeat(5000), name: 'n'.repeat(5000) }), type: 'application/json' },
    { payload: 'email=%E0%A4%A&password', type: 'application/x-www-form-urlencoded' },
    { payload: '<xml/>', type: 'application/xml' },
  ];

  it.each(routes)('$method $url', async ({ method, url, auth }) => {
    for (const b of bodies) {
      const res = await h.app.inject({
        method,
        url,
        headers: { 'content-type': b.type, ...(auth ? bearer((await h.userWithSession(auth)).access) : {}) },
        payload: b.payload,
      });
      expect(res.statusCode).toBeLessThan(500);
      // logout needs no body: an empty or null one still signs out
      if (res.statusCode < 400) {
        expect(url).toBe('/auth/logout');
        continue;
      }
      expect(typeof res.json().detail).toBe('string');
      expect(typeof res.json().code).toBe('string');
    }
  });

  it('garbage bearer headers are 401', async () => {
    for (const header of ['Bearer', 'Bearer x.y.z', 'Bearer ' + 'a'.repeat(5000), 'Basic abc', 'Bearer eyJhbGciOiJFZERTQSJ9.e30.']) {
      const res = await h.app.inject({ url: '/auth/me', headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('processes each access event once', async () => {
    const id = '0190a0a0-0000-7000-8000-000000000001';
    expect(await h.store.onceForEvent('auth-users', id, async () => undefined)).toBe(true);
    expect(await h.store.onceForEvent('auth-users', id, async () => undefined)).toBe(false);
  });
});
