/**
 * LTI 1.3 through the gateway with every process real (issue 32): a school admin registers a fake
 * LMS on loopback; the LMS's login initiation and launch (cross-site form posts, no token) reach
 * schools through /api/v1/lti/*; real auth makes the teacher's account and mints the session the
 * launch hands to the browser, which works on /auth/me; the class of the course exists with the
 * teacher in it; a forged launch is refused; the tool's JWKS is public.
 */
import { LTI_CLAIMS } from '@corestone/contracts';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';
import { FakeLtiPlatform, ROLES } from '../support/fake-lti';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let lms: FakeLtiPlatform;
let gw: string;
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

it('a teacher launches from the LMS into their course’s class with a working session; a forged launch is refused', async () => {
  const superToken = await setupSuperAdmin(p, { name: 'Lea Super', email: uniqueEmail('ltisuper'), password: 'super-secret-1' });
  const school = await p.api.call('POST', '/schools', { token: superToken, json: { name: 'LTI Academy' } });
  expect(school.status).toBe(201);
  const admin = await invitedSignIn(p, school.body.id, superToken, uniqueEmail('ltiadmin'), 'school_admin');
  const reg = await p.api.call('POST', `/schools/${school.body.id}/lti/platforms`, { token: admin.token, json: lms.registration() });
  expect(reg.status).toBe(201);
  expect(reg.body.launch_url).toMatch(/\/api\/v1\/lti\/launch$/);

  const jwks = await fetch(`${gw}/lti/jwks`);
  expect(jwks.status).toBe(200);
  expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);

  const initiate = async () => {
    const res = await post('/lti/login', {
      iss: lms.issuer,
      login_hint: 'h',
      target_link_uri: reg.body.launch_url,
      client_id: lms.clientId,
    });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.searchParams.get('redirect_uri')).toBe(reg.body.launch_url);
    return { state: to.searchParams.get('state')!, nonce: to.searchParams.get('nonce')! };
  };
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
  const launched = await post('/lti/launch', { id_token: await lms.idToken(nonce, claims), state });
  expect(launched.status).toBe(303);
  const to = new URL(launched.headers.get('location')!);
  expect(to.pathname).toBe('/auth/google/callback');
  const classId = /^\/admin\/classes\/([0-9a-f-]{36})$/.exec(to.searchParams.get('next')!)![1];
  const token = to.searchParams.get('access_token')!;
  const me = await p.api.call('GET', '/auth/me', { token });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ email, role: 'teacher' });
  const refreshed = await p.api.call('POST', '/auth/refresh', { json: { refresh_token: to.searchParams.get('refresh_token') } });
  expect(refreshed.status).toBe(200);
  const members = await p.api.call('GET', `/classes/${classId}/members`, { token });
  expect(members.status).toBe(200);
  expect(members.body.members).toEqual([expect.objectContaining({ email, role: 'teacher' })]);
  // the same launch again is a replay
  expect((await post('/lti/launch', { id_token: await lms.idToken(nonce, claims), state })).status).toBe(400);
});
