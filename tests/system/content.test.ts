/**
 * Policies, TOK titles and institution enquiries through the gateway, with every process real:
 * a super admin edits a policy (draft, then published) while the public page changes only on
 * publishing; an enquiry arrives as a mail file; the per-address budget counts the gateway's
 * client address. Issue 28: TOK sessions, the operator settings filled into the policies, and the
 * enquiries' back-office routes, with the authorization of every role (anonymous, student,
 * teacher, admin, super admin) checked through the gateway.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let superToken: string;
let mailDir: string;
let tokens: Record<'anonymous' | 'student' | 'teacher' | 'admin' | 'super_admin', string | undefined>;

beforeAll(async () => {
  p = await startTestPlatform({ RATE_CONTACT_ADDRESS_MAX: '2' });
  mailDir = p.env.MAIL_DIR;
  const email = uniqueEmail('super');
  const setup = await p.api.call('POST', '/auth/setup-admin', {
    json: { name: 'Ada Admin', email, password: 'super-secret-1', user_type: 'super-admin' },
  });
  expect(setup.status).toBeLessThan(300);
  superToken = (await p.api.call('POST', '/auth/login', { json: { username: email, password: 'super-secret-1' } })).body.access_token;
  const adminEmail = uniqueEmail('cadmin');
  const created = await p.api.call('POST', '/users/admin/create-user', {
    token: superToken,
    json: { first_name: 'Alan', last_name: 'Admin', email: adminEmail, password: 'admin-secret-1', user_type: 'admin' },
  });
  expect(created.status).toBeLessThan(300);
  tokens = {
    anonymous: undefined,
    student: (await p.api.signup(uniqueEmail('cstudent'))).body.access_token,
    teacher: (await p.api.signup(uniqueEmail('cteacher'), 'correct-horse-9', 'teacher')).body.access_token,
    admin: (await p.api.call('POST', '/auth/login', { json: { username: adminEmail, password: 'admin-secret-1' } })).body.access_token,
    super_admin: superToken,
  };
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

const ROLES = ['anonymous', 'student', 'teacher', 'admin', 'super_admin'] as const;
type Role = (typeof ROLES)[number];
/** The status each role gets: 401 without a token, 403 for a role the route refuses. */
const expected = (allowed: readonly Role[], ok: number) => (role: Role) => (allowed.includes(role) ? ok : role === 'anonymous' ? 401 : 403);

it('TOK titles per session: the public reads the current six; admins read the sessions; only a super admin changes them', async () => {
  const served = await p.api.call('GET', '/general/tok-prescribed-titles');
  expect(served.status).toBe(200);
  expect(served.body.data.session).toMatch(/^Example session/);
  expect(served.body.data.titles).toHaveLength(6);

  const six = Array.from({ length: 6 }, (_, i) => `May 2027 title ${i + 1}: can knowledge be separated from the knower?`);
  for (const role of ROLES) {
    const list = await p.api.call('GET', '/general/tok-sessions', { token: tokens[role] });
    expect({ role, status: list.status }).toEqual({ role, status: expected(['admin', 'super_admin'], 200)(role) });
    const create = await p.api.call('POST', '/general/tok-sessions', {
      token: tokens[role],
      json: { session: `May 2027 (${role})`, titles: six, current: true },
    });
    expect({ role, status: create.status }).toEqual({ role, status: expected(['super_admin'], 201)(role) });
  }
  const sessions = (await p.api.call('GET', '/general/tok-sessions', { token: tokens.admin })).body.sessions;
  expect(sessions.map((s: { session: string }) => s.session).sort()).toEqual([
    'Example session (replace with the real titles)',
    'May 2027 (super_admin)',
  ]);
  const may = sessions.find((s: { current: boolean }) => s.current);
  expect(may.session).toBe('May 2027 (super_admin)');
  const now = (await p.api.call('GET', '/general/tok-prescribed-titles')).body.data;
  expect(now).toMatchObject({ session: 'May 2027 (super_admin)', updated_by: 'Ada Admin' });
  expect(now.titles[5]).toEqual({ number: 6, text: six[5] });

  const example = sessions.find((s: { current: boolean }) => !s.current);
  for (const role of ROLES) {
    const status = expected(['super_admin'], 200)(role);
    const edit = await p.api.call('PUT', `/general/tok-sessions/${example.id}`, {
      token: tokens[role],
      json: { session: 'Nov 2027', titles: six },
    });
    expect({ role, status: edit.status }).toEqual({ role, status });
    const current = await p.api.call('POST', `/general/tok-sessions/${example.id}/current`, { token: tokens[role] });
    expect({ role, status: current.status }).toEqual({ role, status });
  }
  expect((await p.api.call('GET', '/general/tok-prescribed-titles')).body.data.session).toBe('Nov 2027');
  expect((await p.api.call('DELETE', `/general/tok-sessions/${example.id}`, { token: superToken })).body.code).toBe('TOK_SESSION_CURRENT');
  for (const role of ROLES) {
    const del = await p.api.call('DELETE', `/general/tok-sessions/${may.id}`, { token: tokens[role] });
    expect({ role, status: del.status }).toEqual({ role, status: expected(['super_admin'], 200)(role) });
  }
  expect(
    (await p.api.call('POST', '/general/tok-sessions', { token: superToken, json: { session: 'Short', titles: six.slice(1) } })).status,
  ).toBe(400);
});

it('organisation settings: admins read, a super admin writes, and the public policies show them', async () => {
  const before = (await p.api.call('GET', '/general/safeguarding')).body.data.content;
  expect(before).toContain('[safeguarding e-mail not set]');
  expect(before).not.toContain('corestone.example');
  for (const role of ROLES) {
    const read = await p.api.call('GET', '/general/settings', { token: tokens[role] });
    expect({ role, status: read.status }).toEqual({ role, status: expected(['admin', 'super_admin'], 200)(role) });
    const write = await p.api.call('PUT', '/general/settings', {
      token: tokens[role],
      json: { safeguarding_email: `dsl-${role}@maple.test` },
    });
    expect({ role, status: write.status }).toEqual({ role, status: expected(['super_admin'], 200)(role) });
  }
  expect((await p.api.call('GET', '/general/safeguarding')).body.data.content).toContain('**dsl-super_admin@maple.test**');
  expect((await p.api.call('PUT', '/general/settings', { token: superToken, json: { contact_email: 'nope' } })).status).toBe(400);
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
  expect(list.body.enquiries[0]).toMatchObject({ id: first.body.id, school: 'Lakeside School', handled_at: null });
  const id = first.body.id as string;
  // the back office's routes: admins and super admins only, enforced behind the gateway
  const routes: Array<['GET' | 'PUT', string, object | undefined]> = [
    ['GET', '/general/contact/enquiries?status=unhandled', undefined],
    ['GET', `/general/contact/enquiries/${id}`, undefined],
    ['PUT', `/general/contact/enquiries/${id}/handled`, { handled: true }],
    ['GET', '/general/contact/enquiries/export?status=all', undefined],
  ];
  for (const role of ROLES) {
    for (const [method, url, json] of routes) {
      const res = await p.api.call(method, url, { token: tokens[role], json });
      expect({ role, url, status: res.status }).toEqual({ role, url, status: expected(['admin', 'super_admin'], 200)(role) });
    }
  }
  const handled = (await p.api.call('GET', `/general/contact/enquiries/${id}`, { token: tokens.admin })).body.data;
  expect(handled).toMatchObject({ handled_by: 'Alan Admin', handled_at: expect.any(String) });
  expect(
    (await p.api.call('GET', '/general/contact/enquiries?status=handled', { token: superToken })).body.enquiries.map(
      (e: { id: string }) => e.id,
    ),
  ).toEqual([id]);

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
