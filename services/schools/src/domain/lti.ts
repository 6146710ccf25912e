import { LTI_CLAIMS, LtiCodes, type EssayType } from '@corestone/contracts';
import { HttpError } from '@corestone/service-kit';

/** An LTI refusal: the launch is told what was wrong (4xx `{detail, code}` with a code from LtiCodes). */
export class LtiRefusal extends HttpError {
  constructor(code: string, detail: string, status: 400 | 401 | 403 | 404 | 409 = 400) {
    super(status, code, detail);
  }
}

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';

/** Maximum of an IB mark: Extended Essay out of 34, TOK essay out of 10 (the line item's scoreMaximum). */
export const SCORE_MAXIMUM: Record<EssayType, number> = { ee: 34, tok: 10 };

const ROLE_BASE = 'http://purl.imsglobal.org/vocab/lis/v2/';
const TEACHING = ['membership#Instructor', 'membership#ContentDeveloper', 'membership#Administrator', 'institution/person#Faculty'];
const LEARNING = ['membership#Learner', 'institution/person#Student'];

/**
 * Corestone's role for an LTI launch: a teaching role (Instructor, also its sub-roles, content
 * developer, course administrator, faculty) → teacher; Learner or student → student; anything else
 * (mentor, guest, observer) is not served. Teaching wins when both are present (a TA who also studies).
 */
export function roleOf(roles: unknown): 'teacher' | 'student' | null {
  if (!Array.isArray(roles)) return null;
  const names = roles.filter((r): r is string => typeof r === 'string');
  const has = (list: string[]) =>
    names.some((r) => list.some((l) => r === ROLE_BASE + l || r.startsWith(`${ROLE_BASE}${l}#`) || r === l.split('#')[1]));
  if (has(TEACHING) || names.some((r) => r.startsWith(`${ROLE_BASE}membership/Instructor#`))) return 'teacher';
  if (has(LEARNING)) return 'student';
  return null;
}

export interface LaunchClaims {
  sub: string;
  messageType: typeof RESOURCE_LINK_REQUEST | typeof DEEP_LINKING_REQUEST;
  deploymentId: string;
  role: 'teacher' | 'student';
  email: string | null;
  name: string | null;
  context: { id: string; title: string | null } | null;
  resourceLinkId: string | null;
  custom: Record<string, unknown>;
  deepLinkReturnUrl: string | null;
  lineitemUrl: string | null;
  /** NRPS: the course's membership service, when the platform offers it. */
  membershipsUrl: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The checks of an id_token's LTI claims once its signature, issuer, audience, expiry and nonce
 * have been verified: version 1.3.0, a message type the tool serves, a deployment the school
 * registered, a subject, a role it serves; a resource link launch names its link, a deep-linking
 * request its return URL.
 */
export function readLaunch(payload: Record<string, unknown>, deploymentIds: readonly string[]): LaunchClaims {
  if (payload[LTI_CLAIMS.version] !== LTI_VERSION)
    throw new LtiRefusal(LtiCodes.MESSAGE_UNSUPPORTED, `Only LTI ${LTI_VERSION} launches are accepted`);
  const messageType = payload[LTI_CLAIMS.messageType];
  if (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST)
    throw new LtiRefusal(LtiCodes.MESSAGE_UNSUPPORTED, `The message type ${String(messageType)} is not supported`);
  const deploymentId = str(payload[LTI_CLAIMS.deploymentId]);
  if (!deploymentId || !deploymentIds.includes(deploymentId))
    throw new LtiRefusal(LtiCodes.DEPLOYMENT_UNKNOWN, 'This deployment of the tool is not registered for the school', 403);
  const sub = str(payload.sub);
  if (!sub) throw new LtiRefusal(LtiCodes.TOKEN_INVALID, 'The launch names no user (sub)');
  const role = roleOf(payload[LTI_CLAIMS.roles]);
  if (!role) throw new LtiRefusal(LtiCodes.ROLE_UNSUPPORTED, 'Corestone serves teachers and learners only', 403);
  const ctx = obj(payload[LTI_CLAIMS.context]);
  const contextId = str(ctx.id);
  const resourceLinkId = str(obj(payload[LTI_CLAIMS.resourceLink]).id);
  if (messageType === RESOURCE_LINK_REQUEST && !resourceLinkId)
    throw new LtiRefusal(LtiCodes.TOKEN_INVALID, 'A resource link launch must name its resource link');
  const deepLinkReturnUrl = str(obj(payload[LTI_CLAIMS.deepLinkingSettings]).deep_link_return_url);
  if (messageType === DEEP_LINKING_REQUEST && !deepLinkReturnUrl)
    throw new LtiRefusal(LtiCodes.TOKEN_INVALID, 'A deep-linking request must carry its return URL');
  const name = str(payload.name) ?? ([str(payload.given_name), str(payload.family_name)].filter(Boolean).join(' ') || null);
  return {
    sub,
    messageType,
    deploymentId,
    role,
    email: str(payload.email)?.toLowerCase() ?? null,
    name,
    context: contextId ? { id: contextId, title: str(ctx.title) ?? str(ctx.label) } : null,
    resourceLinkId,
    custom: obj(payload[LTI_CLAIMS.custom]),
    deepLinkReturnUrl,
    lineitemUrl: str(obj(payload[LTI_CLAIMS.ags]).lineitem),
    membershipsUrl: str(obj(payload[LTI_CLAIMS.nrps]).context_memberships_url),
  };
}

/** Where the browser goes after a launch: a teacher to the class, a student to the assignment's upload page. */
export function landingPath(l: {
  role: 'teacher' | 'student';
  classId: string | null;
  assignment: { id: string; essay_type: EssayType } | null;
  launchId: string;
  deepLinking: boolean;
}): string {
  if (l.role === 'teacher') {
    if (!l.classId) return '/admin/classes';
    const base = `/admin/classes/${encodeURIComponent(l.classId)}`;
    if (l.deepLinking) return `${base}?${new URLSearchParams({ lti_deep_linking: l.launchId })}`;
    return l.assignment ? `${base}/assignments/${encodeURIComponent(l.assignment.id)}` : base;
  }
  if (l.assignment) return `/dashboard/upload/${l.assignment.essay_type}?${new URLSearchParams({ assignment: l.assignment.id })}`;
  return '/dashboard';
}
