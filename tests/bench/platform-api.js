const fs = require('node:fs');
const path = require('node:path');

/** JSON/multipart calls to /api/v1 of a running platform. */
const api = (base) =>
  Object.assign(
    async (method, p, { token, json, form } = {}) => {
      const headers = {};
      if (token) headers.authorization = `Bearer ${token}`;
      let body;
      if (json) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      } else if (form) body = form;
      const res = await fetch(`${base}/api/v1${p}`, { method, headers, body });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { base },
  );

function essayText() {
  // the system-test fixture, as plain text (the .ts file holds it in a template literal)
  const src = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'essays.ts'), 'utf8');
  return src.split('`')[1];
}

/** The first admin can be set up once per platform: the teacher it creates is shared by every benchmark. */
const teachers = new Map();
function unlimitedTeacher(call) {
  if (!teachers.has(call.base)) teachers.set(call.base, createUnlimitedTeacher(call));
  return teachers.get(call.base);
}

async function createUnlimitedTeacher(call) {
  const admin = { name: 'Bench Admin', email: `bench.admin.${Date.now()}@school.example`, password: 'bench-password-1' };
  const setup = await call('POST', '/auth/setup-admin', { json: { ...admin, user_type: 'super-admin' } });
  if (setup.status >= 300) throw new Error(`setup-admin: ${setup.status} ${JSON.stringify(setup.body)}`);
  const adminToken = (await call('POST', '/auth/login', { json: { username: admin.email, password: admin.password } })).body.access_token;
  const teacher = { email: `bench.teacher.${Date.now()}@school.example`, password: 'bench-password-2' };
  const created = await call('POST', '/users/admin/create-user', {
    token: adminToken,
    json: { first_name: 'Bench', last_name: 'Teacher', ...teacher, user_type: 'teacher', essay_credits: 0, max_essay_credits: -1 },
  });
  if (created.status >= 300) throw new Error(`create-user: ${created.status} ${JSON.stringify(created.body)}`);
  return (await call('POST', '/auth/login', { json: { username: teacher.email, password: teacher.password } })).body.access_token;
}

module.exports = { api, essayText, unlimitedTeacher };
