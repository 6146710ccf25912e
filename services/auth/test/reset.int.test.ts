import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthResponse } from '@corestone/contracts';
import { Mailer } from '@corestone/service-kit';
import { bearer, startAuth, uniqueEmail, type Harness } from './helpers';
import { linkIn, mailFiles } from './mail-helpers';

describe('password reset with mails written to MAIL_DIR', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authr');
  });
  afterAll(async () => {
    await h.close();
  });

  const forgot = (email: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, headers });
  const resetPassword = (token: string | undefined, new_password: string) =>
    h.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, new_password } });

  it('answers the same for unknown and known e-mails, and mails a PUBLIC_BASE_URL link only to the known one', async () => {
    const s = await h.userWithSession('student', 'old-password');
    const before = mailFiles(h.mailDir).length;
    const unknown = await forgot(uniqueEmail('ghost'));
    await h.background.idle();
    expect(mailFiles(h.mailDir)).toHaveLength(before);
    const known = await forgot(s.email.toUpperCase(), { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    await h.background.idle();
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe('If an account exists for this email, a password reset link has been sent.');
    const files = mailFiles(h.mailDir);
    expect(files).toHaveLength(before + 1);
    const raw = fs.readFileSync(path.join(h.mailDir, files.sort().at(-1)!), 'utf8');
    expect(raw).toContain(`To: ${s.email.toLowerCase()}`);
    expect(raw).toContain('From: Corestone <no-reply@corestone.local>');
    const link = linkIn(raw);
    expect(link.startsWith('https://corestone.example/reset-password?token=')).toBe(true);
    expect(raw).not.toContain('evil.example');
    // only a hash of the token is stored
    const token = new URL(link).searchParams.get('token')!;
    const { rows } = await h.store.pool.query(`SELECT token_hash FROM reset_tokens WHERE user_id = $1`, [s.user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);

    const other = (
      await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: s.email, password: 'old-password' } })
    ).json() as AuthResponse;
    const short = await resetPassword(token, '123');
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    const done = await resetPassword(token, 'brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Password has been reset. You can now sign in.');
    const login = (password: string) => h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: s.email, password } });
    expect((await login('brand-new-password')).statusCode).toBe(200);
    expect((await login('old-password')).statusCode).toBe(401);
    // every earlier session is revoked
    expect((await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: s.refresh } })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/auth/me', headers: bearer(other.access_token) })).statusCode).toBe(401);
    // single use
    const again = await resetPassword(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid reset token', code: 'INVALID_RESET_TOKEN' });
  });

  it('refuses missing, unknown and expired tokens', async () => {
    expect((await resetPassword(undefined, 'secret1')).json()).toEqual({ detail: 'Invalid reset token', code: 'INVALID_RESET_TOKEN' });
    expect((await resetPassword('made-up', 'secret1')).json().code).toBe('INVALID_RESET_TOKEN');
    const s = await h.userWithSession('teacher', 'old-password');
    await forgot(s.email);
    await h.background.idle();
    const files = mailFiles(h.mailDir).sort();
    const token = new URL(linkIn(fs.readFileSync(path.join(h.mailDir, files.at(-1)!), 'utf8'))).searchParams.get('token')!;
    await h.store.pool.query(`UPDATE reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [s.user.id]);
    expect((await resetPassword(token, 'secret1')).json().code).toBe('INVALID_RESET_TOKEN');
    const invalidEmail = await forgot('not-an-email');
    expect(invalidEmail.statusCode).toBe(400);
  });

  it('mails no link to a deactivated account, and its earlier link works only once it is active again', async () => {
    const s = await h.userWithSession('student', 'old-password');
    await forgot(s.email);
    await h.background.idle();
    const sent = mailFiles(h.mailDir).sort();
    const token = new URL(linkIn(fs.readFileSync(path.join(h.mailDir, sent.at(-1)!), 'utf8'))).searchParams.get('token')!;
    await h.store.setAccess(s.user.id, 'student', false); // as auth's users consumer mirrors a deactivation
    const again = await forgot(s.email);
    await h.background.idle();
    expect(again.json().message).toBe('If an account exists for this email, a password reset link has been sent.');
    expect(mailFiles(h.mailDir)).toHaveLength(sent.length);
    expect((await resetPassword(token, 'new-password-1')).json().code).toBe('INVALID_RESET_TOKEN');
    await h.store.setAccess(s.user.id, 'student', true);
    expect((await resetPassword(token, 'new-password-1')).statusCode).toBe(200);
  });

  it('logs the mail file path, never the token', async () => {
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const mailer = new Mailer({ MAIL_FROM: 'Test <t@example.com>', MAIL_DIR: h.mailDir }, log);
    const { file } = await mailer.send({ to: 'x@example.com', subject: 'S', text: 'secret-token-value-123' });
    expect(fs.readFileSync(file!, 'utf8')).toContain('secret-token-value-123');
    expect(JSON.stringify(logged)).toContain(file!);
    expect(JSON.stringify(logged)).not.toContain('secret-token-value-123');
    mailer.close();
  });
});

describe('password reset over SMTP (fake server on loopback, real nodemailer transport)', () => {
  let h: Harness;
  let smtp: SMTPServer;
  const received: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    h = await startAuth('authm', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Corestone Test <reset@corestone.test>' });
  });
  afterAll(async () => {
    await h.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the reset mail through SMTP and writes no file', async () => {
    expect(h.mailer.mode).toBe('smtp');
    const s = await h.userWithSession('student', 'old-password');
    const res = await h.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: s.email } });
    expect(res.statusCode).toBe(200);
    await h.background.idle();
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('reset@corestone.test');
    expect(received[0].to).toEqual([s.email.toLowerCase()]);
    const link = linkIn(received[0].raw);
    expect(link.startsWith('https://corestone.example/reset-password?token=')).toBe(true);
    expect(mailFiles(h.mailDir)).toHaveLength(0);
    const token = new URL(link).searchParams.get('token')!;
    const done = await h.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, new_password: 'via-smtp-1' } });
    expect(done.statusCode).toBe(200);
    expect(
      (await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: s.email, password: 'via-smtp-1' } })).statusCode,
    ).toBe(200);
  });
});
