import { ROLES, mailFiles, readMail, startContent, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startContent('cntset', { CONTACT_TO: 'Enquiries <first-inbox@school-operator.test>' });
});
afterAll(async () => {
  await h?.close();
});

const settings = (headers = h.as.admin) => h.app.inject({ url: '/general/settings', headers });
const save = (payload: unknown, headers = h.as.super_admin) =>
  h.app.inject({ method: 'PUT', url: '/general/settings', headers, payload: payload as object });
const policy = async (id: string) => (await h.app.inject({ url: `/general/${id}` })).json().data.content as string;

describe('operator settings', () => {
  it('start with organisation details not set and the inbox from CONTACT_TO', async () => {
    const res = await settings();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      organisation_name: '',
      contact_email: '',
      safeguarding_email: '',
      postal_address: '',
      enquiry_notification_email: 'first-inbox@school-operator.test',
      updated_by: null,
    });
  });

  it('are read by admins and changed by a super admin only, for every role', async () => {
    expect((await settings(h.as.anonymous)).statusCode).toBe(401);
    for (const role of ['student', 'teacher'] as const) expect((await settings(h.as[role])).statusCode).toBe(403);
    expect((await settings(h.as.super_admin)).statusCode).toBe(200);
    expect((await save({ organisation_name: 'X' }, h.as.anonymous)).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => r !== 'super_admin')) {
      const res = await save({ organisation_name: 'X' }, h.as[role]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await settings()).json().data.organisation_name).toBe('');
  });

  it('refuses malformed addresses and empty bodies with 400', async () => {
    for (const bad of [
      {},
      { contact_email: 'not an address' },
      { enquiry_notification_email: '' },
      { safeguarding_email: 'a@b.example\r\nBcc: x@y.example' },
      { postal_address: 'x'.repeat(501) },
    ]) {
      const res = await save(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('show "not set" markers in the public policies until set, then the details (no example inboxes anywhere)', async () => {
    const before = await policy('privacy');
    expect(before).toContain('[organisation name not set]');
    expect(before).toContain('**[contact e-mail not set]**');
    expect(await policy('safeguarding')).toContain('[safeguarding e-mail not set]');
    for (const id of ['privacy', 'safeguarding', 'client-terms', 'academic-integrity']) {
      expect(await policy(id)).not.toMatch(/corestone\.example|\{\{/);
    }

    const res = await save({
      organisation_name: 'Maple Learning Ltd.',
      contact_email: 'help@maple-learning.test',
      safeguarding_email: 'dsl@maple-learning.test',
      postal_address: '12 King St W\nToronto ON  M5H 1A1 **Canada**',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ organisation_name: 'Maple Learning Ltd.', updated_by: expect.any(String) });

    // read right after the save: the cached details were invalidated
    const privacy = await policy('privacy');
    expect(privacy).toContain('operated by Maple Learning Ltd., a registered Canadian business');
    expect(privacy).toContain('**help@maple-learning.test**');
    // one line, and no markdown smuggled in through a setting
    expect(privacy).toContain('Our postal address: 12 King St W Toronto ON M5H 1A1 Canada.');
    expect(await policy('safeguarding')).toContain('**dsl@maple-learning.test**');
    expect(await policy('client-terms')).toContain('by post to Maple Learning Ltd., 12 King St W');

    // editors see the placeholders they edit
    const working = (await h.app.inject({ url: '/general/privacy', headers: h.as.super_admin })).json().data.content;
    expect(working).toContain('{{contact_email}}');

    // fields not sent are kept; an empty value means "not set" again
    await save({ postal_address: '' });
    expect((await settings()).json().data).toMatchObject({ organisation_name: 'Maple Learning Ltd.', postal_address: '' });
    expect(await policy('privacy')).toContain('Our postal address: [postal address not set].');
  });

  it('send enquiries to the inbox set on the Settings screen', async () => {
    expect((await save({ enquiry_notification_email: 'admissions@maple-learning.test' })).statusCode).toBe(200);
    const res = await h.app.inject({
      method: 'POST',
      url: '/general/contact',
      payload: { name: 'Ana', school: 'Hillside', email: 'ana@hillside.test', number_of_students: 30, message: 'Hello' },
    });
    expect(res.statusCode).toBe(201);
    await h.service.sender.idle();
    const files = mailFiles(h.mailDir);
    expect(files).toHaveLength(1);
    const mail = readMail(h.mailDir, files[0]);
    expect(mail).toContain('To: admissions@maple-learning.test');
    expect(mail).toMatch(/All enquiries: http\S*\/admin\/enquiries/);
  });
});
