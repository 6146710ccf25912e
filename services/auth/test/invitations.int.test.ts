import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Rpc, type RpcRequest } from '@corestone/contracts';
import { callRpc } from '@corestone/service-kit';
import { eventually, startAuth, uniqueEmail, type Harness } from './helpers';
import { invitationsSettled } from './invitation-helpers';

/**
 * rpc.auth.provision_users (a roster import's batch) and the invitation mails behind both provision
 * RPCs, on the real NATS and Postgres of an auth started as server.ts starts it, with a fake SMTP
 * server on loopback behind the real nodemailer transport: each new account gets exactly one
 * set-password mail shortly after the answer, existing accounts none, and a mail the SMTP server
 * refuses is sent again later — once.
 */
interface Received {
  to: string[];
  raw: string;
}

class FakeSmtp {
  readonly accepted: Received[] = [];
  /** DATA commands refused so far (with a temporary 451). */
  refused = 0;
  /** Refuse the next this many mails. */
  failNext = 0;
  readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.failNext > 0) {
            this.failNext--;
            this.refused++;
            const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
            return callback(err);
          }
          this.accepted.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  to(email: string): Received[] {
    return this.accepted.filter((m) => m.to.includes(email));
  }
}

describe('rpc.auth.provision_users and the invitation mails (SMTP)', () => {
  let h: Harness;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = new FakeSmtp();
    const port = await smtp.listen();
    h = await startAuth('authinv', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Corestone Test <invite@corestone.test>' });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const batch = (req: RpcRequest<typeof Rpc.authProvisionUsers>) => callRpc(h.infra.bus, Rpc.authProvisionUsers, req);
  const credentials = async (emails: string[]) =>
    (
      await h.store.pool.query<{ email: string; user_id: string; status: string; role: string }>(
        `SELECT email, user_id, status, role FROM credentials WHERE email = ANY($1) ORDER BY email`,
        [emails],
      )
    ).rows;
  const tokensOf = async (userId: string) => (await h.store.pool.query(`SELECT 1 FROM reset_tokens WHERE user_id = $1`, [userId])).rowCount;

  it('answers each item of a batch — new, existing, invalid, the same e-mail twice — and mails each new account once, after the answer', async () => {
    const existing = await h.userWithSession('teacher');
    const fresh = [uniqueEmail('batch-a').toLowerCase(), uniqueEmail('batch-b').toLowerCase(), uniqueEmail('batch-c').toLowerCase()];
    const reply = await batch({
      invited_by_school: 'Cedar International',
      users: [
        { email: fresh[0]!, name: 'Ann Able', platform_role: 'student' },
        { email: existing.email.toUpperCase(), name: 'Someone Else', platform_role: 'student' },
        { email: 'not-an-address', name: 'Bad Mail', platform_role: 'student' },
        { email: fresh[1]!, name: '   ', platform_role: 'student' },
        { email: fresh[2]!, name: 'Cy Cole', platform_role: 'teacher' },
        { email: ` ${fresh[2]!.toUpperCase()}`, name: 'Cy Cole', platform_role: 'teacher' },
      ],
    });
    const r = reply.results;
    expect(r).toHaveLength(6);
    expect(r[0]).toEqual({ ok: true, user_id: expect.any(String), created: true });
    expect(r[1]).toEqual({ ok: true, user_id: existing.user.id, created: false });
    expect(r[2]).toMatchObject({ ok: false, status: 400, code: 'VALIDATION_ERROR' });
    expect(r[3]).toMatchObject({ ok: false, status: 400, code: 'VALIDATION_ERROR' });
    // The same e-mail twice in one batch: one account, made by exactly one of the two items.
    const cy = [r[4], r[5]] as Array<{ ok: true; user_id: string; created: boolean }>;
    expect(cy.every((x) => x.ok)).toBe(true);
    expect(cy[0]!.user_id).toBe(cy[1]!.user_id);
    expect(cy.filter((x) => x.created)).toHaveLength(1);

    expect(await credentials(fresh)).toEqual([
      { email: fresh[0], user_id: (r[0] as { user_id: string }).user_id, status: 'active', role: 'student' },
      { email: fresh[2], user_id: cy[0]!.user_id, status: 'active', role: 'teacher' },
    ]);

    await eventually(() => smtp.to(fresh[0]!).length > 0 && smtp.to(fresh[2]!).length > 0, 'the invitation mails');
    await invitationsSettled(h);
    expect(smtp.to(fresh[0]!)).toHaveLength(1);
    expect(smtp.to(fresh[2]!)).toHaveLength(1);
    expect(smtp.to(existing.email.toLowerCase())).toHaveLength(0);
    expect(smtp.to(fresh[1]!)).toHaveLength(0);
    expect(smtp.to(fresh[0]!)[0]!.raw).toContain('Subject: Cedar International invited you to Corestone');
    expect(await tokensOf(cy[0]!.user_id)).toBe(1);
  });

  it('makes one account and one mail when a batch and single requests ask for the same e-mail at once', async () => {
    const email = uniqueEmail('both').toLowerCase();
    const person = { email, name: 'Dee Dual', platform_role: 'student' as const };
    const answers = await Promise.all([
      batch({ invited_by_school: 'Cedar International', users: [person] }).then((x) => x.results[0]!),
      batch({ invited_by_school: 'Cedar International', users: [{ ...person, email: email.toUpperCase() }] }).then((x) => x.results[0]!),
      ...[0, 1, 2].map(() =>
        callRpc(h.infra.bus, Rpc.authProvisionUser, { ...person, invited_by_school: 'Cedar International' }).then((x) => ({
          ok: true as const,
          ...x,
        })),
      ),
    ]);
    expect(answers.every((a) => a.ok)).toBe(true);
    const ok = answers as Array<{ ok: true; user_id: string; created: boolean }>;
    expect(new Set(ok.map((a) => a.user_id)).size).toBe(1);
    expect(ok.filter((a) => a.created)).toHaveLength(1);
    expect(await credentials([email])).toHaveLength(1);
    await eventually(() => smtp.to(email).length > 0, 'the invitation mail');
    await invitationsSettled(h);
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('sends a mail the SMTP server refused again later, once, with one working token', async () => {
    const emails = [uniqueEmail('retry-a').toLowerCase(), uniqueEmail('retry-b').toLowerCase()];
    const refusedBefore = smtp.refused;
    smtp.failNext = 3;
    const { results } = await batch({
      invited_by_school: 'Cedar International',
      users: emails.map((email, i) => ({ email, name: `Retry ${i}`, platform_role: 'student' as const })),
    });
    expect(results.every((x) => x.ok && x.created)).toBe(true);
    await eventually(() => emails.every((e) => smtp.to(e).length > 0), 'the mails, after the refusals', 30_000);
    await invitationsSettled(h, 30_000);
    expect(smtp.refused - refusedBefore).toBe(3);
    for (const e of emails) expect(smtp.to(e)).toHaveLength(1);
    // The refused attempts' tokens were rolled back with them: one token per account, and it works.
    for (const x of results as Array<{ ok: true; user_id: string }>) expect(await tokensOf(x.user_id)).toBe(1);
    const raw = smtp
      .to(emails[0]!)[0]!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(raw)![1];
    const set = await h.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, new_password: 'chosen-after-retry-1' },
    });
    expect(set.statusCode).toBe(200);
  });

  it('refuses a malformed batch as a whole (too many items, no school name)', async () => {
    const person = { email: uniqueEmail('many').toLowerCase(), name: 'Many', platform_role: 'student' as const };
    for (const req of [
      { invited_by_school: 'Cedar International', users: Array.from({ length: 501 }, () => person) },
      { invited_by_school: '', users: [person] },
    ]) {
      const err = await batch(req).then(
        () => null,
        (e: { statusCode: number; code: string }) => e,
      );
      expect({ status: err?.statusCode, code: err?.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await credentials([person.email])).toEqual([]);
  });
});
