import { randomUUID } from 'node:crypto';
import type { Subscription } from '@nats-io/transport-node';
import { Events, Rpc, SSO_MESSAGES, type RpcDef, type RpcRequest, type RpcResponse, type SsoSchool } from '@corestone/contracts';
import { callRpc, conflict, ensureStream, newId, publishEvent, serveRpc } from '@corestone/service-kit';
import { bearer, eventually, startAuth, uniqueEmail, type Harness } from './helpers';
import { FakeOidcProvider, type Identity, type TokenTampering } from '../../../tests/support/fake-oidc';

const APP = 'https://corestone.example';
let google: FakeOidcProvider;
let microsoft: FakeOidcProvider;
let h: Harness;

/** Stand-in for the schools service's SSO answers (rpc.schools.sso_school / sso_admit) on the real NATS. */
class FakeSchools {
  readonly schools: SsoSchool[] = [];
  readonly domains = new Map<string, string>();
  readonly tenants = new Map<string, string>();
  /** user id → school id, as schools would keep memberships. */
  readonly members = new Map<string, string>();
  readonly admits: Array<RpcRequest<typeof Rpc.schoolsSsoAdmit>> = [];
  private subs: Subscription[] = [];

  add(school: Omit<SsoSchool, 'id'>, key: { domain?: string; tenant?: string }): SsoSchool {
    const s = { id: newId(), ...school };
    this.schools.push(s);
    if (key.domain) this.domains.set(key.domain, s.id);
    if (key.tenant) this.tenants.set(key.tenant, s.id);
    return s;
  }

  start(): void {
    const byId = (id: string | undefined) => this.schools.find((s) => s.id === id) ?? null;
    this.subs = [
      serve(Rpc.schoolsSsoSchool, async (req) => ({
        school: byId(req.domain ? this.domains.get(req.domain) : req.tenant_id ? this.tenants.get(req.tenant_id) : undefined),
      })),
      serve(Rpc.schoolsSsoAdmit, async (req) => {
        this.admits.push(req);
        const current = this.members.get(req.user_id);
        if (current && current !== req.school_id) throw conflict('in another school', 'IN_ANOTHER_SCHOOL');
        this.members.set(req.user_id, req.school_id);
        return { school_id: req.school_id, status: 'active' as const };
      }),
    ];
  }

  stop(): void {
    this.subs.forEach((s) => s.unsubscribe());
  }
}
let schools: FakeSchools;
const serve = <R extends RpcDef>(def: R, handler: (req: RpcRequest<R>) => Promise<RpcResponse<R>>) =>
  serveRpc(h.infra.bus, def, handler, h.app.log);

let workspace: SsoSchool;
let entra: SsoSchool;
const TENANT = '8d88c9c2-2058-486d-9cd4-2fc9010326bc';

beforeAll(async () => {
  google = new FakeOidcProvider();
  microsoft = new FakeOidcProvider();
  await google.start();
  await microsoft.start();
  h = await startAuth('authsso', {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    MICROSOFT_CLIENT_ID: microsoft.clientId,
    MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
    MICROSOFT_ISSUER: microsoft.issuer,
  });
  schools = new FakeSchools();
  schools.start();
  workspace = schools.add({ name: 'Workspace School', require_sso: false, new_member_role: 'teacher' }, { domain: 'workspace-school.edu' });
  entra = schools.add({ name: 'Entra School', require_sso: false, new_member_role: 'student' }, { tenant: TENANT });
});
afterAll(async () => {
  schools.stop();
  await h.close();
  await google.stop();
  await microsoft.stop();
});

type Provider = 'google' | 'microsoft';
const fake = (p: Provider) => (p === 'google' ? google : microsoft);

/** Browser: /auth/sso/{provider}/start → provider → callback; returns where auth sends the browser. */
async function ssoSignIn(provider: Provider, identity: Identity, opts: TokenTampering & { school?: string } = {}) {
  const start = await h.app.inject({ url: `/auth/sso/${provider}/start${opts.school ? `?school=${opts.school}` : ''}` });
  expect(start.statusCode).toBe(302);
  const authUrl = start.headers.location as string;
  expect(authUrl.startsWith(`${fake(provider).issuer}/authorize?`)).toBe(true);
  const query = fake(provider).approve(authUrl, identity, opts);
  const back = await h.app.inject({ url: `/auth/sso/${provider}/callback?${query}` });
  expect(back.statusCode).toBe(302);
  return { location: new URL(back.headers.location as string), query, authUrl };
}

async function me(location: URL) {
  expect(location.searchParams.get('oauth')).toBe('success');
  const res = await h.app.inject({ url: '/auth/me', headers: bearer(location.searchParams.get('access_token')!) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The refusal's reason on the sign-in page's URL, and that a clear text exists for it. */
function reasonOf(location: URL): string | null {
  if (`${location.origin}${location.pathname}` !== `${APP}/auth` || location.searchParams.get('error') !== 'sso') return null;
  const reason = location.searchParams.get('reason')!;
  expect(SSO_MESSAGES[reason as keyof typeof SSO_MESSAGES]).toEqual(expect.any(String));
  return reason;
}

const workspaceUser = (): Identity => ({
  sub: randomUUID(),
  email: `${uniqueEmail('ws').split('@')[0]}@workspace-school.edu`,
  email_verified: true,
  hd: 'workspace-school.edu',
  given_name: 'Wanda',
  family_name: 'Workspace',
});
const entraUser = (): Identity => ({
  sub: randomUUID(),
  email: `${uniqueEmail('ms').split('@')[0]}@entra-school.org`,
  tid: TENANT,
  xms_edov: true,
  name: 'Mia Entra',
});

const lastSignIn = async (userId: string) =>
  (await callRpc(h.infra.bus, Rpc.authSignInMethods, { user_ids: [userId] })).users.find((u) => u.user_id === userId);

it('offers both providers when configured', async () => {
  expect((await h.app.inject({ url: '/auth/providers' })).json()).toEqual({ google: true, microsoft: true });
});

it('sends the browser to the provider with state, nonce, PKCE S256 and the provider’s SSO callback as redirect_uri', async () => {
  for (const provider of ['google', 'microsoft'] as const) {
    const start = await h.app.inject({ url: `/auth/sso/${provider}/start?school=${entra.id}` });
    const url = new URL(start.headers.location as string);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP}/api/v1/auth/sso/${provider}/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const ttl = await h.infra.redis.ttl(`${h.config.REDIS_PREFIX}auth:oidc:${url.searchParams.get('state')}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
  }
});

it('Google Workspace (hd): a first sign-in creates the account in the school that verified the domain, with its role for new members', async () => {
  const identity = workspaceUser();
  const { location } = await ssoSignIn('google', identity);
  const user = await me(location);
  expect(user).toMatchObject({ email: identity.email, role: 'teacher', first_name: 'Wanda', last_name: 'Workspace' });
  expect(schools.admits.filter((a) => a.user_id === user.id)).toEqual([
    { school_id: workspace.id, user_id: user.id, email: identity.email, name: expect.any(String), platform_role: 'teacher' },
  ]);
  expect(await lastSignIn(user.id)).toMatchObject({ method: 'google' });
  // the next sign-in is the same account (by sub), still in the school; naming the school works too
  const again = await ssoSignIn('google', identity, { school: workspace.id });
  expect((await me(again.location)).id).toBe(user.id);
  // the old "Continue with Google" route maps the domain the same way
  const legacyStart = await h.app.inject({ url: '/auth/google/login' });
  const legacy = await h.app.inject({
    url: `/auth/google/callback?${google.approve(legacyStart.headers.location as string, workspaceUser())}`,
  });
  const legacyUser = await me(new URL(legacy.headers.location as string));
  expect(legacyUser.role).toBe('teacher');
  expect(schools.members.get(legacyUser.id)).toBe(workspace.id);
});

it('Microsoft Entra ID (tid): a first sign-in creates the account in the school that verified the tenant', async () => {
  const identity = entraUser();
  const { location } = await ssoSignIn('microsoft', identity, { school: entra.id });
  const user = await me(location);
  expect(user).toMatchObject({ email: identity.email, role: 'student', first_name: 'Mia', last_name: 'Entra' });
  expect(schools.members.get(user.id)).toBe(entra.id);
  expect(await lastSignIn(user.id)).toMatchObject({ method: 'microsoft' });
  expect((await h.store.findById(user.id))?.origin).toBe('microsoft');
  const again = await ssoSignIn('microsoft', { ...identity, email: undefined, xms_edov: undefined });
  expect((await me(again.location)).id).toBe(user.id); // linked by sub: no e-mail needed the second time
});

it('an address whose domain belongs to no school signs in as an individual, as today', async () => {
  const personal = await ssoSignIn('google', { sub: randomUUID(), email: uniqueEmail('gm'), email_verified: true, name: 'Ivy Individual' });
  const p = await me(personal.location);
  expect(p.role).toBe('student');
  expect(schools.admits.some((a) => a.user_id === p.id)).toBe(false);
  const otherWorkspace = await ssoSignIn('google', {
    sub: randomUUID(),
    email: 'x@nobody-school.edu',
    email_verified: true,
    hd: 'nobody-school.edu',
  });
  const o = await me(otherWorkspace.location);
  expect(schools.admits.some((a) => a.user_id === o.id)).toBe(false);
});

it('links an existing account (a roster-made one without password) only on a verified e-mail, and admits it to the school', async () => {
  const identity = workspaceUser();
  const made = await h.provisioning.provision({
    email: identity.email!,
    name: 'Rosa Roster',
    platform_role: 'student',
    invited_by_school: 'Workspace School',
  });
  const refused = await ssoSignIn('google', { ...identity, email_verified: false });
  expect(reasonOf(refused.location)).toBe('SSO_EMAIL_NOT_VERIFIED');
  expect((await h.store.findById(made.user_id))?.google_sub).toBeNull();
  const { location } = await ssoSignIn('google', identity);
  const user = await me(location);
  expect(user).toMatchObject({ id: made.user_id, role: 'student' }); // the roster's role, not the school's default
  expect((await h.store.findById(made.user_id))?.google_sub).toBe(identity.sub);
  expect(schools.members.get(made.user_id)).toBe(workspace.id);
});

describe('refusals (each with its reason, nothing created)', () => {
  const refusedWith = async (provider: Provider, identity: Identity, opts: TokenTampering & { school?: string }, reason: string) => {
    const { location } = await ssoSignIn(provider, identity, opts);
    expect(reasonOf(location)).toBe(reason);
    if (identity.email) expect(await h.store.findByEmail(identity.email.toLowerCase())).toBeNull();
  };

  it('wrong audience', async () => {
    await refusedWith('google', workspaceUser(), { audience: 'another-client' }, 'SSO_FAILED');
    await refusedWith('microsoft', entraUser(), { audience: 'another-client' }, 'SSO_FAILED');
  });
  it('expired token', async () => {
    await refusedWith('google', workspaceUser(), { expiredSecondsAgo: 600 }, 'SSO_FAILED');
    await refusedWith('microsoft', entraUser(), { expiredSecondsAgo: 600 }, 'SSO_FAILED');
  });
  it('wrong nonce', async () => {
    await refusedWith('microsoft', entraUser(), { nonceOverride: 'someone-elses-nonce' }, 'SSO_FAILED');
  });
  it('a token signed with a key the provider does not publish', async () => {
    await refusedWith('microsoft', entraUser(), { foreignKey: true }, 'SSO_FAILED');
  });
  it('unverified e-mail (Google email_verified false; Microsoft without email_verified or xms_edov)', async () => {
    await refusedWith('google', { ...workspaceUser(), email_verified: false }, {}, 'SSO_EMAIL_NOT_VERIFIED');
    await refusedWith('microsoft', { ...entraUser(), xms_edov: false }, {}, 'SSO_EMAIL_NOT_VERIFIED');
    await refusedWith('google', { sub: randomUUID(), hd: 'workspace-school.edu' }, {}, 'SSO_EMAIL_NOT_VERIFIED');
  });
  it('unknown tenant (Microsoft), and a Workspace domain no school verified when a school was chosen', async () => {
    await refusedWith('microsoft', { ...entraUser(), tid: randomUUID() }, {}, 'SSO_UNKNOWN_TENANT');
    await refusedWith(
      'google',
      { sub: randomUUID(), email: 'y@nobody-school.edu', email_verified: true, hd: 'nobody-school.edu' },
      { school: workspace.id },
      'SSO_UNKNOWN_TENANT',
    );
  });
  it('the account belongs to another school than the one chosen, or is a member of another school', async () => {
    await refusedWith('microsoft', entraUser(), { school: workspace.id }, 'SSO_WRONG_SCHOOL');
    await refusedWith(
      'google',
      { sub: randomUUID(), email: uniqueEmail('p'), email_verified: true },
      { school: workspace.id },
      'SSO_WRONG_SCHOOL',
    );
    const s = await h.userWithSession('student');
    schools.members.set(s.user.id, workspace.id);
    const { location } = await ssoSignIn('microsoft', { ...entraUser(), email: s.email.toLowerCase() });
    expect(reasonOf(location)).toBe('SSO_IN_ANOTHER_SCHOOL');
  });
  it('a replayed callback, a forged state, a state of the other provider, and the provider saying no', async () => {
    const ok = await ssoSignIn('google', workspaceUser());
    expect(ok.location.searchParams.get('oauth')).toBe('success');
    const replay = await h.app.inject({ url: `/auth/sso/google/callback?${ok.query}` });
    expect(reasonOf(new URL(replay.headers.location as string))).toBe('SSO_FAILED');
    const forged = await h.app.inject({ url: `/auth/sso/google/callback?code=abc&state=${randomUUID()}` });
    expect(reasonOf(new URL(forged.headers.location as string))).toBe('SSO_FAILED');
    const start = await h.app.inject({ url: '/auth/sso/microsoft/start' });
    const query = microsoft.approve(start.headers.location as string, entraUser());
    const crossed = await h.app.inject({ url: `/auth/sso/google/callback?${query}` });
    expect(reasonOf(new URL(crossed.headers.location as string))).toBe('SSO_FAILED');
    const start2 = await h.app.inject({ url: '/auth/sso/microsoft/start' });
    const state = new URL(start2.headers.location as string).searchParams.get('state')!;
    const denied = await h.app.inject({ url: `/auth/sso/microsoft/callback?error=access_denied&state=${state}` });
    expect(reasonOf(new URL(denied.headers.location as string))).toBe('SSO_FAILED');
  });
  it('a deactivated account', async () => {
    const identity = entraUser();
    const user = await me((await ssoSignIn('microsoft', identity)).location);
    h.users.set(user.id, { is_active: false });
    const { location } = await ssoSignIn('microsoft', identity);
    expect(reasonOf(location)).toBe('SSO_ACCOUNT_DEACTIVATED');
  });
  it('an unknown provider answers 404 SSO_NOT_CONFIGURED', async () => {
    const res = await h.app.inject({ url: '/auth/sso/facebook/start' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: SSO_MESSAGES.SSO_NOT_CONFIGURED, code: 'SSO_NOT_CONFIGURED' });
  });
});

describe('a school that requires SSO', () => {
  const schoolChanged = async (schoolId: string, requireSso: boolean) => {
    await ensureStream(h.infra.bus, 'schools');
    await publishEvent(h.infra.bus, Events.schoolsSchoolChanged, {
      school_id: schoolId,
      name: 'Entra School',
      settings: {
        students_may_buy_credits: true,
        ai_grader_enabled: true,
        pool_enabled: true,
        pool_cap_per_student: null,
        require_sso: requireSso,
      },
    });
  };
  const login = (email: string, password: string) =>
    h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password } });

  it('refuses its members’ password sign-in with a clear message, and lets them in again when it no longer does', async () => {
    const member = await h.userWithSession('student');
    h.users.set(member.user.id, { school: { id: entra.id, name: 'Entra School', role: 'student', status: 'active' } });
    const outsider = await h.userWithSession('student');
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    await schoolChanged(entra.id, true);
    await eventually(async () => (await login(member.email, member.password)).statusCode === 403, 'the school requires SSO');
    const refused = await login(member.email, member.password);
    expect(refused.json()).toEqual({ detail: SSO_MESSAGES.SSO_REQUIRED, code: 'SSO_REQUIRED' });
    // a wrong password still says so (the requirement is told only to whoever knows the password)
    expect((await login(member.email, 'wrong-password')).json().code).toBe('INCORRECT_PASSWORD');
    expect((await login(outsider.email, outsider.password)).statusCode).toBe(200);
    // a deactivated member is no longer the school's to govern
    h.users.set(member.user.id, { school: { id: entra.id, name: 'Entra School', role: 'student', status: 'deactivated' } });
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    h.users.set(member.user.id, { school: { id: entra.id, name: 'Entra School', role: 'student', status: 'active' } });
    // SSO still signs the member in (linked by verified e-mail)
    const sso = await ssoSignIn('microsoft', { ...entraUser(), email: member.email.toLowerCase() });
    expect((await me(sso.location)).id).toBe(member.user.id);
    expect(await lastSignIn(member.user.id)).toMatchObject({ method: 'microsoft' });
    await schoolChanged(entra.id, false);
    await eventually(async () => (await login(member.email, member.password)).statusCode === 200, 'the school no longer requires SSO');
    expect(await lastSignIn(member.user.id)).toMatchObject({ method: 'password' });
  });
});

describe('Microsoft not configured', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startAuth('authssn', { GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', GOOGLE_ISSUER: 'http://127.0.0.1:9/' });
  });
  afterAll(async () => plain.close());

  it('is not offered, and its routes answer 404; an unreachable Google sends the browser back with SSO_UNAVAILABLE', async () => {
    expect((await plain.app.inject({ url: '/auth/providers' })).json()).toEqual({ google: true, microsoft: false });
    for (const url of ['/auth/sso/microsoft/start', '/auth/sso/microsoft/callback?code=x&state=y']) {
      const res = await plain.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SSO_NOT_CONFIGURED');
    }
    const res = await plain.app.inject({ url: '/auth/sso/google/start' });
    expect(res.headers.location).toBe(`${APP}/auth?error=sso&reason=SSO_UNAVAILABLE`);
  });
});
