/**
 * LTI 1.3 tool (issue 32) on the real Postgres and NATS against a fake LMS on loopback: platform
 * registration and its tenancy across two schools, the tool's JWKS and key rotation, login
 * initiation, launches (teacher, student, deep linking) and the refusals of forged, replayed,
 * expired and otherwise wrong launches.
 */
import { createLocalJWKSet, jwtVerify } from 'jose';
import { Events, LTI_CLAIMS, Rpc, type Assignment, type LtiPassback, type LtiPlatform } from '@corestone/contracts';
import { newId, publishEvent, serveRpc } from '@corestone/service-kit';
import { AssignmentPeersStandIn } from './assignment-peers';
import { FakeLtiPlatform, ROLES } from '../../../tests/support/fake-lti';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let lms: FakeLtiPlatform;
let peers: AssignmentPeersStandIn;
let sa: Person;
let A: Awaited<ReturnType<typeof seedSchool>>;
let B: Awaited<ReturnType<typeof seedSchool>>;
let platform: LtiPlatform;
/** Sessions auth was asked to mint (rpc.auth.issue_session stand-in), by user id. */
const sessions: string[] = [];
let sessionSub: { unsubscribe(): void };

beforeAll(async () => {
  h = await startSchools('schlti');
  peers = new AssignmentPeersStandIn(h).start();
  lms = await new FakeLtiPlatform().start();
  lms.toolJwks = async () => (await h.call<never>('GET', '/lti/jwks', {})).body;
  sessionSub = serveRpc(
    h.service.infra.bus,
    Rpc.authIssueSession,
    async ({ user_id }) => {
      sessions.push(user_id);
      return { access_token: `access-${user_id}`, refresh_token: `refresh-${user_id}` };
    },
    h.service.app.log,
  );
  sa = await person(h, 'super_admin');
  A = await seedSchool(h, sa, 'Lambda School');
  B = await seedSchool(h, sa, 'Mu School');
});
afterAll(async () => {
  sessionSub?.unsubscribe();
  peers?.stop();
  await lms?.stop();
  await h?.close();
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Login initiation as the LMS sends it: the state and nonce from the redirect to the platform. */
async function login(extra: Record<string, string> = {}) {
  const res = await h.service.app.inject({
    method: 'POST',
    url: '/lti/login',
    ...form({ iss: lms.issuer, login_hint: 'hint-1', target_link_uri: platform.launch_url, client_id: lms.clientId, ...extra }),
  });
  expect(res.statusCode).toBe(302);
  const to = new URL(res.headers.location as string);
  return { to, state: to.searchParams.get('state')!, nonce: to.searchParams.get('nonce')! };
}

const launch = (id_token: string, state: string) =>
  h.service.app.inject({ method: 'POST', url: '/lti/launch', ...form({ id_token, state }) });

const teacherClaims = (sub = 'lms-teacher-1', email = 'lms.teacher@lambda.example.org') => ({
  sub,
  email,
  name: 'Lena Lms',
  [LTI_CLAIMS.messageType]: 'LtiResourceLinkRequest',
  [LTI_CLAIMS.roles]: [ROLES.instructor],
  [LTI_CLAIMS.context]: { id: 'course-101', title: 'IB Biology HL' },
  [LTI_CLAIMS.resourceLink]: { id: 'rl-home' },
});

/** Where a launch sent the browser: the session page with the tokens and the landing path. */
function landing(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(303);
  const to = new URL(res.headers.location as string);
  expect(to.pathname).toBe('/auth/google/callback');
  expect(to.searchParams.get('oauth')).toBe('success');
  return { to, next: to.searchParams.get('next')!, access: to.searchParams.get('access_token')! };
}

describe('registration', () => {
  it('a school admin registers a platform and gets the tool URLs; the list and delete are the school’s only', async () => {
    const res = await h.call<LtiPlatform>('POST', `/schools/${A.id}/lti/platforms`, A.admin.h, lms.registration());
    expect(res.status).toBe(201);
    platform = res.body;
    expect(platform).toMatchObject({
      school_id: A.id,
      issuer: lms.issuer,
      client_id: lms.clientId,
      deployment_ids: [lms.deploymentId],
      login_url: expect.stringMatching(/\/api\/v1\/lti\/login$/),
      launch_url: expect.stringMatching(/\/api\/v1\/lti\/launch$/),
      jwks_url: expect.stringMatching(/\/api\/v1\/lti\/jwks$/),
    });
    const again = await h.call<{ code: string }>('POST', `/schools/${A.id}/lti/platforms`, A.admin.h, lms.registration());
    expect(again).toMatchObject({ status: 409, body: { code: 'LTI_PLATFORM_EXISTS' } });
    const list = await h.call<{ platforms: LtiPlatform[] }>('GET', `/schools/${A.id}/lti/platforms`, A.admin.h);
    expect(list.body.platforms.map((p) => p.id)).toEqual([platform.id]);
    expect((await h.call<{ platforms: LtiPlatform[] }>('GET', `/schools/${A.id}/lti/platforms`, sa.h)).body.platforms).toHaveLength(1);
  });

  it('refuses bad input with 400 and never a 500', async () => {
    for (const body of [
      { ...lms.registration(), issuer: 'not a url' },
      { ...lms.registration(), key_set_url: 'ftp://x.example/jwks' },
      { ...lms.registration(), deployment_ids: [] },
      { ...lms.registration(), client_id: '' },
      { issuer: lms.issuer },
    ]) {
      const res = await h.call<{ code: string; detail: string }>('POST', `/schools/${A.id}/lti/platforms`, A.admin.h, body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('tenancy: another school’s admin sees 404; teachers and students of the school 403 or 404; nobody signed out', async () => {
    const reg = { ...lms.registration(), client_id: 'other-client' };
    expect((await h.call('GET', `/schools/${A.id}/lti/platforms`, B.admin.h)).status).toBe(404);
    expect((await h.call('POST', `/schools/${A.id}/lti/platforms`, B.admin.h, reg)).status).toBe(404);
    expect((await h.call('DELETE', `/schools/${A.id}/lti/platforms/${platform.id}`, B.admin.h)).status).toBe(404);
    // B's admin cannot delete A's platform through B's own school either
    expect((await h.call('DELETE', `/schools/${B.id}/lti/platforms/${platform.id}`, B.admin.h)).status).toBe(404);
    for (const who of [A.teacher, A.student]) {
      expect([403, 404]).toContain((await h.call('GET', `/schools/${A.id}/lti/platforms`, who.h)).status);
      expect([403, 404]).toContain((await h.call('POST', `/schools/${A.id}/lti/platforms`, who.h, reg)).status);
    }
    expect((await h.call('GET', `/schools/${A.id}/lti/platforms`, {})).status).toBe(401);
    expect((await h.call('GET', `/schools/not-a-uuid/lti/platforms`, A.admin.h)).status).toBe(404);
    // B registers its own (another client id) and deletes it
    const mine = await h.call<LtiPlatform>('POST', `/schools/${B.id}/lti/platforms`, B.admin.h, reg);
    expect(mine.status).toBe(201);
    expect((await h.call<{ platforms: LtiPlatform[] }>('GET', `/schools/${B.id}/lti/platforms`, B.admin.h)).body.platforms).toHaveLength(1);
    expect((await h.call('DELETE', `/schools/${B.id}/lti/platforms/${mine.body.id}`, B.admin.h)).status).toBe(204);
    expect((await h.call('DELETE', `/schools/${B.id}/lti/platforms/${mine.body.id}`, B.admin.h)).status).toBe(404);
  });
});

describe('tool keys', () => {
  it('publishes the current key, two during a rotation, then only the new one; private halves stored sealed', async () => {
    const jwks = async () => (await h.call<{ keys: Array<{ kid: string; d?: string; kty: string }> }>('GET', '/lti/jwks', {})).body.keys;
    const first = await jwks();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first[0]!.d).toBeUndefined();
    expect((await h.call('POST', '/lti/keys/rotate', A.admin.h)).status).toBe(403);
    const step1 = await h.call<{ current_kid: string; next_kid: string }>('POST', '/lti/keys/rotate', sa.h);
    expect(step1.body.current_kid).toBe(first[0]!.kid);
    expect((await jwks()).map((k) => k.kid)).toEqual([first[0]!.kid, step1.body.next_kid]);
    const step2 = await h.call<{ current_kid: string; next_kid: string | null }>('POST', '/lti/keys/rotate', sa.h);
    expect(step2.body).toEqual({ current_kid: step1.body.next_kid, next_kid: null });
    expect((await jwks()).map((k) => k.kid)).toEqual([step1.body.next_kid]);
    const { rows } = await h.service.infra.db.pool.query<{ private_jwk_sealed: string }>('SELECT private_jwk_sealed FROM lti_tool_keys');
    for (const r of rows) expect(r.private_jwk_sealed).not.toMatch(/"d"|"kty"/);
  });
});

describe('login initiation', () => {
  it('redirects to the platform’s authorisation endpoint with the OIDC parameters (GET and POST)', async () => {
    const { to, state, nonce } = await login({ lti_message_hint: 'msg-7' });
    expect(`${to.origin}${to.pathname}`).toBe(`${lms.base}/auth`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: lms.clientId,
      redirect_uri: platform.launch_url,
      login_hint: 'hint-1',
      lti_message_hint: 'msg-7',
    });
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(nonce).not.toBe(state);
    const get = await h.service.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams({ iss: lms.issuer, login_hint: 'x', target_link_uri: platform.launch_url })}`,
    });
    expect(get.statusCode).toBe(302);
  });

  it('refuses an unregistered issuer (404) or deployment (403), and a malformed request (400)', async () => {
    const unknown = await h.service.app.inject({
      method: 'POST',
      url: '/lti/login',
      ...form({ iss: 'https://unknown.example', login_hint: 'x', target_link_uri: 'y' }),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('LTI_UNKNOWN_PLATFORM');
    const dep = await h.service.app.inject({
      method: 'POST',
      url: '/lti/login',
      ...form({ iss: lms.issuer, login_hint: 'x', target_link_uri: 'y', lti_deployment_id: 'nope' }),
    });
    expect(dep.statusCode).toBe(403);
    expect((await h.service.app.inject({ method: 'POST', url: '/lti/login', ...form({ login_hint: 'x' }) })).statusCode).toBe(400);
  });
});

let classId: string;
let teacherId: string;

describe('launch', () => {
  it('a teacher’s first launch makes the account and the course’s class, enrols them and lands on the class', async () => {
    const { state, nonce } = await login();
    const res = await launch(await lms.idToken(nonce, teacherClaims()), state);
    const { next, access } = landing(res);
    teacherId = h.accounts.byEmail.get('lms.teacher@lambda.example.org')!.id;
    expect(access).toBe(`access-${teacherId}`);
    expect(sessions).toContain(teacherId);
    const m = /^\/admin\/classes\/([0-9a-f-]{36})$/.exec(next);
    expect(m).not.toBeNull();
    classId = m![1]!;
    const teacher = { h: await h.headers(teacherId, 'teacher') };
    const cls = await h.call<{ classes: Array<{ id: string; name: string }> }>('GET', `/schools/${A.id}/classes`, teacher.h);
    expect(cls.body.classes).toEqual([expect.objectContaining({ id: classId, name: 'IB Biology HL' })]);
    const members = await h.call<{ members: Array<{ user_id: string; role: string }> }>('GET', `/classes/${classId}/members`, teacher.h);
    expect(members.body.members).toEqual([expect.objectContaining({ user_id: teacherId, role: 'teacher' })]);
    expect(h.accounts.provisionCalls.at(-1)).toMatchObject({ email: 'lms.teacher@lambda.example.org', platform_role: 'teacher' });
  });

  it('a second launch of the same person and course finds the account by sub and the same class', async () => {
    const before = h.accounts.provisionCalls.length;
    const { state, nonce } = await login();
    // the LMS no longer shares the e-mail: the link by (issuer, sub) is enough
    const claims: Record<string, unknown> = { ...teacherClaims() };
    delete claims.email;
    const { next } = landing(await launch(await lms.idToken(nonce, claims), state));
    expect(next).toBe(`/admin/classes/${classId}`);
    expect(h.accounts.provisionCalls.length).toBe(before);
    const { rows } = await h.service.infra.db.pool.query('SELECT * FROM lti_contexts');
    expect(rows).toHaveLength(1);
  });

  it('refuses a forged launch (signed by another key), 401', async () => {
    const { state, nonce } = await login();
    const res = await launch(await lms.idToken(nonce, teacherClaims(), { forge: true }), state);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'LTI_TOKEN_INVALID', detail: expect.stringMatching(/could not be verified/) });
  });

  it('refuses a replayed launch: the same state again (400), the same token with a fresh state (nonce, 401)', async () => {
    const { state, nonce } = await login();
    const token = await lms.idToken(nonce, teacherClaims());
    landing(await launch(token, state));
    const replay = await launch(token, state);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('LTI_STATE_INVALID');
    const fresh = await login();
    const again = await launch(token, fresh.state);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'LTI_TOKEN_INVALID', detail: expect.stringMatching(/nonce/) });
  });

  it('refuses an expired launch, a wrong audience or issuer (401); the state is used up by a refused launch too', async () => {
    for (const opts of [{ expiresIn: -120 }, { audience: 'someone-else' }, { issuer: 'https://evil.example' }]) {
      const { state, nonce } = await login();
      const res = await launch(await lms.idToken(nonce, teacherClaims(), opts), state);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('LTI_TOKEN_INVALID');
      expect((await launch(await lms.idToken(nonce, teacherClaims()), state)).statusCode).toBe(400);
    }
  });

  it('refuses an unregistered deployment (403), another LTI version or message type (400), a role it does not serve (403), a first launch without e-mail (400)', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...teacherClaims(), [LTI_CLAIMS.deploymentId]: 'deployment-x' }, 403, 'LTI_DEPLOYMENT_UNKNOWN'],
      [{ ...teacherClaims(), [LTI_CLAIMS.version]: '1.1' }, 400, 'LTI_MESSAGE_UNSUPPORTED'],
      [{ ...teacherClaims(), [LTI_CLAIMS.messageType]: 'LtiSubmissionReviewRequest' }, 400, 'LTI_MESSAGE_UNSUPPORTED'],
      [{ ...teacherClaims('lms-mentor'), [LTI_CLAIMS.roles]: [ROLES.mentor] }, 403, 'LTI_ROLE_UNSUPPORTED'],
      [{ ...teacherClaims('lms-nomail'), email: undefined }, 400, 'LTI_EMAIL_REQUIRED'],
      [{ ...teacherClaims(), [LTI_CLAIMS.resourceLink]: undefined }, 400, 'LTI_TOKEN_INVALID'],
    ];
    for (const [claims, status, code] of cases) {
      const { state, nonce } = await login();
      const res = await launch(await lms.idToken(nonce, claims), state);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    }
    expect((await h.service.app.inject({ method: 'POST', url: '/lti/launch', ...form({ state: 'x' }) })).statusCode).toBe(400);
  });

  it('refuses a person whose account belongs to another school (409)', async () => {
    const { state, nonce } = await login();
    const res = await launch(await lms.idToken(nonce, teacherClaims('lms-b-teacher', B.teacher.email)), state);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LTI_IN_ANOTHER_SCHOOL');
  });

  it('links an existing account by e-mail only when the school manages it: never an individual, a school admin or a platform admin', async () => {
    const solo = h.accounts.add('solo.reader@lambda.example.org', 'Solo Reader', 'student');
    const boss = h.accounts.add('boss@lambda.example.org', 'Platform Boss', 'super_admin');
    const refused: Array<[string, string]> = [
      ['lms-solo', 'solo.reader@lambda.example.org'],
      ['lms-boss', 'boss@lambda.example.org'],
      ['lms-a-admin', A.admin.email],
    ];
    for (const [sub, email] of refused) {
      const { state, nonce } = await login();
      const res = await launch(await lms.idToken(nonce, teacherClaims(sub, email)), state);
      expect({ email, status: res.statusCode, code: res.json().code }).toEqual({ email, status: 409, code: 'LTI_ACCOUNT_EXISTS' });
    }
    for (const id of [solo, boss, A.admin.id]) expect(sessions).not.toContain(id);
    // the individual was not made a member of the school either
    const members = await h.call<{ members: Array<{ user_id: string }> }>('GET', `/schools/${A.id}/members`, A.admin.h);
    expect(members.body.members.map((m) => m.user_id)).not.toContain(solo);
    // the school's own teacher is linked and signed in
    const { state, nonce } = await login();
    const { access } = landing(await launch(await lms.idToken(nonce, teacherClaims('lms-a-teacher', A.teacher.email)), state));
    expect(access).toBe(`access-${A.teacher.id}`);
  });
});

describe('deep linking and the student’s launch', () => {
  let assignment: Assignment;
  /** An assignment due in three days, set by the class's teacher. */
  const setAssignment = (cls: string, teacher: { h: Record<string, string> }, title: string, essayType: 'ee' | 'tok') =>
    h.call<Assignment>('POST', `/classes/${cls}/assignments`, teacher.h, {
      title,
      essay_type: essayType,
      rubric_id: peers.rubric(essayType),
      due_at: new Date(Date.now() + 72 * 3600_000).toISOString(),
      release_mode: 'after_review',
    });

  it('a deep-linking launch lands the teacher on the class to pick; the response is a signed resource link with a line item', async () => {
    const teacher = { h: await h.headers(teacherId, 'teacher') };
    const made = await setAssignment(classId, teacher, 'EE first draft', 'ee');
    expect(made.status).toBe(201);
    assignment = made.body;
    const { state, nonce } = await login();
    const claims: Record<string, unknown> = {
      ...teacherClaims(),
      [LTI_CLAIMS.messageType]: 'LtiDeepLinkingRequest',
      [LTI_CLAIMS.resourceLink]: undefined,
      [LTI_CLAIMS.deepLinkingSettings]: {
        deep_link_return_url: `${lms.base}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        data: 'platform-opaque-7',
      },
    };
    const { next } = landing(await launch(await lms.idToken(nonce, claims), state));
    const url = new URL(next, 'http://x');
    expect(url.pathname).toBe(`/admin/classes/${classId}`);
    const launchId = url.searchParams.get('lti_deep_linking')!;

    const res = await h.call<{ return_url: string; jwt: string }>('POST', '/lti/deep-linking/response', teacher.h, {
      launch_id: launchId,
      assignment_id: assignment.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.return_url).toBe(`${lms.base}/deep-link-return`);
    const jwks = (await h.call<{ keys: never[] }>('GET', '/lti/jwks', {})).body;
    const { payload } = await jwtVerify(res.body.jwt, createLocalJWKSet(jwks), { issuer: lms.clientId, audience: lms.issuer });
    expect(payload).toMatchObject({
      [LTI_CLAIMS.messageType]: 'LtiDeepLinkingResponse',
      [LTI_CLAIMS.version]: '1.3.0',
      [LTI_CLAIMS.deploymentId]: lms.deploymentId,
      [LTI_CLAIMS.deepLinkingData]: 'platform-opaque-7',
      [LTI_CLAIMS.contentItems]: [
        {
          type: 'ltiResourceLink',
          title: 'EE first draft',
          url: platform.launch_url,
          custom: { assignment_id: assignment.id },
          lineItem: { scoreMaximum: 34, label: 'EE first draft', resourceId: assignment.id },
        },
      ],
    });
    expect(typeof payload.nonce).toBe('string');

    // only the launch's own teacher, only a deep-linking launch, only an assignment they teach
    expect(
      (await h.call('POST', '/lti/deep-linking/response', A.teacher.h, { launch_id: launchId, assignment_id: assignment.id })).status,
    ).toBe(404);
    expect((await h.call('POST', '/lti/deep-linking/response', teacher.h, { launch_id: launchId, assignment_id: 'nope' })).status).toBe(
      404,
    );
    expect(
      (await h.call('POST', '/lti/deep-linking/response', teacher.h, { launch_id: 'nope', assignment_id: assignment.id })).status,
    ).toBe(404);
    const { rows } = await h.service.infra.db.pool.query<{ id: string }>(
      `SELECT id FROM lti_launches WHERE message_type = 'LtiResourceLinkRequest' AND user_id = $1 LIMIT 1`,
      [teacherId],
    );
    const wrongKind = await h.call<{ code: string }>('POST', '/lti/deep-linking/response', teacher.h, {
      launch_id: rows[0]!.id,
      assignment_id: assignment.id,
    });
    expect(wrongKind).toMatchObject({ status: 409, body: { code: 'LTI_NOT_DEEP_LINKING' } });
  });

  it('a student’s launch of the placed link lands on the assignment’s upload page, enrolled in the class', async () => {
    const { state, nonce } = await login();
    const claims = {
      sub: 'lms-student-1',
      email: 'lms.student@lambda.example.org',
      given_name: 'Sam',
      family_name: 'Student',
      [LTI_CLAIMS.messageType]: 'LtiResourceLinkRequest',
      [LTI_CLAIMS.roles]: [ROLES.learner],
      [LTI_CLAIMS.context]: { id: 'course-101', title: 'IB Biology HL' },
      [LTI_CLAIMS.resourceLink]: { id: 'rl-ee-draft' },
      [LTI_CLAIMS.custom]: { assignment_id: assignment.id },
      [LTI_CLAIMS.ags]: { scope: [], lineitem: `${lms.base}/lineitems/1`, lineitems: `${lms.base}/lineitems` },
    };
    const { next } = landing(await launch(await lms.idToken(nonce, claims), state));
    expect(next).toBe(`/dashboard/upload/ee?assignment=${assignment.id}`);
    const studentId = h.accounts.byEmail.get('lms.student@lambda.example.org')!.id;
    const teacher = { h: await h.headers(teacherId, 'teacher') };
    const members = await h.call<{ members: Array<{ user_id: string; role: string }> }>('GET', `/classes/${classId}/members`, teacher.h);
    expect(members.body.members).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: studentId, role: 'student' })]));
    const { rows } = await h.service.infra.db.pool.query('SELECT resource_link_id, assignment_id, lineitem_url FROM lti_resource_links');
    expect(rows).toEqual([{ resource_link_id: 'rl-ee-draft', assignment_id: assignment.id, lineitem_url: `${lms.base}/lineitems/1` }]);
    // the teacher's launch of the same link lands on the assignment in the class
    const t = await login();
    const tl = landing(
      await launch(await lms.idToken(t.nonce, { ...teacherClaims(), [LTI_CLAIMS.resourceLink]: { id: 'rl-ee-draft' } }), t.state),
    );
    expect(tl.next).toBe(`/admin/classes/${classId}/assignments/${assignment.id}`);
  });

  it('an assignment id of another school in the custom parameters is ignored (the student lands on the dashboard)', async () => {
    const other = await h.call<{ id: string }>('POST', `/schools/${B.id}/classes`, B.teacher.h, { name: 'B class' });
    const bAssignment = await setAssignment(other.body.id, B.teacher, 'B essay', 'tok');
    expect(bAssignment.status).toBe(201);
    const { state, nonce } = await login();
    const res = await launch(
      await lms.idToken(nonce, {
        sub: 'lms-student-1',
        [LTI_CLAIMS.messageType]: 'LtiResourceLinkRequest',
        [LTI_CLAIMS.roles]: [ROLES.learner],
        [LTI_CLAIMS.context]: { id: 'course-101' },
        [LTI_CLAIMS.resourceLink]: { id: 'rl-foreign' },
        [LTI_CLAIMS.custom]: { assignment_id: bAssignment.body.id },
      }),
      state,
    );
    expect(landing(res).next).toBe('/dashboard');
  });

  describe('grade passback (AGS)', () => {
    const passbacks = async (who: { h: Record<string, string> }) =>
      h.call<{ passbacks: LtiPassback[] }>('GET', `/assignments/${assignment.id}/lti/passbacks`, who.h);
    /** evaluation.released as evaluation publishes it, and the passback rows it made once consumed. */
    async function release(evaluationId: string, given: number) {
      const studentId = h.accounts.byEmail.get('lms.student@lambda.example.org')!.id;
      await publishEvent(h.service.infra.bus, Events.evaluationReleased, {
        evaluation_id: evaluationId,
        user_id: studentId,
        assignment_id: assignment.id,
        score: { given, maximum: 34, comment: 'Well argued; cite more sources.' },
      });
      for (let i = 0; i < 200; i++) {
        const { rows } = await h.service.infra.db.pool.query('SELECT id FROM lti_passbacks WHERE evaluation_id = $1', [evaluationId]);
        if (rows.length) return rows[0].id as string;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the release was not consumed');
    }

    it('a released result posts the score to the line item with a client-credentials token the tool signed', async () => {
      const evaluationId = newId();
      await release(evaluationId, 27);
      await h.service.ltiPassbacks.runOnce();
      const sent = lms.scores.filter((s) => s.body.scoreGiven === 27);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        path: '/lineitems/1/scores',
        contentType: 'application/vnd.ims.lis.v1.score+json',
        body: {
          userId: 'lms-student-1',
          scoreGiven: 27,
          scoreMaximum: 34,
          comment: 'Well argued; cite more sources.',
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
        },
      });
      expect(lms.tokenRefusals).toEqual([]);
      const teacher = { h: await h.headers(teacherId, 'teacher') };
      const list = await passbacks(teacher);
      expect(list.status).toBe(200);
      expect(list.body.passbacks.find((p) => p.evaluation_id === evaluationId)).toMatchObject({
        status: 'sent',
        attempts: 1,
        last_error: null,
      });
      // the same event again (redelivery) makes no second passback
      await h.service.ltiPassbacks.runOnce();
      expect(lms.scores.filter((s) => s.body.scoreGiven === 27)).toHaveLength(1);
    });

    it('a refused passback is retried with backoff, shown failed after the last attempt, and the teacher retries it', async () => {
      lms.failScores = 1000;
      const evaluationId = newId();
      const id = await release(evaluationId, 21);
      await h.service.ltiPassbacks.runOnce();
      const teacher = { h: await h.headers(teacherId, 'teacher') };
      let row = (await passbacks(teacher)).body.passbacks.find((p) => p.id === id)!;
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('500') });
      expect(new Date(row.next_attempt_at!).getTime()).toBeGreaterThan(Date.now());
      for (let i = 0; i < 10 && row.status === 'pending'; i++) {
        await h.service.infra.db.pool.query('UPDATE lti_passbacks SET next_attempt_at = now() WHERE id = $1', [id]);
        await h.service.ltiPassbacks.runOnce();
        row = (await passbacks(teacher)).body.passbacks.find((p) => p.id === id)!;
      }
      expect(row).toMatchObject({ status: 'failed', attempts: 5, next_attempt_at: null });
      expect(lms.scores.filter((s) => s.body.scoreGiven === 21)).toHaveLength(0);

      // others may not see or retry it
      expect((await passbacks(B.admin)).status).toBe(404);
      expect([403, 404]).toContain((await passbacks(A.student)).status);
      expect((await h.call('POST', `/assignments/${assignment.id}/lti/passbacks/retry`, B.admin.h, {})).status).toBe(404);

      lms.failScores = 0;
      const retried = await h.call<{ retried: number }>('POST', `/assignments/${assignment.id}/lti/passbacks/retry`, teacher.h, {
        passback_id: id,
      });
      expect(retried.body).toEqual({ retried: 1 });
      await h.service.ltiPassbacks.runOnce();
      expect((await passbacks(teacher)).body.passbacks.find((p) => p.id === id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(lms.scores.filter((s) => s.body.scoreGiven === 21)).toHaveLength(1);
    });
  });
});

describe('roster sync (NRPS)', () => {
  const course = 'course-nrps';
  const member = (sub: string, role: string, extra: Record<string, unknown> = {}) => ({
    user_id: sub,
    status: 'Active',
    roles: [role],
    email: `${sub}@lambda.example.org`,
    name: `Person ${sub}`,
    ...extra,
  });
  let nrpsClass: string;
  let nrpsTeacher: { h: Record<string, string> };
  const members = async () =>
    (await h.call<{ members: Array<{ user_id: string; role: string }> }>('GET', `/classes/${nrpsClass}/members`, nrpsTeacher.h)).body
      .members;
  const idOf = (sub: string) => h.accounts.byEmail.get(`${sub}@lambda.example.org`)!.id;

  it('a launch into a course with a roster service enrols its teachers and learners (in the background)', async () => {
    lms.rosters.set(course, [
      member('nrps-teacher', ROLES.instructor),
      member('nrps-s1', ROLES.learner),
      member('nrps-s2', ROLES.learner),
      member('nrps-s3', ROLES.learner),
      member('nrps-mentor', ROLES.mentor),
      member('nrps-gone', ROLES.learner, { status: 'Inactive' }),
    ]);
    const { state, nonce } = await login();
    const res = await launch(
      await lms.idToken(nonce, {
        ...teacherClaims('nrps-teacher', 'nrps-teacher@lambda.example.org'),
        [LTI_CLAIMS.context]: { id: course, title: 'TOK 2027' },
        [LTI_CLAIMS.nrps]: { context_memberships_url: `${lms.base}/contexts/${course}/memberships`, service_versions: ['2.0'] },
      }),
      state,
    );
    nrpsClass = /^\/admin\/classes\/([0-9a-f-]{36})$/.exec(landing(res).next)![1]!;
    nrpsTeacher = { h: await h.headers(idOf('nrps-teacher'), 'teacher') };
    // the background sync after the launch; then one on demand must find nothing new
    let listed: Array<{ user_id: string; role: string }> = [];
    for (let i = 0; i < 200 && listed.length < 4; i++) {
      listed = await members();
      if (listed.length < 4) await new Promise((r) => setTimeout(r, 50));
    }
    expect(new Set(listed.map((m) => `${m.user_id}:${m.role}`))).toEqual(
      new Set([
        `${idOf('nrps-teacher')}:teacher`,
        `${idOf('nrps-s1')}:student`,
        `${idOf('nrps-s2')}:student`,
        `${idOf('nrps-s3')}:student`,
      ]),
    );
    expect(h.accounts.byEmail.has('nrps-mentor@lambda.example.org')).toBe(false);
    expect(h.accounts.byEmail.has('nrps-gone@lambda.example.org')).toBe(false);
    const again = await h.call('POST', `/classes/${nrpsClass}/lti/roster/sync`, nrpsTeacher.h);
    expect(again).toMatchObject({ status: 200, body: { enrolled: 0, unenrolled: 0 } });
  });

  it('on demand: removed or inactive members are unenrolled (school membership kept), new ones enrolled, others’ enrolments untouched', async () => {
    // a member enrolled by hand (not from the LMS) stays
    expect((await h.call('POST', `/classes/${nrpsClass}/members`, A.admin.h, { user_id: A.student.id, role: 'student' })).status).toBe(201);
    lms.rosters.set(course, [
      member('nrps-teacher', ROLES.instructor),
      member('nrps-s1', ROLES.learner, { status: 'Inactive' }),
      member('nrps-s3', ROLES.learner),
      member('nrps-s4', ROLES.learner),
    ]);
    const res = await h.call('POST', `/classes/${nrpsClass}/lti/roster/sync`, nrpsTeacher.h);
    expect(res).toMatchObject({ status: 200, body: { enrolled: 1, unenrolled: 2, skipped: 0 } });
    const ids = new Set((await members()).map((m) => m.user_id));
    expect(ids).toEqual(new Set([idOf('nrps-teacher'), idOf('nrps-s3'), idOf('nrps-s4'), A.student.id]));
    const schoolMembers = await h.call<{ members: Array<{ user_id: string; status: string }> }>(
      'GET',
      `/schools/${A.id}/members?limit=100`,
      A.admin.h,
    );
    expect(schoolMembers.body.members.find((m) => m.user_id === idOf('nrps-s2'))).toMatchObject({ status: 'active' });
  });

  it('only the class’s managers may sync; a class without an LMS roster answers 409', async () => {
    expect((await h.call('POST', `/classes/${nrpsClass}/lti/roster/sync`, B.admin.h)).status).toBe(404);
    expect((await h.call('POST', `/classes/${nrpsClass}/lti/roster/sync`, A.student.h)).status).toBe(403);
    expect((await h.call('POST', `/classes/${nrpsClass}/lti/roster/sync`, A.teacher.h)).status).toBe(404);
    const plain = await h.call<{ id: string }>('POST', `/schools/${A.id}/classes`, A.admin.h, { name: 'No LMS' });
    const res = await h.call<{ code: string }>('POST', `/classes/${plain.body.id}/lti/roster/sync`, A.admin.h);
    expect(res).toMatchObject({ status: 409, body: { code: 'LTI_NO_ROSTER' } });
  });
});
