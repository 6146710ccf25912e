/**
 * Bad input on every route, as every role: the test walks the gateway's aggregated OpenAPI
 * description and sends generated bad input to each operation — wrong types, missing and extra
 * fields, huge strings, unicode edge cases, invalid ids, path traversal, wrong content types,
 * empty, malformed and oversized bodies, broken multipart. Generation is property-based
 * (fast-check, fixed seed, so a failure reproduces) and follows each route's own schemas.
 * Every answer must be a 4xx (or a 2xx the route may legitimately give) with `{detail, code}` —
 * never a 5xx, never a stack trace or an internal message.
 */
import fc from 'fast-check';
import { EE_ESSAY } from '../fixtures/essays';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  format?: string;
  $ref?: string;
};
type Operation = {
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
interface Case {
  label: string;
  path: string;
  query?: string;
  body?: BodyInit;
  contentType?: string;
}

let p: TestPlatform;
const tokens: Record<string, string | undefined> = { anonymous: undefined };
let spec: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
const SEED = 20261123;

beforeAll(async () => {
  p = await startTestPlatform();
  const call = p.api.call.bind(p.api);
  const superEmail = uniqueEmail('fuzz-super');
  await call('POST', '/auth/setup-admin', {
    json: { name: 'Fuzz Super', email: superEmail, password: 'super-secret-1', user_type: 'super-admin' },
  });
  tokens.super_admin = (
    await call('POST', '/auth/login', { json: { username: superEmail, password: 'super-secret-1' } })
  ).body.access_token;
  const adminEmail = uniqueEmail('fuzz-admin');
  await call('POST', '/users/admin/create-user', {
    token: tokens.super_admin,
    json: { name: 'Fuzz Admin', email: adminEmail, password: 'created-pass-1', user_type: 'admin' },
  });
  tokens.admin = (await call('POST', '/auth/login', { json: { username: adminEmail, password: 'created-pass-1' } })).body.access_token;
  tokens.student = (await p.api.signup(uniqueEmail('fuzz-student'))).body.access_token;
  // Something to point at: the student's graded essay.
  const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token: tokens.student })).body[0];
  const up = await call('POST', '/evaluation/evaluate-async', {
    token: tokens.student,
    form: p.api.essayForm(EE_ESSAY, { title: 'Fuzz target', essay_type: 'ee', rubric_id: rubric.id }),
  });
  await p.api.waitForEvaluation(up.body.id, tokens.student!);
  spec = await (await fetch(`${p.gatewayUrl}/api/docs/json`)).json();
}, 120_000);

afterAll(async () => {
  await p?.shutdown();
});

const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? spec.components?.schemas?.[s.$ref.split('/').pop()!] : s);

const BAD_STRINGS = [
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  '😀🏳️‍🌈𝕏\u202e\u200b',
  '../../../../etc/passwd',
  "' OR 1=1; --",
  '<script>alert(1)</script>',
  '%00%2e%2e%2f',
  '{"$where":"1"}',
];
const BAD_IDS = [
  'not-a-uuid',
  '0',
  '-1',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-000000000000',
  '01935f2e-8a1b-7c3d-9e4f-0123456789ab',
];

/** Values of the wrong type for a schema (and a few of the right type but out of bounds). */
function wrongValues(s: Schema | undefined): unknown[] {
  const t = Array.isArray(s?.type) ? s?.type[0] : s?.type;
  const common: unknown[] = [null, { nested: { deeper: [1, 2, 3] } }, [], true];
  if (t === 'string') return [...common, 12345, -1.5, ...BAD_STRINGS.slice(2, 6)];
  if (t === 'integer' || t === 'number') return [...common, 'twelve', 1e308, -1e308, 3.14159, 2 ** 53 + 1, -2147483649];
  if (t === 'boolean') return [...common, 'yes', 2];
  if (t === 'array') return [...common.filter((v) => !Array.isArray(v)), 'not an array', Array.from({ length: 10_000 }, () => 'x')];
  return [...common, 'text', 42];
}

/** A JSON body that is valid except for one property. */
function bodiesFor(schema: Schema | undefined): Array<{ label: string; value: unknown }> {
  const s = resolve(schema);
  const out: Array<{ label: string; value: unknown }> = [
    { label: 'empty object', value: {} },
    { label: 'array instead of object', value: [] },
    { label: 'a bare string', value: 'hello' },
    { label: 'extra fields only', value: { __proto__x: 1, constructor: { prototype: { polluted: true } }, unexpected: 'field' } },
  ];
  for (const [name, prop] of Object.entries(s?.properties ?? {})) {
    for (const [i, v] of wrongValues(resolve(prop)).entries()) out.push({ label: `${name} #${i}`, value: { ...filled(s), [name]: v } });
  }
  for (const [i, v] of fc.sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: 12, seed: SEED }).entries())
    out.push({ label: `random json #${i}`, value: v });
  for (const [i, v] of fc
    .sample(fc.object({ maxDepth: 2, key: fc.string({ unit: 'grapheme' }) }), { numRuns: 6, seed: SEED + 1 })
    .entries()) {
    out.push({ label: `random object #${i}`, value: { ...filled(s), ...(v as object) } });
  }
  return out;
}

/** Plausible values for every property (so one bad property is what the route sees). */
function filled(s: Schema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(s?.properties ?? {})) {
    const r = resolve(prop);
    const t = Array.isArray(r?.type) ? r?.type[0] : r?.type;
    out[name] =
      r?.enum?.[0] ?? (t === 'integer' || t === 'number' ? 1 : t === 'boolean' ? true : t === 'array' ? [] : t === 'object' ? {} : 'fuzz');
  }
  return out;
}

function brokenMultipart(): Case['body'][] {
  const boundary = 'fuzzboundary';
  return [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../../etc/passwd.txt"\r\nContent-Type: text/plain\r\n\r\nroot:x:0:0\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="essay.txt"\r\n\r\nno closing boundary`,
    `--wrong\r\n\r\n--wrong--`,
    `--${boundary}\r\nContent-Disposition: form-data; name="essay_type"\r\n\r\n${'x'.repeat(200_000)}\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(5000)}.pdf"\r\nContent-Type: application/pdf\r\n\r\nnot a pdf\r\n--${boundary}--\r\n`,
    '',
  ];
}

function casesFor(path: string, op: Operation): Case[] {
  const pathParams = (op.parameters ?? []).filter((x) => x.in === 'path');
  const concrete = (id: string) => path.replace(/\{[^}]+\}/g, () => id);
  const base = concrete('01935f2e-8a1b-7c3d-9e4f-0123456789ab');
  const cases: Case[] = [];
  if (pathParams.length || /\{/.test(path))
    for (const id of BAD_IDS) cases.push({ label: `path id ${id.slice(0, 20)}`, path: concrete(id) });
  for (const q of (op.parameters ?? []).filter((x) => x.in === 'query')) {
    for (const v of ['abc', '-1', '99999999999999999999', '', 'x'.repeat(5000), '%00', '😀']) {
      cases.push({ label: `query ${q.name}=${v.slice(0, 10)}`, path: base, query: `${q.name}=${encodeURIComponent(v)}` });
    }
  }
  const content = op.requestBody?.content ?? {};
  if (content['application/json']) {
    for (const b of bodiesFor(content['application/json'].schema))
      cases.push({ label: `json ${b.label}`, path: base, body: JSON.stringify(b.value), contentType: 'application/json' });
    cases.push({ label: 'malformed json', path: base, body: '{"unterminated": ', contentType: 'application/json' });
    cases.push({ label: 'empty json body', path: base, body: '', contentType: 'application/json' });
    cases.push({
      label: 'oversized json body',
      path: base,
      body: JSON.stringify({ blob: 'x'.repeat(3 * 1024 * 1024) }),
      contentType: 'application/json',
    });
    cases.push({ label: 'wrong content type', path: base, body: 'just some text', contentType: 'text/plain' });
    cases.push({
      label: 'xml body',
      path: base,
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>',
      contentType: 'application/xml',
    });
  }
  if (content['multipart/form-data']) {
    for (const [i, body] of brokenMultipart().entries())
      cases.push({ label: `broken multipart #${i}`, path: base, body, contentType: 'multipart/form-data; boundary=fuzzboundary' });
    cases.push({ label: 'json to an upload route', path: base, body: '{}', contentType: 'application/json' });
  }
  if (!cases.length) cases.push({ label: 'plain call with a bogus query', path: base, query: 'unexpected=%F0%9F%98%80' });
  return cases;
}

const INTERNALS =
  /\n\s+at |TypeError|ReferenceError|ECONNREFUSED|node_modules|\/src\/|violates .* constraint|syntax error at|relation ".*" does not exist|Cannot read propert/;

test('no route answers 5xx, a stack trace or an internal message to generated bad input, for any role', async () => {
  const problems: string[] = [];
  let sent = 0;
  const entries = Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  expect(entries.length).toBeGreaterThan(40);
  for (const { path, method, op } of entries) {
    const cases = casesFor(path, op);
    for (const [role, token] of Object.entries(tokens)) {
      // Every case as the most and least privileged roles; a sample as the others.
      const chosen = role === 'super_admin' || role === 'student' ? cases : cases.filter((_, i) => i % 4 === 0);
      await Promise.all(
        chosen.map(async (c) => {
          const headers: Record<string, string> = {};
          if (token) headers.authorization = `Bearer ${token}`;
          if (c.contentType) headers['content-type'] = c.contentType;
          const url = `${p.gatewayUrl}${c.path}${c.query ? `?${c.query}` : ''}`;
          const where = `${role} ${method} ${path} [${c.label}]`;
          try {
            const res = await fetch(url, {
              method,
              headers,
              body: ['GET', 'HEAD'].includes(method) ? undefined : c.body,
              signal: AbortSignal.timeout(30_000),
            });
            sent++;
            const type = res.headers.get('content-type') ?? '';
            if (type.includes('text/event-stream')) return void (await res.body?.cancel());
            const text = await res.text();
            if (res.status >= 500) problems.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
            if (INTERNALS.test(text)) problems.push(`${where}: internal detail leaked: ${text.slice(0, 200)}`);
            if (res.status >= 400 && type.includes('json')) {
              const body = JSON.parse(text);
              if (typeof body.detail !== 'string' || typeof body.code !== 'string')
                problems.push(`${where}: ${res.status} without {detail, code}: ${text.slice(0, 200)}`);
            } else if (res.status >= 400) problems.push(`${where}: ${res.status} not JSON (${type})`);
          } catch (err) {
            problems.push(`${where}: request failed: ${(err as Error).message}`);
          }
        }),
      );
    }
  }
  console.log(`fuzz: ${entries.length} operations, ${sent} requests`);
  expect(problems).toEqual([]);
}, 600_000);
