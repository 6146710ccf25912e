import { randomBytes, randomInt } from 'node:crypto';
import type { Pool } from 'pg';
import {
  LTI_CLAIMS,
  LtiCodes,
  type LtiDeepLinkingRequest,
  type LtiDeepLinkingResponse,
  type LtiLaunchRequest,
  type LtiLoginRequest,
  type LtiPlatform,
  type LtiPlatformList,
  type LtiPlatformRequest,
} from '@corestone/contracts';
import { badRequest, isUuid, withTransaction, type Principal } from '@corestone/service-kit';
import { SchoolRules, fitsClassRole, standingIn } from '../domain/access';
import { newJoinCode } from '../domain/join-codes';
import {
  DEEP_LINKING_REQUEST,
  DEEP_LINKING_RESPONSE,
  LTI_VERSION,
  LtiRefusal,
  SCORE_MAXIMUM,
  landingPath,
  readLaunch,
  type LaunchClaims,
} from '../domain/lti';
import type { Accounts } from '../peers/accounts';
import type { LtiPlatformPeer } from '../peers/lti-platform';
import type { AssignmentStore } from '../store/assignments';
import { LtiStore, type PlatformRow } from '../store/lti';
import { SchoolStore } from '../store/schools';
import type { ToolKeys } from './lti-keys';
import { actorOf, enforce, schoolNotFound } from './tenancy';

/** How long a login initiation waits for its launch. */
const STATE_TTL_SECONDS = 600;
/** Lifetime of a deep-linking response JWT. */
const RESPONSE_TTL_SECONDS = 300;
const CODE_ATTEMPTS = 5;

const platformNotFound = () => new LtiRefusal(LtiCodes.PLATFORM_NOT_FOUND, 'No such LTI platform in this school', 404);
const launchNotFound = () => new LtiRefusal(LtiCodes.LAUNCH_NOT_FOUND, 'No such launch of yours', 404);

function checkedUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest(`${name} must be a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(`${name} must be an http(s) URL`);
  return value.trim();
}

export interface LtiDeps {
  pool: Pool;
  schools: SchoolStore;
  lti: LtiStore;
  assignments: AssignmentStore;
  accounts: Accounts;
  platform: LtiPlatformPeer;
  keys: ToolKeys;
  /** PUBLIC_BASE_URL: the tool's URLs and the browser's landing are under it. */
  publicBase: string;
}

/**
 * LTI 1.3 Advantage tool (issue 32): school admins register their LMS; the LMS's launches sign
 * people in to their school, map the course to a class and land them on the right screen;
 * deep linking places an assignment in the course as a resource link with a line item.
 */
export class LtiUseCases {
  constructor(private readonly d: LtiDeps) {}

  /** Called after a launch into a course with a roster service (the roster sync, app/lti-roster.ts). */
  onCourseLaunch?: (classId: string) => void;

  get urls() {
    const api = `${this.d.publicBase.replace(/\/$/, '')}/api/v1/lti`;
    return { login_url: `${api}/login`, launch_url: `${api}/launch`, jwks_url: `${api}/jwks` };
  }

  private view(p: PlatformRow): LtiPlatform {
    return { ...p, ...this.urls, created_at: p.created_at.toISOString() };
  }

  private async managedSchool(principal: Principal, schoolId: string): Promise<void> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.d.schools, principal);
    enforce(SchoolRules.manage(standingIn(actor, schoolId)), schoolNotFound);
    if ((await this.d.schools.schoolName(schoolId)) === null) throw schoolNotFound();
  }

  // ---- registration ----

  async register(principal: Principal, schoolId: string, body: LtiPlatformRequest): Promise<LtiPlatform> {
    await this.managedSchool(principal, schoolId);
    const deploymentIds = [...new Set(body.deployment_ids.map((d) => d.trim()).filter(Boolean))];
    if (!deploymentIds.length) throw badRequest('deployment_ids must name at least one deployment');
    const issuer = body.issuer.trim();
    checkedUrl('issuer', issuer);
    const row = await this.d.lti.insertPlatform({
      school_id: schoolId,
      issuer,
      client_id: body.client_id.trim(),
      deployment_ids: deploymentIds,
      auth_login_url: checkedUrl('auth_login_url', body.auth_login_url),
      auth_token_url: checkedUrl('auth_token_url', body.auth_token_url),
      key_set_url: checkedUrl('key_set_url', body.key_set_url),
    });
    if (!row) throw new LtiRefusal(LtiCodes.PLATFORM_EXISTS, 'This issuer and client id are registered already', 409);
    return this.view(row);
  }

  async list(principal: Principal, schoolId: string): Promise<LtiPlatformList> {
    await this.managedSchool(principal, schoolId);
    return { platforms: (await this.d.lti.listPlatforms(schoolId)).map((p) => this.view(p)) };
  }

  async remove(principal: Principal, schoolId: string, platformId: string): Promise<void> {
    await this.managedSchool(principal, schoolId);
    if (!isUuid(platformId) || !(await this.d.lti.deletePlatform(schoolId, platformId))) throw platformNotFound();
  }

  // ---- launch ----

  /**
   * OIDC third-party login initiation: the platform (by issuer, and client id when it sends one)
   * must be registered; a state and a nonce are kept server-side for STATE_TTL_SECONDS, used once;
   * the browser goes to the platform's authorisation endpoint. No cookie is needed (the state is the
   * key), so a browser blocking third-party cookies inside the LMS's frame still completes the launch.
   */
  async login(req: LtiLoginRequest): Promise<string> {
    const candidates = await this.d.lti.platformsOf(req.iss.trim(), req.client_id?.trim() || null);
    if (candidates.length !== 1)
      throw new LtiRefusal(
        LtiCodes.UNKNOWN_PLATFORM,
        candidates.length
          ? 'Several registrations share this issuer: the platform must send client_id'
          : 'This LMS is not registered with Corestone',
        candidates.length ? 400 : 404,
      );
    const platform = candidates[0]!;
    if (req.lti_deployment_id && !platform.deployment_ids.includes(req.lti_deployment_id))
      throw new LtiRefusal(LtiCodes.DEPLOYMENT_UNKNOWN, 'This deployment of the tool is not registered for the school', 403);
    const state = randomBytes(32).toString('base64url');
    const nonce = randomBytes(32).toString('base64url');
    await this.d.lti.saveState({ state, nonce, platform_id: platform.id, ttlSeconds: STATE_TTL_SECONDS });
    const url = new URL(platform.auth_login_url);
    const params: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.client_id,
      redirect_uri: this.urls.launch_url,
      login_hint: req.login_hint,
      state,
      nonce,
    };
    if (req.lti_message_hint) params.lti_message_hint = req.lti_message_hint;
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  /**
   * The authentication response: the state is used up first (a replay finds none), then the
   * id_token is verified against the platform's keys (issuer, audience, exp/iat, the state's nonce)
   * and its LTI claims read (domain/lti.ts). The person is linked by (platform, sub) or provisioned
   * by e-mail, made a member of the platform's school, the course mapped to a class (made on first
   * launch) and they enrolled; auth mints the session; the answer is where the browser goes.
   */
  async launch(body: LtiLaunchRequest): Promise<{ redirect: string; launch_id: string }> {
    const state = await this.d.lti.takeState(body.state);
    if (!state)
      throw new LtiRefusal(LtiCodes.STATE_INVALID, 'This launch has expired or was used already; start it again from your course', 400);
    const platform = await this.d.lti.getPlatform(state.platform_id);
    if (!platform) throw new LtiRefusal(LtiCodes.UNKNOWN_PLATFORM, 'This LMS is no longer registered with Corestone', 404);
    let payload: Record<string, unknown>;
    try {
      payload = await this.d.platform.verifyIdToken(body.id_token, platform);
    } catch (err) {
      throw new LtiRefusal(LtiCodes.TOKEN_INVALID, `The launch could not be verified: ${(err as Error).message}`, 401);
    }
    if (payload.nonce !== state.nonce)
      throw new LtiRefusal(LtiCodes.TOKEN_INVALID, 'The launch could not be verified: nonce mismatch', 401);
    const claims = readLaunch(payload, platform.deployment_ids);
    const userId = await this.personOf(platform, claims);
    const { classId, assignment, launchId } = await withTransaction(this.d.pool, async (client) => {
      const schools = new SchoolStore(client);
      const lti = new LtiStore(client);
      const member = await schools.membershipOf(userId);
      if (!member || member.school_id !== platform.school_id)
        throw new LtiRefusal(LtiCodes.IN_ANOTHER_SCHOOL, 'Your Corestone account belongs to another school', 409);
      if (member.status !== 'active') throw new LtiRefusal(LtiCodes.ROLE_UNSUPPORTED, 'Your membership of this school is not active', 403);
      if (!fitsClassRole(member.school_role, claims.role))
        throw new LtiRefusal(LtiCodes.ROLE_UNSUPPORTED, `Your role in the school does not match your LMS role (${claims.role})`, 403);
      const classId = claims.context ? await this.classOf(schools, lti, platform, claims.context) : null;
      if (classId) await schools.enrolMany(platform.school_id, [{ class_id: classId, user_id: userId, role: claims.role }], fitsClassRole);
      const assignment = await this.linkedAssignment(lti, platform, claims);
      const launchId = await lti.insertLaunch({
        platform_id: platform.id,
        user_id: userId,
        class_id: classId,
        message_type: claims.messageType,
        deployment_id: claims.deploymentId,
        claims: payload,
      });
      return { classId, assignment, launchId };
    });
    if (classId && claims.context && claims.membershipsUrl) {
      await this.d.lti.setMembershipsUrl(platform.id, claims.context.id, claims.membershipsUrl);
      this.onCourseLaunch?.(classId);
    }
    const session = await this.d.accounts.issueSession(userId);
    const next = landingPath({
      role: claims.role,
      classId,
      assignment,
      launchId,
      deepLinking: claims.messageType === DEEP_LINKING_REQUEST,
    });
    const query = new URLSearchParams({ access_token: session.access_token, refresh_token: session.refresh_token, oauth: 'success', next });
    return { redirect: `${this.d.publicBase.replace(/\/$/, '')}/auth/google/callback?${query}`, launch_id: launchId };
  }

  /**
   * The account of a person the platform vouches for (a launch's, a roster's): linked by (platform,
   * sub), else provisioned by e-mail and linked; admitted to the platform's school.
   */
  async personOf(platform: PlatformRow, claims: Pick<LaunchClaims, 'sub' | 'email' | 'name' | 'role'>): Promise<string> {
    const linked = await this.d.lti.linkedUser(platform.id, claims.sub);
    let userId = linked;
    const school = (await this.d.schools.inviter(platform.school_id)) ?? { name: 'your school', locale: 'en' as const };
    if (!userId) {
      if (!claims.email)
        throw new LtiRefusal(
          LtiCodes.EMAIL_REQUIRED,
          'The LMS must share the e-mail address of a first-time user (privacy settings of the tool)',
          400,
        );
      const account = await this.d.accounts.provision(
        { email: claims.email, name: claims.name ?? claims.email, platform_role: claims.role },
        school,
      );
      if (!account.created) await this.mayLinkExisting(platform, account.user_id);
      userId = account.user_id;
    }
    // The school's LMS vouches for the person: a member at once (joined through the roster the LMS is).
    await this.d.schools.transaction((tx) =>
      tx.admit(
        platform.school_id,
        [
          {
            user_id: userId!,
            email: claims.email ?? '',
            name: claims.name ?? claims.email ?? claims.sub,
            school_role: claims.role,
            created: true,
          },
        ],
        'roster',
      ),
    );
    if (!linked) await this.d.lti.linkUser(platform.id, claims.sub, userId);
    return userId;
  }

  /**
   * An LMS is registered by a school's admin, so its word alone must not hand over an account that
   * existed before: only an active student or teacher of the platform's own school (whom the school
   * already manages) is linked by e-mail. Anyone else — an individual, another school's member, a
   * school admin, a platform admin — would otherwise be signed in by whoever can register an LMS.
   */
  private async mayLinkExisting(platform: PlatformRow, userId: string): Promise<void> {
    const [member, role] = await Promise.all([this.d.schools.membershipOf(userId), this.d.accounts.platformRole(userId)]);
    if (member && member.school_id !== platform.school_id) {
      throw new LtiRefusal(LtiCodes.IN_ANOTHER_SCHOOL, 'Your Corestone account belongs to another school', 409);
    }
    const managedBySchool =
      member?.school_id === platform.school_id &&
      member.status === 'active' &&
      member.school_role !== 'school_admin' &&
      (role === 'student' || role === 'teacher');
    if (!managedBySchool) {
      throw new LtiRefusal(
        LtiCodes.ACCOUNT_EXISTS,
        'A Corestone account with this e-mail already exists and the LMS cannot link it: sign in to Corestone with that account, or ask your school to add it to the school first',
        409,
      );
    }
  }

  /** The class of an LMS course (context), made on its first launch. */
  private async classOf(schools: SchoolStore, lti: LtiStore, platform: PlatformRow, ctx: { id: string; title: string | null }) {
    const known = await lti.contextClass(platform.id, ctx.id);
    if (known) return known;
    let id: string | null = null;
    for (let i = 0; i < CODE_ATTEMPTS && !id; i++) {
      id = await schools.createClass({
        school_id: platform.school_id,
        name: (ctx.title ?? `Course ${ctx.id}`).slice(0, 200),
        subject: null,
        session: null,
        join_code: newJoinCode((n) => randomInt(n)),
      });
    }
    if (!id) throw badRequest('Could not make a join code; launch again');
    await lti.mapContext(platform.id, ctx.id, id);
    return id;
  }

  /**
   * The assignment behind a resource link: known from an earlier launch, or named by the
   * `assignment_id` custom parameter the deep-linking response placed (it must be the school's).
   * The line item URL from the AGS claim is kept for grade passback.
   */
  private async linkedAssignment(lti: LtiStore, platform: PlatformRow, claims: LaunchClaims) {
    if (!claims.resourceLinkId) return null;
    const known = await lti.resourceLink(platform.id, claims.resourceLinkId);
    let assignmentId = known?.assignment_id ?? null;
    const custom = claims.custom.assignment_id;
    if (!assignmentId && typeof custom === 'string' && isUuid(custom)) assignmentId = custom;
    if (!assignmentId) return null;
    const stored = await this.d.assignments.get(assignmentId);
    if (!stored || stored.assignment.school_id !== platform.school_id) return null;
    if (!known || (claims.lineitemUrl && claims.lineitemUrl !== known.lineitem_url))
      await lti.putResourceLink(platform.id, claims.resourceLinkId, assignmentId, claims.lineitemUrl);
    return { id: assignmentId, essay_type: stored.assignment.essay_type };
  }

  // ---- deep linking ----

  /**
   * The teacher of a deep-linking launch picked an assignment: the signed LtiDeepLinkingResponse
   * (one ltiResourceLink content item with a line item on the IB scale) and where to post it.
   */
  async deepLinkingResponse(principal: Principal, body: LtiDeepLinkingRequest): Promise<LtiDeepLinkingResponse> {
    if (!isUuid(body.launch_id)) throw launchNotFound();
    const launch = await this.d.lti.getLaunch(body.launch_id);
    if (!launch || launch.user_id !== principal.id) throw launchNotFound();
    if (launch.message_type !== DEEP_LINKING_REQUEST)
      throw new LtiRefusal(LtiCodes.NOT_DEEP_LINKING, 'This launch did not ask for a deep link', 409);
    const platform = await this.d.lti.getPlatform(launch.platform_id);
    if (!platform) throw launchNotFound();
    const stored = isUuid(body.assignment_id) ? await this.d.assignments.get(body.assignment_id) : null;
    const teaches = stored && (await this.d.schools.classRoleOf(stored.assignment.class_id, principal.id)) === 'teacher';
    if (!stored || stored.assignment.school_id !== platform.school_id || !teaches)
      throw new LtiRefusal('ASSIGNMENT_NOT_FOUND', 'Assignment not found', 404);
    const a = stored.assignment;
    const settings = (launch.claims[LTI_CLAIMS.deepLinkingSettings] ?? {}) as { deep_link_return_url: string; data?: string };
    const payload: Record<string, unknown> = {
      iss: platform.client_id,
      aud: platform.issuer,
      nonce: randomBytes(16).toString('base64url'),
      [LTI_CLAIMS.messageType]: DEEP_LINKING_RESPONSE,
      [LTI_CLAIMS.version]: LTI_VERSION,
      [LTI_CLAIMS.deploymentId]: launch.deployment_id,
      [LTI_CLAIMS.contentItems]: [
        {
          type: 'ltiResourceLink',
          title: a.title,
          text: a.instructions || undefined,
          url: this.urls.launch_url,
          custom: { assignment_id: a.id },
          lineItem: { scoreMaximum: SCORE_MAXIMUM[a.essay_type], label: a.title, resourceId: a.id, tag: 'corestone' },
        },
      ],
    };
    if (settings.data !== undefined) payload[LTI_CLAIMS.deepLinkingData] = settings.data;
    return { return_url: settings.deep_link_return_url, jwt: await this.d.keys.sign(payload, RESPONSE_TTL_SECONDS) };
  }
}
