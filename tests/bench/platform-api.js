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

/**
 * The platform's first (super) administrator. Setup closes after the first admin, so every benchmark
 * that needs an admin must use this one: it is set up once per platform, and each call signs in
 * afresh (access tokens live 15 minutes; a bench run is longer). Returns the sign-in answer
 * ({ access_token, refresh_token, user, … }).
 */
const admins = new Map();
async function benchAdmin(call) {
  if (!admins.has(call.base)) {
    const setup = setUpAdmin(call);
    admins.set(call.base, setup);
    setup.catch(() => admins.delete(call.base));
  }
  const admin = await admins.get(call.base);
  const login = await call('POST', '/auth/login', { json: { username: admin.email, password: admin.password } });
  if (login.status !== 200) throw new Error(`admin sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body;
}

async function setUpAdmin(call) {
  const admin = { name: 'Bench Admin', email: `bench.admin.${Date.now()}@school.example`, password: 'bench-password-1' };
  const setup = await call('POST', '/auth/setup-admin', { json: { ...admin, user_type: 'super-admin' } });
  if (setup.status >= 300) throw new Error(`setup-admin: ${setup.status} ${JSON.stringify(setup.body)}`);
  return admin;
}

/**
 * A teacher with unlimited credits, created once per platform (and per `name`) by the bench admin;
 * each call signs in afresh and returns an access token. Benchmarks share the default teacher; one
 * that reads the teacher's own list takes a name of its own, so it does not read thousands of rows
 * that earlier benchmarks left.
 */
const teachers = new Map();
async function unlimitedTeacher(call, name = 'shared') {
  const key = `${call.base} ${name}`;
  if (!teachers.has(key)) {
    const created = createUnlimitedTeacher(call);
    teachers.set(key, created);
    created.catch(() => teachers.delete(key));
  }
  const teacher = await teachers.get(key);
  const login = await call('POST', '/auth/login', { json: { username: teacher.email, password: teacher.password } });
  if (login.status !== 200) throw new Error(`teacher sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.access_token;
}

async function createUnlimitedTeacher(call) {
  const adminToken = (await benchAdmin(call)).access_token;
  const teacher = {
    email: `bench.teacher.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@school.example`,
    password: 'bench-password-2',
  };
  const created = await call('POST', '/users/admin/create-user', {
    token: adminToken,
    json: { first_name: 'Bench', last_name: 'Teacher', ...teacher, user_type: 'teacher', essay_credits: 0, max_essay_credits: -1 },
  });
  if (created.status >= 300) throw new Error(`create-user: ${created.status} ${JSON.stringify(created.body)}`);
  return teacher;
}

module.exports = { api, essayText, benchAdmin, unlimitedTeacher };
