import fs from 'node:fs';
import path from 'node:path';
import { Rpc, type RpcRequest } from '@corestone/contracts';
import { HttpError, callRpc } from '@corestone/service-kit';
import { eventually, startAuth, uniqueEmail, type Harness } from './helpers';
import { linkIn, mailFiles, unfold } from './mail-helpers';
import { invitationsSettled } from './invitation-helpers';

/**
 * rpc.auth.provision_user (the schools service's invitations and roster imports), asked over the
 * real NATS of an auth started as server.ts starts it: a new account gets the requested role, no
 * password and — shortly after the answer, through auth's outbox and its invitation consumer — the
 * school's set-password mail; an existing one answers its id and stays as it was; concurrent
 * requests for one e-mail make one account and one mail.
 */

describe('rpc.auth.provision_user', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authprov');
  });
  afterAll(async () => {
    await h.close();
  });

  const provision = (req: RpcRequest<typeof Rpc.authProvisionUser>) => callRpc(h.infra.bus, Rpc.authProvisionUser, req);
  const refusal = (req: unknown) =>
    callRpc(h.infra.bus, Rpc.authProvisionUser, req as RpcRequest<typeof Rpc.authProvisionUser>).then(
      () => {
        throw new Error('expected a refusal');
      },
      (err: unknown) => err as HttpError,
    );
  const mailTo = (email: string) =>
    mailFiles(h.mailDir)
      .map((f) => fs.readFileSync(path.join(h.mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`To: ${email}`));
  const credential = async (email: string) =>
    (await h.store.pool.query(`SELECT user_id, password_hash, status, role, origin FROM credentials WHERE email = $1`, [email])).rows;
  const login = (email: string, password: string) =>
    h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password } });

  it('creates a new account with the role, no password, and a set-password mail naming the school; the link sets the password', async () => {
    const email = uniqueEmail('invited').toLowerCase();
    const reply = await provision({
      email: email.toUpperCase(),
      name: 'Ada Lovelace King',
      platform_role: 'teacher',
      invited_by_school: 'Maple High School',
    });
    expect(reply.created).toBe(true);
    expect(await credential(email)).toEqual([
      { user_id: reply.user_id, password_hash: null, status: 'active', role: 'teacher', origin: 'school' },
    ]);
    expect(h.users.users.get(reply.user_id)).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace King', role: 'teacher' });

    await eventually(() => mailTo(email).length > 0, 'the invitation mail');
    await invitationsSettled(h);
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Maple High School invited you to Corestone');
    expect(unfold(mails[0]!)).toContain('Hello Ada,');
    expect(unfold(mails[0]!)).toContain('Maple High School invited you to Corestone');
    const link = linkIn(mails[0]!);
    expect(link.startsWith('https://corestone.example/reset-password?token=')).toBe(true);

    // No usable password until the link is used; the token works for 7 days.
    expect((await login(email, 'anything-1')).statusCode).toBe(401);
    const { rows } = await h.store.pool.query(
      `SELECT extract(epoch FROM expires_at - now()) AS secs FROM reset_tokens WHERE user_id = $1`,
      [reply.user_id],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].secs)).toBeGreaterThan(6.9 * 24 * 3600);
    const token = new URL(link).searchParams.get('token');
    const set = await h.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, new_password: 'chosen-password-1' } });
    expect(set.statusCode).toBe(200);
    const signedIn = await login(email, 'chosen-password-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: reply.user_id, role: 'teacher' });
  });

  it('answers an existing account (any letter case) with its id and changes nothing: role, password, no mail', async () => {
    const teacher = await h.userWithSession('teacher', 'own-password-1');
    const email = teacher.email.toLowerCase();
    const before = await credential(email);
    const mailsBefore = mailFiles(h.mailDir).length;
    const createCalls = h.users.createCalls.length;

    for (const variant of [teacher.email.toUpperCase(), ` ${email} `]) {
      const reply = await provision({
        email: variant,
        name: 'Someone Else',
        platform_role: 'student',
        invited_by_school: 'Maple High School',
      });
      expect(reply).toEqual({ user_id: teacher.user.id, created: false });
    }
    expect(await credential(email)).toEqual(before);
    expect(before[0]).toMatchObject({ role: 'teacher', status: 'active' });
    expect(h.users.users.get(teacher.user.id)).toMatchObject({ role: 'teacher', first_name: 'teacher' });
    expect(h.users.createCalls.length).toBe(createCalls);
    await invitationsSettled(h);
    expect(mailFiles(h.mailDir).length).toBe(mailsBefore);
    expect((await login(email, 'own-password-1')).statusCode).toBe(200);
  });

  it('makes one account and sends one mail for concurrent requests for the same e-mail', async () => {
    const email = uniqueEmail('race').toLowerCase();
    const variants = [email, email.toUpperCase(), ` ${email}`, email, email.toUpperCase(), email, email, email];
    const replies = await Promise.all(
      variants.map((e) => provision({ email: e, name: 'Race Runner', platform_role: 'student', invited_by_school: 'Oak Academy' })),
    );
    expect(replies.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.user_id)).size).toBe(1);
    const rows = await credential(email);
    expect(rows).toEqual([
      expect.objectContaining({ user_id: replies[0]!.user_id, status: 'active', role: 'student', password_hash: null }),
    ]);
    await eventually(() => mailTo(email).length > 0, 'the invitation mail');
    await invitationsSettled(h);
    expect(mailTo(email)).toHaveLength(1);
    // And again afterwards: the same id, not created.
    expect(await provision({ email, name: 'Race Runner', platform_role: 'teacher', invited_by_school: 'Oak Academy' })).toEqual({
      user_id: replies[0]!.user_id,
      created: false,
    });
  });

  it('answers 503 while users is unreachable, and the retry completes the same account', async () => {
    const email = uniqueEmail('retry').toLowerCase();
    const req = { email, name: 'Retry Person', platform_role: 'student' as const, invited_by_school: 'Birch School' };
    await h.users.stop();
    try {
      const err = await refusal(req);
      expect(err.statusCode).toBe(503);
    } finally {
      h.users.start();
    }
    const pending = await credential(email);
    expect(pending).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(mailTo(email)).toHaveLength(0);
    const reply = await provision(req);
    expect(reply).toEqual({ user_id: pending[0].user_id, created: true });
    expect(await credential(email)).toEqual([expect.objectContaining({ status: 'active' })]);
    await eventually(() => mailTo(email).length > 0, 'the invitation mail');
    await invitationsSettled(h);
    expect(mailTo(email)).toHaveLength(1);
  });

  it('refuses a malformed e-mail, an empty name and a role other than student or teacher with 400, creating nothing', async () => {
    const mailsBefore = mailFiles(h.mailDir).length;
    const base = { email: uniqueEmail('bad').toLowerCase(), name: 'Bad Row', platform_role: 'student', invited_by_school: 'Elm School' };
    for (const req of [
      { ...base, email: 'not-an-address' },
      { ...base, name: '   ' },
      { ...base, platform_role: 'admin' },
      { ...base, invited_by_school: '' },
      { email: base.email, name: 'No Role', invited_by_school: 'Elm School' },
    ]) {
      const err = await refusal(req);
      expect({ status: err.statusCode, code: err.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await credential(base.email)).toEqual([]);
    await invitationsSettled(h);
    expect(mailFiles(h.mailDir).length).toBe(mailsBefore);
  });
});

describe('rpc.auth.provision_user with MAIL_DISABLED', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth('authprovnm', { MAIL_DISABLED: 'true' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a new account with 409 MAIL_DISABLED (it could never get a password) and still answers an existing one', async () => {
    const email = uniqueEmail('nomail').toLowerCase();
    const err = await callRpc(h.infra.bus, Rpc.authProvisionUser, {
      email,
      name: 'No Mail',
      platform_role: 'student',
      invited_by_school: 'Pine School',
    }).then(
      () => null,
      (e: unknown) => e as HttpError,
    );
    expect({ status: err?.statusCode, code: err?.code }).toEqual({ status: 409, code: 'MAIL_DISABLED' });
    expect((await h.store.pool.query(`SELECT 1 FROM credentials WHERE email = $1`, [email])).rows).toEqual([]);

    const student = await h.userWithSession('student');
    expect(
      await callRpc(h.infra.bus, Rpc.authProvisionUser, {
        email: student.email,
        name: 'Someone',
        platform_role: 'teacher',
        invited_by_school: 'Pine School',
      }),
    ).toEqual({ user_id: student.user.id, created: false });
  });
});
