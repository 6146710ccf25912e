/**
 * Policies, TOK titles and institution enquiries through the gateway, with every process real:
 * a super admin edits a policy (draft, then published) while the public page changes only on
 * publishing; an enquiry arrives as a mail file; the per-address budget counts the gateway's
 * client address.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let superToken: string;
let mailDir: string;

beforeAll(async () => {
  p = await startTestPlatform({ RATE_CONTACT_ADDRESS_MAX: '2' });
  mailDir = p.env.MAIL_DIR;
  const email = uniqueEmail('super');
  const setup = await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Ada Admin', email, password: 'super-secret-1', user_type: 'super-admin' },
  });
  expect(setup.status).toBeLessThan(300);
  superToken = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'super-secret-1' } })).body.access_token;
});
afterAll(async () => {
  await p?.shutdown();
});

it('serves the policies publicly and publishes an edit at once, drafts never', async () => {
  const before = await p.api.call('GET', '/general/privacy');
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ success: true, data: { id: 'privacy', status: 'published', title: 'Privacy Policy' } });
  expect((await p.api.call('GET', '/general/unknown')).body).toMatchObject({ success: false });

  const student = (await p.api.signup(uniqueEmail('pol'))).body.access_token;
  const edit = { title: 'Privacy Policy', content: '# Privacy Policy\n\nDraft.', status: 'draft' };
  expect((await p.api.call('PUT', '/general/privacy', { json: edit })).status).toBe(401);
  expect((await p.api.call('PUT', '/general/privacy', { json: edit, token: student })).status).toBe(403);
  expect((await p.api.call('PUT', '/general/privacy', { json: edit, token: superToken })).status).toBe(200);
  expect((await p.api.call('GET', '/general/privacy')).body.data.content).toBe(before.body.data.content);

  const published = { ...edit, content: '# Privacy Policy\n\nPublished.', status: 'published' };
  expect((await p.api.call('PUT', '/general/privacy', { json: published, token: superToken })).status).toBe(200);
  const after = (await p.api.call('GET', '/general/privacy')).body.data;
  expect(after.content).toBe(published.content);
  expect(after.updated_by).toBe('Ada Admin'); // named by the users service over NATS
});

it('lists 17 TOK prescribed titles publicly', async () => {
  const res = await p.api.call('GET', '/general/tok-prescribed-titles');
  expect(res.status).toBe(200);
  expect(res.body.data.titles).toHaveLength(17);
});

it('takes an institution enquiry, mails it and shows it to admins; the address budget holds', async () => {
  const enquiry = {
    name: 'Maria Rossi',
    school: 'Lakeside School',
    email: 'm.rossi@lakeside.example',
    number_of_students: 80,
    message: 'Unlimited feedback for our cohort, please.',
  };
  const first = await p.api.call('POST', '/general/contact', { json: enquiry });
  expect(first.status).toBe(201);
  expect(first.body.success).toBe(true);
  const list = await p.api.call('GET', '/general/contact/enquiries', { token: superToken });
  expect(list.body.enquiries[0]).toMatchObject({ id: first.body.id, school: 'Lakeside School' });
  expect((await p.api.call('GET', '/general/contact/enquiries')).status).toBe(401);

  const mailed = () =>
    fs.existsSync(mailDir) &&
    fs.readdirSync(mailDir).some((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').includes('Power User enquiry: Lakeside School'));
  for (let i = 0; i < 50 && !mailed(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(mailed()).toBe(true);

  // a client cannot dodge the budget by sending its own X-Forwarded-For: the gateway replaces it
  const second = await p.api.call('POST', '/general/contact', { json: enquiry, headers: { 'x-forwarded-for': '198.51.100.1' } });
  const third = await p.api.call('POST', '/general/contact', { json: enquiry, headers: { 'x-forwarded-for': '198.51.100.2' } });
  expect([second.status, third.status]).toEqual([201, 429]);
  expect(third.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
});
