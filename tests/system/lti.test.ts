/**
 * LTI 1.3 through the gateway with every process real (issue 32): a school admin registers a fake
 * LMS on loopback; the LMS's login initiation and launch (cross-site form posts, no token) reach
 * schools through /api/v1/lti/*; real auth makes the teacher's account and mints the session the
 * launch hands to the browser, which works on /auth/me; the class of the course exists with the
 * teacher in it; a forged launch is refused; the tool's JWKS is public. Then issue 32's whole chain:
 * deep linking returns an assignment with a line item, a student's launch lands on its upload page,
 * the essay is graded, the teacher's release posts the score to the LMS's line item, and a roster
 * change on the LMS reaches the class.
 */
import { LTI_CLAIMS } from '@corestone/contracts';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { EE_ESSAY } from '../fixtures/essays';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';
import { FakeLtiPlatform, ROLES } from '../support/fake-lti';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let lms: FakeLtiPlatform;
let gw: string;
/** What the first test leaves for the chain: the school, the registration, the teacher's launch. */
let superToken: string;
let schoolId: string;
let launchUrl: string;
let teacher: { token: string; claims: Record<string, unknown> };
let classId: string;
beforeAll(async () => {
  p = await startTestPlatform();
  gw = `${p.gatewayUrl}/api/v1`;
  lms = await new FakeLtiPlatform().start();
  lms.toolJwks = async () => (await fetch(`${gw}/lti/jwks`)).json();
});
afterAll(async () => {
  await lms?.stop();
  await p?.shutdown();
});

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${gw}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

/** Login initiation as the LMS posts it: the state and nonce the tool put in its redirect. */
async function initiate() {
  const res = await post('/lti/login', { iss: lms.issuer, login_hint: 'h', target_link_uri: launchUrl, client_id: lms.clientId });
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location')!);
  expect(to.searchParams.get('redirect_uri')).toBe(launchUrl);
  return { state: to.searchParams.get('state')!, nonce: to.searchParams.get('nonce')! };
}

/** A launch that must succeed: where it lands and the session it hands over. */
async function launched(claims: Record<string, unknown>) {
  const { state, nonce } = await initiate();
  const res = await post('/lti/launch', { id_token: await lms.idToken(nonce, claims), state });
  expect(res.status).toBe(303);
  const to = new URL(res.headers.get('location')!);
  expect(to.pathname).toBe('/auth/google/callback');
  return { next: new URL(to.searchParams.get('next')!, 'http://app'), token: to.searchParams.get('access_token')! };
}

it('a teacher launches from the LMS into their course’s class with a working session; a forged launch is refused', async () => {
  superToken = await setupSuperAdmin(p, { name: 'Lea Super', email: uniqueEmail('ltisuper'), password: 'super-secret-1' });
  const school = await p.api.call('POST', '/schools', { token: superToken, json: { name: 'LTI Academy' } });
  expect(school.status).toBe(201);
  schoolId = school.body.id;
  const admin = await invitedSignIn(p, school.body.id, superToken, uniqueEmail('ltiadmin'), 'school_admin');
  const reg = await p.api.call('POST', `/schools/${school.body.id}/lti/platforms`, { token: admin.token, json: lms.registration() });
  expect(reg.status).toBe(201);
  expect(reg.body.launch_url).toMatch(/\/api\/v1\/lti\/launch$/);
  launchUrl = reg.body.launch_url;

  const jwks = await fetch(`${gw}/lti/jwks`);
  expect(jwks.status).toBe(200);
  expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);

  const email = uniqueEmail('ltiteacher');
  const claims = {
    sub: 'sys-teacher-1',
    email,
    name: 'Tia Teacher',
    [LTI_CLAIMS.messageType]: 'LtiResourceLinkRequest',
    [LTI_CLAIMS.roles]: [ROLES.instructor],
    [LTI_CLAIMS.context]: { id: 'sys-course', title: 'History HL' },
    [LTI_CLAIMS.resourceLink]: { id: 'sys-rl' },
  };

  const forged = await initiate();
  const refused = await post('/lti/launch', { id_token: await lms.idToken(forged.nonce, claims, { forge: true }), state: forged.state });
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'LTI_TOKEN_INVALID' });

  const { state, nonce } = await initiate();
  const res = await post('/lti/launch', { id_token: await lms.idToken(nonce, claims), state });
  expect(res.status).toBe(303);
  const to = new URL(res.headers.get('location')!);
  expect(to.pathname).toBe('/auth/google/callback');
  const id = /^\/admin\/classes\/([0-9a-f-]{36})$/.exec(to.searchParams.get('next')!)![1];
  const token = to.searchParams.get('access_token')!;
  const me = await p.api.call('GET', '/auth/me', { token });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ email, role: 'teacher' });
  const refreshed = await p.api.call('POST', '/auth/refresh', { json: { refresh_token: to.searchParams.get('refresh_token') } });
  expect(refreshed.status).toBe(200);
  const members = await p.api.call('GET', `/classes/${id}/members`, { token });
  expect(members.status).toBe(200);
  expect(members.body.members).toEqual([expect.objectContaining({ email, role: 'teacher' })]);
  // the same launch again is a replay
  expect((await post('/lti/launch', { id_token: await lms.idToken(nonce, claims), state })).status).toBe(400);
  teacher = { token, claims };
  classId = id;
});

it('deep linking places an assignment with a line item; a student launches, is graded, the release reaches the LMS gradebook; a roster change reaches the class', async () => {
  expect(classId).toBeDefined(); // the first test's launch made the class
  const granted = await p.api.call('POST', `/schools/${schoolId}/credits`, { token: superToken, json: { credits: 5, note: 'LTI pilot' } });
  expect(granted.status).toBe(201);
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: teacher.token })).body[0];
  const made = await p.api.call('POST', `/classes/${classId}/assignments`, {
    token: teacher.token,
    json: {
      title: 'EE final',
      essay_type: 'ee',
      rubric_id: rubric.id,
      due_at: new Date(Date.now() + 3 * 86400_000).toISOString(),
      release_mode: 'after_review',
    },
  });
  expect(made.status).toBe(201);
  const assignmentId = made.body.id as string;

  // --- deep linking: the teacher picks the assignment inside the LMS ---
  const picking = await launched({
    ...teacher.claims,
    [LTI_CLAIMS.messageType]: 'LtiDeepLinkingRequest',
    [LTI_CLAIMS.resourceLink]: undefined,
    [LTI_CLAIMS.deepLinkingSettings]: { deep_link_return_url: `${lms.base}/deep-link-return`, accept_types: ['ltiResourceLink'] },
  });
  expect(picking.next.pathname).toBe(`/admin/classes/${classId}`);
  const link = await p.api.call('POST', '/lti/deep-linking/response', {
    token: picking.token,
    json: { launch_id: picking.next.searchParams.get('lti_deep_linking'), assignment_id: assignmentId },
  });
  expect(link.status).toBe(200);
  expect(link.body.return_url).toBe(`${lms.base}/deep-link-return`);
  const jwks = (await (await fetch(`${gw}/lti/jwks`)).json()) as { keys: never[] };
  const { payload } = await jwtVerify(link.body.jwt, createLocalJWKSet(jwks), { issuer: lms.clientId, audience: lms.issuer });
  expect(payload[LTI_CLAIMS.contentItems]).toEqual([
    expect.objectContaining({
      type: 'ltiResourceLink',
      custom: { assignment_id: assignmentId },
      lineItem: expect.objectContaining({ scoreMaximum: 34, resourceId: assignmentId }),
    }),
  ]);

  // --- the student's launch of the placed link, with the LMS's line item and roster service ---
  const course = { id: 'sys-course', title: 'History HL' };
  const memberships = `${lms.base}/contexts/${course.id}/memberships`;
  const roster = (sub: string, role: string) => ({ user_id: sub, status: 'Active', roles: [role], email: `${sub}@lti.example`, name: sub });
  lms.rosters.set(course.id, [roster('sys-teacher-1', ROLES.instructor), roster('sys-student-1', ROLES.learner)]);
  const student = await launched({
    sub: 'sys-student-1',
    email: 'sys-student-1@lti.example',
    name: 'Sol Student',
    [LTI_CLAIMS.messageType]: 'LtiResourceLinkRequest',
    [LTI_CLAIMS.roles]: [ROLES.learner],
    [LTI_CLAIMS.context]: course,
    [LTI_CLAIMS.resourceLink]: { id: 'sys-rl-ee' },
    [LTI_CLAIMS.custom]: { assignment_id: assignmentId },
    [LTI_CLAIMS.ags]: { scope: [], lineitem: `${lms.base}/lineitems/sys-ee`, lineitems: `${lms.base}/lineitems` },
    [LTI_CLAIMS.nrps]: { context_memberships_url: memberships, service_versions: ['2.0'] },
  });
  expect(`${student.next.pathname}${student.next.search}`).toBe(`/dashboard/upload/ee?assignment=${assignmentId}`);

  // --- the student submits into the assignment and it is graded (awaiting the teacher) ---
  const up = await p.api.call('POST', '/evaluation/evaluate-async', {
    token: student.token,
    form: p.api.essayForm(EE_ESSAY, { title: 'Sol EE', essay_type: 'ee', rubric_id: rubric.id, assignment_id: assignmentId }),
  });
  expect(up.status).toBe(201);
  const graded = await p.api.waitForEvaluation(up.body.id, student.token);
  expect(graded).toMatchObject({ status: 'completed', results: null, assignment: { release: { state: 'awaiting_review' } } });
  expect(lms.scores).toEqual([]);

  // --- the teacher reviews and releases: the score reaches the LMS line item ---
  const full = (await p.api.call('GET', `/evaluation/${up.body.id}`, { token: teacher.token })).body;
  const first = full.results.criteria[0];
  const reviewed = await p.api.call('PUT', `/evaluation/${up.body.id}/review`, {
    token: teacher.token,
    json: { criteria: [{ criterion_id: first.code, score: first.score }], comment: 'Well argued.' },
  });
  expect(reviewed.status).toBe(200);
  const total = reviewed.body.assignment.teacher_review.total as number;
  expect((await p.api.call('POST', `/evaluation/${up.body.id}/release`, { token: teacher.token })).status).toBe(200);
  const score = await waitFor('the score at the LMS', async () => lms.scores[0], 30_000);
  expect(score.path).toBe('/lineitems/sys-ee/scores');
  expect(score.contentType).toContain('application/vnd.ims.lis.v1.score+json');
  expect(score.body).toMatchObject({
    userId: 'sys-student-1',
    scoreGiven: total,
    scoreMaximum: 34,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  });

  // --- a roster change on the LMS reaches the class ---
  lms.rosters.set(course.id, [
    roster('sys-teacher-1', ROLES.instructor),
    roster('sys-student-1', ROLES.learner),
    roster('sys-student-2', ROLES.learner),
  ]);
  const synced = await p.api.call('POST', `/classes/${classId}/lti/roster/sync`, { token: teacher.token });
  expect(synced.status).toBe(200);
  const members = await p.api.call('GET', `/classes/${classId}/members`, { token: teacher.token });
  expect(members.body.members.map((m: { email: string; role: string }) => `${m.email}:${m.role}`).sort()).toEqual(
    [
      `${(teacher.claims as { email: string }).email}:teacher`,
      'sys-student-1@lti.example:student',
      'sys-student-2@lti.example:student',
    ].sort(),
  );
});
