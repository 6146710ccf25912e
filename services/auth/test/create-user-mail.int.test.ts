import fs from 'node:fs';
import path from 'node:path';
import { bearer, startAuth, uniqueEmail, type Harness } from './helpers';
import { linkIn, mailFiles, unfold } from './mail-helpers';

/**
 * POST /users/admin/create-user with send_password_email (the class import's option): the account
 * is created without a password and its owner gets a password-set mail (a file per account in
 * MAIL_DIR here); the answer never carries a password.
 */

describe('create-user with a password-set e-mail', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startAuth('authcm');
    admin = (await h.userWithSession('admin')).access;
  });
  afterAll(async () => {
    await h.close();
  });

  const create = (payload: object, token = admin) =>
    h.app.inject({ method: 'POST', url: '/users/admin/create-user', headers: bearer(token), payload });
  const mailTo = (email: string) =>
    mailFiles(h.mailDir)
      .map((f) => fs.readFileSync(path.join(h.mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`To: ${email}`));

  it('creates each account without a password and writes one password-set mail per account; no password in the answer', async () => {
    const emails = [uniqueEmail('pupil'), uniqueEmail('pupil'), uniqueEmail('pupil')].map((e) => e.toLowerCase());
    for (const [i, email] of emails.entries()) {
      const res = await create({
        first_name: `Pupil${i}`,
        last_name: 'Lee',
        email,
        user_type: 'student',
        essay_credits: 3,
        send_password_email: true,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, password_email_sent: true, user: { email, role: 'student', essay_credits: 3 } });
      expect(Object.keys(body).sort()).toEqual(['password_email_sent', 'success', 'user']);
      expect(res.body).not.toMatch(/password"\s*:\s*"/);
      const { rows } = await h.store.pool.query(`SELECT password_hash, status FROM credentials WHERE user_id = $1`, [body.user.id]);
      expect(rows[0]).toEqual({ password_hash: null, status: 'active' });
    }
    for (const [i, email] of emails.entries()) {
      const mails = mailTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Subject: Set your Corestone password');
      expect(unfold(mails[0]!)).toContain(`Hello Pupil${i},`);
      expect(linkIn(mails[0]!).startsWith('https://corestone.example/reset-password?token=')).toBe(true);
    }

    // The link sets the password (valid for 7 days), then the owner signs in with it.
    const email = emails[0]!;
    const login = (password: string) => h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password } });
    expect((await login('anything-1')).statusCode).toBe(401);
    const { rows } = await h.store.pool.query(
      `SELECT extract(epoch FROM expires_at - now()) AS secs FROM reset_tokens r JOIN credentials c ON c.user_id = r.user_id WHERE c.email = $1`,
      [email],
    );
    expect(Number(rows[0].secs)).toBeGreaterThan(6.9 * 24 * 3600);
    const token = new URL(linkIn(mailTo(email)[0]!)).searchParams.get('token');
    const set = await h.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, new_password: 'chosen-password-1' } });
    expect(set.statusCode).toBe(200);
    expect((await login('chosen-password-1')).statusCode).toBe(200);
  });

  it('refuses a password together with the option, and without either; still mails nothing for a refused row', async () => {
    const before = mailFiles(h.mailDir).length;
    const both = await create({
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail('both'),
      password: 'secret-123',
      send_password_email: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const neither = await create({ first_name: 'A', last_name: 'B', email: uniqueEmail('none'), send_password_email: false });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ detail: 'Email and password are required', code: 'VALIDATION_ERROR' });
    const email = uniqueEmail('dup').toLowerCase();
    expect((await create({ first_name: 'A', last_name: 'B', email, send_password_email: true })).statusCode).toBe(201);
    const dup = await create({ first_name: 'A', last_name: 'B', email, send_password_email: true });
    expect(dup.statusCode).toBe(409);
    expect(mailFiles(h.mailDir).length).toBe(before + 1);
    const student = await h.userWithSession('student');
    expect(
      (await create({ first_name: 'A', last_name: 'B', email: uniqueEmail('x'), send_password_email: true }, student.access)).statusCode,
    ).toBe(403);
  });
});

describe('create-user with a password-set e-mail while mail is turned off', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authcmoff', { MAIL_DISABLED: 'true' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 409 MAIL_DISABLED before creating anything', async () => {
    const admin = await h.userWithSession('admin');
    const email = uniqueEmail('off').toLowerCase();
    const res = await h.app.inject({
      method: 'POST',
      url: '/users/admin/create-user',
      headers: bearer(admin.access),
      payload: { first_name: 'A', last_name: 'B', email, send_password_email: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MAIL_DISABLED' });
    const { rows } = await h.store.pool.query(`SELECT 1 FROM credentials WHERE email = $1`, [email]);
    expect(rows).toHaveLength(0);
  });
});

describe('create-user with a password-set e-mail while the SMTP server is unreachable', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authcmsmtp', { SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates the account and says the mail was not sent (Forgot password still works later)', async () => {
    const admin = await h.userWithSession('admin');
    const email = uniqueEmail('nosmtp').toLowerCase();
    const res = await h.app.inject({
      method: 'POST',
      url: '/users/admin/create-user',
      headers: bearer(admin.access),
      payload: { first_name: 'A', last_name: 'B', email, send_password_email: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, password_email_sent: false, user: { email } });
    const { rows } = await h.store.pool.query(`SELECT status FROM credentials WHERE email = $1`, [email]);
    expect(rows).toEqual([{ status: 'active' }]);
  });
});
