import { loadPlatformKeys } from '@corestone/service-kit';
import { buildApp } from '../src/app';
import { startAuth, uniqueEmail, type Harness } from './helpers';

const setupBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: uniqueEmail('root'),
  password: 'admin-pass',
  user_type: 'super-admin',
  ...extra,
});

describe('first-admin setup', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authsu');
  });
  afterAll(async () => {
    await h.close();
  });

  const setupAdmin = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: '/auth/setup-admin', payload: body, headers });
  const status = async () => (await h.app.inject({ url: '/auth/setup-status' })).json().admin_exists as boolean;

  it('validates with the {success:false, message, detail, code} shape before anything is created', async () => {
    expect((await h.app.inject({ url: '/auth/setup-status' })).json()).toEqual({ admin_exists: false, setup_token_required: false });
    const short = await setupAdmin(setupBody({ password: '123' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      success: false,
      message: 'Password must be at least 6 characters long',
      detail: 'Password must be at least 6 characters long',
      code: 'PASSWORD_TOO_SHORT',
    });
    const noName = await setupAdmin(setupBody({ name: '   ' }));
    expect(noName.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const badType = await h.app.inject({ method: 'POST', url: '/auth/setup-admin', payload: { name: 5, email: [], password: {} } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(typeof badType.json().detail).toBe('string');
    expect(await status()).toBe(false);
  });

  it('keeps a half-made admin when users is down and completes it on retry', async () => {
    const body = setupBody({ user_type: 'super_admin' });
    await h.users.stop();
    try {
      const down = await setupAdmin(body);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      h.users.start();
    }
    expect(await status()).toBe(false);
    const { rows } = await h.store.pool.query(`SELECT user_id, status FROM credentials WHERE email = $1`, [body.email.toLowerCase()]);
    expect(rows[0].status).toBe('pending');
    // concurrent attempts (this one completing the pending admin, others new): exactly one admin
    const others = [1, 2, 3, 4].map(() => setupBody({ user_type: 'admin' }));
    const results = await Promise.all([setupAdmin(body), ...others.map((b) => setupAdmin(b))]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        success: false,
        message: 'Admin user already exists. Setup is closed.',
        detail: 'Admin user already exists. Setup is closed.',
        code: 'SETUP_ALREADY_DONE',
      });
    }
    expect(ok[0].json()).toMatchObject({
      success: true,
      message: 'Admin user created successfully! You can now sign in.',
      user: { role: 'super_admin', first_name: 'Grace', last_name: 'Hopper' },
    });
    const admins = await h.store.pool.query(`SELECT user_id FROM credentials WHERE role IN ('admin', 'super_admin') AND status = 'active'`);
    expect(admins.rows).toHaveLength(1);
    expect(await status()).toBe(true);
    // the one created signs in as super_admin, whatever user_type was sent
    const winner = ok[0].json().user;
    const who = [body, ...others].find((b) => b.email.toLowerCase() === winner.email)!;
    const login = await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: who.email, password: 'admin-pass' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('super_admin');
  });

  it('stays closed for good, even when the admin is later removed', async () => {
    const { rows } = await h.store.pool.query(`SELECT user_id FROM credentials WHERE role = 'super_admin'`);
    await h.store.deleteCredential(rows[0].user_id);
    expect(await status()).toBe(true);
    const again = await setupAdmin(setupBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SETUP_ALREADY_DONE');
  });
});

describe('first-admin setup with SETUP_TOKEN', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authst', { SETUP_TOKEN: 'let-me-in-please' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('tells /setup that the token is required, without revealing it', async () => {
    const status = await h.app.inject({ url: '/auth/setup-status' });
    expect(status.json()).toEqual({ admin_exists: false, setup_token_required: true });
    expect(status.body).not.toContain('let-me-in-please');
  });

  it('requires the token in the body or the x-setup-token header', async () => {
    const missing = await h.app.inject({ method: 'POST', url: '/auth/setup-admin', payload: setupBody() });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ success: false, code: 'SETUP_TOKEN_REQUIRED', detail: 'A valid setup token is required' });
    const blank = await h.app.inject({ method: 'POST', url: '/auth/setup-admin', payload: setupBody({ setup_token: '   ' }) });
    expect(blank.json()).toMatchObject({ success: false, code: 'SETUP_TOKEN_REQUIRED' });
    const wrong = await h.app.inject({ method: 'POST', url: '/auth/setup-admin', payload: setupBody({ setup_token: 'guess' }) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'SETUP_TOKEN_INVALID',
      message: 'The setup token is not correct. Use the SETUP_TOKEN value set for this deployment.',
      detail: 'The setup token is not correct. Use the SETUP_TOKEN value set for this deployment.',
    });
    // checked before the other fields: a wrong token learns nothing about them
    const wrongAndShort = await h.app.inject({
      method: 'POST',
      url: '/auth/setup-admin',
      payload: setupBody({ setup_token: 'let-me-in-pleasf', password: '1' }),
    });
    expect(wrongAndShort.json().code).toBe('SETUP_TOKEN_INVALID');
    expect((await h.app.inject({ url: '/auth/setup-status' })).json()).toEqual({ admin_exists: false, setup_token_required: true });
    const viaHeader = await h.app.inject({
      method: 'POST',
      url: '/auth/setup-admin',
      payload: setupBody(),
      headers: { 'x-setup-token': 'let-me-in-please' },
    });
    expect(viaHeader.statusCode).toBe(200);
    expect((await h.app.inject({ url: '/auth/setup-status' })).json()).toEqual({ admin_exists: true, setup_token_required: true });
    const after = await h.app.inject({ method: 'POST', url: '/auth/setup-admin', payload: setupBody({ setup_token: 'let-me-in-please' }) });
    expect(after.statusCode).toBe(409);
  });
});

describe('first-admin setup across two replicas', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authsr');
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates exactly one super admin when two app instances race (Postgres advisory lock)', async () => {
    const second = await buildApp({
      config: h.config,
      infra: { ...h.infra, db: h.infra.db!, bus: h.infra.bus!, redis: h.infra.redis! },
      keys: loadPlatformKeys(h.config),
    });
    try {
      const apps = [h.app, second.app, h.app, second.app, h.app, second.app];
      const results = await Promise.all(apps.map((app) => app.inject({ method: 'POST', url: '/auth/setup-admin', payload: setupBody() })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const { rows } = await h.store.pool.query(`SELECT count(*)::int AS n FROM credentials WHERE role = 'super_admin'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await second.app.close();
    }
  });
});
