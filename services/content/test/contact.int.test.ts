import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { mailFiles, readMail, startContent, type Harness } from './helpers';

const enquiry = {
  name: 'Maria Rossi',
  school: 'Lakeside International School',
  email: 'm.rossi@lakeside.example',
  number_of_students: 120,
  message: 'We would like unlimited essay feedback for our DP2 cohort from September.',
};

describe('institution enquiries with mail written to MAIL_DIR', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startContent('cntc', { RATE_CONTACT_ADDRESS_MAX: '3', CONTACT_TO: 'Sales <sales@corestone.test>' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (payload: unknown, address = '203.0.113.7') =>
    h.app.inject({ method: 'POST', url: '/general/contact', payload: payload as object, headers: { 'x-forwarded-for': address } });

  it('stores the enquiry, confirms it and mails the configured inbox', async () => {
    const res = await post({ ...enquiry, email: 'M.Rossi@Lakeside.example', unknown_field: 'dropped' }, '198.51.100.1');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Thank you! We have received your enquiry and will reply by e-mail within two working days.',
    });
    await h.service.sender.idle();
    const files = mailFiles(h.mailDir);
    expect(files).toHaveLength(1);
    const raw = readMail(h.mailDir, files[0]);
    expect(raw).toContain('To: sales@corestone.test'); // CONTACT_TO seeds the inbox setting (its address)
    expect(raw).toContain('Reply-To: m.rossi@lakeside.example');
    expect(raw).toContain('Subject: Power User enquiry: Lakeside International School (120 students)');
    expect(raw).toContain(enquiry.message);

    const list = await h.app.inject({ url: '/general/contact/enquiries', headers: h.as.admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().enquiries[0]).toMatchObject({ ...enquiry, id: res.json().id, mail_status: 'sent' });
  });

  it('shows the enquiries to admins only', async () => {
    const list = (headers: Record<string, string>) => h.app.inject({ url: '/general/contact/enquiries', headers });
    expect((await list(h.as.anonymous)).statusCode).toBe(401);
    expect((await list(h.as.student)).statusCode).toBe(403);
    expect((await list(h.as.teacher)).statusCode).toBe(403);
    expect((await list(h.as.super_admin)).statusCode).toBe(200);
    const bad = await h.app.inject({ url: '/general/contact/enquiries?limit=0', headers: h.as.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('lets admins filter, open, mark handled and export the enquiries; students and teachers never', async () => {
    const second = await post({ ...enquiry, school: '=HYPERLINK("http://evil.test")', number_of_students: 12 }, '198.51.100.2');
    const id = second.json().id as string;
    const first = (await h.app.inject({ url: '/general/contact/enquiries', headers: h.as.admin })).json().enquiries[1];
    const call = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
      h.app.inject({ method, url, headers, payload });
    const routes: Array<['GET' | 'PUT', string, object?]> = [
      ['GET', '/general/contact/enquiries?status=unhandled'],
      ['GET', `/general/contact/enquiries/${id}`],
      ['PUT', `/general/contact/enquiries/${id}/handled`, { handled: true }],
      ['GET', '/general/contact/enquiries/export'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, h.as.anonymous, payload)).statusCode).toBe(401);
      for (const role of ['student', 'teacher'] as const) {
        const res = await call(method, url, h.as[role], payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    }
    // nothing changed by the refused calls
    expect((await call('GET', `/general/contact/enquiries/${id}`, h.as.admin)).json().data).toMatchObject({ id, handled_at: null });

    const marked = await call('PUT', `/general/contact/enquiries/${id}/handled`, h.as.admin, { handled: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ id, handled_at: expect.any(String), handled_by: h.idOf.admin });
    const list = (status: string) => call('GET', `/general/contact/enquiries?status=${status}`, h.as.super_admin).then((r) => r.json());
    expect((await list('handled')).enquiries.map((e: { id: string }) => e.id)).toEqual([id]);
    const waiting = await list('unhandled');
    expect(waiting.enquiries.map((e: { id: string }) => e.id)).toEqual([first.id]);
    expect(waiting).toMatchObject({ total: 1, unhandled: 1 });
    expect(await list('all')).toMatchObject({ total: 2, unhandled: 1 });

    // marking again keeps who handled it first; un-marking puts it back in the waiting list
    await call('PUT', `/general/contact/enquiries/${id}/handled`, h.as.super_admin, { handled: true });
    expect((await call('GET', `/general/contact/enquiries/${id}`, h.as.admin)).json().data.handled_by).toBe(h.idOf.admin);

    const csv = await call('GET', '/general/contact/enquiries/export?status=handled', h.as.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="enquiries_handled_\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,received_at,name,school,email,number_of_students,message,handled,handled_at,handled_by,mail_status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${id},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`); // a formula stays text in a spreadsheet
    expect(lines[1]).toContain(',12,');
    const everything = await call('GET', '/general/contact/enquiries/export', h.as.super_admin);
    expect(everything.body.trim().split('\r\n')).toHaveLength(3);

    await call('PUT', `/general/contact/enquiries/${id}/handled`, h.as.admin, { handled: false });
    expect(await list('unhandled')).toMatchObject({ total: 2, unhandled: 2 });

    for (const [url, code] of [
      ['/general/contact/enquiries/0190f5a0-0000-7000-8000-000000000000', 404],
      ['/general/contact/enquiries/not-an-id', 400],
      ['/general/contact/enquiries?status=open', 400],
      ['/general/contact/enquiries/export?status=open', 400],
    ] as const) {
      const res = await call('GET', url, h.as.admin);
      expect(res.statusCode).toBe(code);
      expect(res.json().success).toBe(false);
    }
    const badBody = await call('PUT', `/general/contact/enquiries/${id}/handled`, h.as.admin, { handled: 'yes' });
    expect(badBody.statusCode).toBe(400);
  });

  it('refuses incomplete or malformed enquiries with 400 and stores nothing', async () => {
    const before = (await h.app.inject({ url: '/general/contact/enquiries', headers: h.as.admin })).json().total;
    const bad: unknown[] = [
      {},
      { ...enquiry, name: '' },
      { ...enquiry, school: undefined },
      { ...enquiry, email: 'not-an-email' },
      { ...enquiry, number_of_students: 0 },
      { ...enquiry, number_of_students: 'many' },
      { ...enquiry, number_of_students: 2.5 },
      { ...enquiry, message: '' },
      { ...enquiry, message: 'x'.repeat(5001) },
    ];
    for (const [i, body] of bad.entries()) {
      const res = await post(body, `192.0.2.${i + 10}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect((await h.app.inject({ url: '/general/contact/enquiries', headers: h.as.admin })).json().total).toBe(before);
  });

  it('keeps line breaks out of mail headers', async () => {
    const res = await post({ ...enquiry, school: 'Evil\r\nBcc: victim@example.com' }, '198.51.100.2');
    expect(res.statusCode).toBe(201);
    await h.service.sender.idle();
    const raw = readMail(h.mailDir, mailFiles(h.mailDir).at(-1)!);
    const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(raw).toContain('Subject: Power User enquiry: Evil Bcc: victim@example.com');
  });

  it('limits enquiries per client address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(enquiry, '203.0.113.99')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await post(enquiry, '203.0.113.99');
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(enquiry, '203.0.113.100')).statusCode).toBe(201); // another address has its own budget
  });
});

describe('institution enquiries over SMTP (fake server on loopback)', () => {
  let h: Harness;
  let smtp: SMTPServer;
  let refuse = true;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    h = await startContent('cnts', { SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_MAIL_RETRY_MS: '3600000' });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('keeps an enquiry whose mail failed and sends it once the server accepts again', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/general/contact', payload: enquiry });
    expect(res.statusCode).toBe(201);
    await h.service.sender.idle();
    const stored = async () => (await h.app.inject({ url: '/general/contact/enquiries', headers: h.as.admin })).json().enquiries[0];
    expect(await stored()).toMatchObject({ id: res.json().id, mail_status: 'failed' });
    expect(received).toHaveLength(0);

    refuse = false;
    await h.service.sender.sweep();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Lakeside International School');
    expect(await stored()).toMatchObject({ mail_status: 'sent' });
    await h.service.sender.sweep(); // nothing left: never mailed twice
    expect(received).toHaveLength(1);
    expect(mailFiles(h.mailDir)).toHaveLength(0);
  });
});
