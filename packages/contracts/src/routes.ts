/**
 * The policy of every /api/v1 route, declared next to the contracts so that the gateway builds
 * its routing, token, body-limit and rate-limit table from here and holds no list of its own.
 *
 * Paths are as the service sees them (without /api/v1). A path segment `{name}` is a parameter;
 * a path ending in `/*` covers that path and everything below it (the most specific declaration
 * wins: exact segments before parameters before `/*`). GET also covers HEAD.
 *
 * Adding a route: add one line to its service's `routes` below. A test fails when a service
 * exposes a route that no line here covers, or when a line names a route the service lacks.
 */
import type { Role } from './api-user';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` (no token needed at the gateway), `signed_in` (any valid access token),
 * or the roles allowed (a valid token is checked at the gateway; services check the role).
 */
export type RouteAccess = 'public' | 'signed_in' | readonly Role[];

/** Body budget at the gateway: `default` (BODY_LIMIT_BYTES), `upload` (essays, rubric files), `avatar`. */
export type BodyClass = 'default' | 'upload' | 'avatar';

/** Per-client-address budgets the gateway keeps (each has its own settings in the gateway). */
export type RateClass = 'login' | 'signup' | 'forgot_password' | 'setup_admin';

export interface RoutePolicy {
  method: RouteMethod | readonly RouteMethod[];
  path: string;
  access: RouteAccess;
  /** Default `default`. */
  body?: BodyClass;
  rate?: RateClass;
  /**
   * The gateway reads the (JSON or form) body itself to cap password lengths before a service
   * hashes anything; the body is forwarded re-serialised in the same media type.
   */
  passwords?: true;
}

export interface ServiceRoutes {
  /**
   * Path prefixes this service answers under /api/v1; the longest matching prefix over all
   * services owns a path (so `/users/update-password` of auth wins over `/users` of users). A
   * segment `{name}` matches any one segment (billing's `/schools/{id}/credits` inside schools' `/schools`).
   */
  prefixes: readonly string[];
  routes: readonly RoutePolicy[];
}

const ADMINS: readonly Role[] = ['admin', 'super_admin'];
const SUPER_ADMIN: readonly Role[] = ['super_admin'];
const GRADERS: readonly Role[] = ['student', 'teacher'];
/** Routes for exactly these methods; GET covers HEAD. */
const ANY: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Fields whose values the gateway caps at MAX_PASSWORD_LENGTH on `passwords` routes. */
export const PASSWORD_FIELDS = ['password', 'new_password', 'current_password', 'confirm_password'] as const;

/**
 * Every service with routes under /api/v1 (grading has none: NATS only). Services not yet in
 * `SERVICES` are forwarded to only when their `<NAME>_URL` is set on the gateway.
 */
export const ROUTE_POLICY = {
  auth: {
    // Passwords are handled inside auth only, so these two /users paths are auth's.
    prefixes: ['/auth', '/users/update-password', '/users/admin/create-user'],
    routes: [
      { method: 'POST', path: '/auth/signup', access: 'public', rate: 'signup', passwords: true },
      { method: 'POST', path: '/auth/login', access: 'public', rate: 'login', passwords: true },
      { method: 'POST', path: '/auth/refresh', access: 'public' },
      { method: 'POST', path: '/auth/logout', access: 'signed_in' },
      { method: 'GET', path: '/auth/me', access: 'signed_in' },
      { method: 'GET', path: '/auth/.well-known/jwks.json', access: 'public' },
      { method: 'POST', path: '/auth/forgot-password', access: 'public', rate: 'forgot_password' },
      { method: 'POST', path: '/auth/reset-password', access: 'public', passwords: true },
      { method: 'GET', path: '/auth/providers', access: 'public' },
      { method: 'GET', path: '/auth/google/login', access: 'public' },
      { method: 'GET', path: '/auth/google/callback', access: 'public' },
      { method: 'GET', path: '/auth/sso/{provider}/start', access: 'public' },
      { method: 'GET', path: '/auth/sso/{provider}/callback', access: 'public' },
      { method: 'GET', path: '/auth/setup-status', access: 'public' },
      { method: 'POST', path: '/auth/setup-admin', access: 'public', rate: 'setup_admin', passwords: true },
      { method: 'PUT', path: '/users/update-password', access: 'signed_in', passwords: true },
      { method: 'POST', path: '/users/admin/create-user', access: ADMINS, passwords: true },
    ],
  },
  users: {
    prefixes: ['/users'],
    routes: [
      { method: ['GET', 'PUT'], path: '/users/me', access: 'signed_in' },
      { method: 'POST', path: '/users/me/avatar', access: 'signed_in', body: 'avatar' },
      { method: 'DELETE', path: '/users/me/avatar', access: 'signed_in' },
      { method: 'GET', path: '/users/avatars/{file}', access: 'public' },
      { method: 'POST', path: '/users/toggle-anonymous', access: 'signed_in' },
      { method: 'GET', path: '/users/permissions', access: 'signed_in' },
      { method: 'GET', path: '/users/can-send-message', access: 'signed_in' },
      { method: 'POST', path: '/users/increment-message-count', access: 'signed_in' },
      { method: 'GET', path: '/users/users', access: ADMINS },
      { method: ['GET', 'PUT', 'DELETE'], path: '/users/admin/users/{id}', access: ADMINS },
      { method: 'PUT', path: '/users/admin/users/{id}/role', access: SUPER_ADMIN },
      { method: 'PUT', path: '/users/admin/users/{id}/status', access: ADMINS },
      { method: 'PUT', path: '/users/admin/users/{id}/credits', access: ADMINS },
      { method: 'PUT', path: '/users/admin/users/{id}/personas', access: ADMINS },
      { method: 'PUT', path: '/users/admin/api-key', access: ADMINS },
    ],
  },
  evaluation: {
    // Teachers in the loop (issue 31): what is submitted into an assignment is evaluation's; the
    // assignment itself (/assignments/{id}, /classes/{id}/assignments) is the schools service's.
    prefixes: [
      '/evaluation',
      '/dashboard',
      '/assignments/mine',
      '/assignments/{id}/submissions',
      '/assignments/{id}/release-reviewed',
      '/classes/{id}/gradebook',
      '/schools/{id}/agreement',
      '/schools/{id}/activity',
    ],
    routes: [
      { method: 'POST', path: '/evaluation/evaluate-async', access: GRADERS, body: 'upload' },
      { method: 'POST', path: '/evaluation/evaluate', access: GRADERS, body: 'upload' },
      { method: 'GET', path: '/evaluation/my-evaluations', access: 'signed_in' },
      { method: ['GET', 'DELETE'], path: '/evaluation/{id}', access: 'signed_in' },
      { method: 'GET', path: '/evaluation/{id}/events', access: 'signed_in' },
      // the owner only (it spends their credit); the service answers others 403/404
      { method: 'POST', path: '/evaluation/{id}/retry', access: 'signed_in' },
      { method: 'GET', path: '/evaluation/{id}/download-pdf', access: 'signed_in' },
      // the essay's own text for its owner (and admins; the service answers anyone else 404)
      { method: 'GET', path: '/evaluation/{id}/text', access: 'signed_in' },
      // spec admin §6: the submissions list is super admin only; reviewing one submission admin and super admin
      { method: 'POST', path: '/evaluation/admin/assess', access: ADMINS },
      { method: 'GET', path: '/evaluation/admin/all', access: SUPER_ADMIN },
      { method: 'GET', path: '/evaluation/admin/stats', access: SUPER_ADMIN },
      { method: 'PUT', path: '/evaluation/admin/{id}', access: ADMINS },
      { method: 'POST', path: '/evaluation/admin/{id}/approve', access: ADMINS },
      { method: 'POST', path: '/evaluation/admin/{id}/reject', access: ADMINS },
      { method: 'POST', path: '/evaluation/admin/{id}/regrade', access: ADMINS },
      // dashboard figures: the admin area (admin and super admin); the submissions CSV follows the list
      { method: 'GET', path: '/dashboard/*', access: ADMINS },
      { method: 'POST', path: '/dashboard/export', access: SUPER_ADMIN },
      { method: 'GET', path: '/evaluation/admin/{id}/text', access: ADMINS },
      // issue 31: who may review, release or read a class's work is decided in the use case
      // (a teacher of the class, the school's admins, platform admins; 404 across schools)
      { method: 'GET', path: '/assignments/mine', access: 'signed_in' },
      { method: 'GET', path: '/assignments/{id}/submissions', access: 'signed_in' },
      { method: 'POST', path: '/assignments/{id}/release-reviewed', access: 'signed_in' },
      { method: 'GET', path: '/classes/{id}/gradebook', access: 'signed_in' },
      { method: 'PUT', path: '/evaluation/{id}/review', access: 'signed_in' },
      { method: 'POST', path: '/evaluation/{id}/release', access: 'signed_in' },
      { method: 'GET', path: '/evaluation/{id}/growth', access: 'signed_in' },
      { method: 'GET', path: '/schools/{id}/agreement', access: 'signed_in' },
      // issue 30: the School overview's submissions this week (school admins, platform admins; others 404)
      { method: 'GET', path: '/schools/{id}/activity', access: 'signed_in' },
      { method: 'GET', path: '/evaluation/admin/agreement', access: ADMINS },
    ],
  },
  rubric: {
    prefixes: ['/rubrics'],
    routes: [
      // Active rubrics are read by every signed-in user; managing rubrics is super_admin's (spec admin §6).
      { method: 'GET', path: '/rubrics/active', access: 'signed_in' },
      { method: 'GET', path: '/rubrics/{id}', access: 'signed_in' },
      { method: ['GET', 'POST'], path: '/rubrics', access: SUPER_ADMIN },
      { method: ['PUT', 'DELETE'], path: '/rubrics/{id}', access: SUPER_ADMIN },
      { method: 'POST', path: '/rubrics/{id}/make-default', access: SUPER_ADMIN },
      { method: 'GET', path: '/rubrics/{id}/usage-stats', access: SUPER_ADMIN },
      { method: 'POST', path: '/rubrics/validate-criteria', access: SUPER_ADMIN },
      { method: 'POST', path: '/rubrics/validate-scoring', access: SUPER_ADMIN },
      { method: 'GET', path: '/rubrics/default-scoring/{type}', access: SUPER_ADMIN },
      { method: 'POST', path: '/rubrics/process-file', access: SUPER_ADMIN, body: 'upload' },
      { method: 'POST', path: '/rubrics/create-from-file', access: SUPER_ADMIN, body: 'upload' },
      { method: 'POST', path: '/rubrics/generate-ai-rubric', access: SUPER_ADMIN, body: 'upload' },
      { method: 'POST', path: '/rubrics/create-from-ai-structure', access: SUPER_ADMIN },
      // Issue 33 §3: marked exemplars of a rubric.
      { method: ['GET', 'POST'], path: '/rubrics/{id}/exemplars', access: SUPER_ADMIN },
      { method: 'DELETE', path: '/rubrics/{id}/exemplars/{exemplarId}', access: SUPER_ADMIN },
    ],
  },
  billing: {
    // A school's credit pool is billing's; every other /schools path is the schools service's.
    prefixes: ['/plans', '/subscription', '/subscribe', '/billing', '/schools/{id}/credits'],
    routes: [
      // super admin grants; admins read any school's pool, a school admin their own (billing answers others 404)
      { method: 'POST', path: '/schools/{id}/credits', access: SUPER_ADMIN },
      { method: 'GET', path: '/schools/{id}/credits', access: 'signed_in' },
      { method: ANY, path: '/plans/*', access: 'public' },
      { method: 'GET', path: '/subscription/current', access: 'signed_in' },
      { method: 'POST', path: '/subscription/use-essay-credit', access: 'signed_in' },
      { method: 'POST', path: '/subscribe/use-credit', access: 'signed_in' },
      // students and teachers only (billing answers other roles 403)
      { method: 'POST', path: '/subscription/create-checkout-session', access: GRADERS },
      { method: 'POST', path: '/subscription/cancel-subscription', access: 'signed_in' },
      { method: 'POST', path: '/subscription/use-message', access: 'signed_in' },
      // Stripe calls it: no token, the Stripe-Signature header is checked by billing
      { method: 'POST', path: '/billing/webhooks/stripe', access: 'public' },
      // the local checkout page (the gateway serves it at /checkout/local/{session_id}) and its script
      { method: 'GET', path: '/billing/checkout-page/{session_id}', access: 'public' },
      { method: 'GET', path: '/billing/checkout-page/assets/{file}', access: 'public' },
      // the buyer only, once (PAYMENTS=local)
      { method: 'POST', path: '/billing/local-checkout/{session_id}/complete', access: 'signed_in' },
    ],
  },
  content: {
    prefixes: ['/general'],
    routes: [
      { method: 'GET', path: '/general/{resource}', access: 'public' },
      { method: 'PUT', path: '/general/{resource}', access: SUPER_ADMIN },
      { method: 'GET', path: '/general/tok-prescribed-titles', access: 'public' },
      { method: 'GET', path: '/general/tok-sessions', access: ADMINS },
      { method: 'POST', path: '/general/tok-sessions', access: SUPER_ADMIN },
      { method: ['PUT', 'DELETE'], path: '/general/tok-sessions/{id}', access: SUPER_ADMIN },
      { method: 'POST', path: '/general/tok-sessions/{id}/current', access: SUPER_ADMIN },
      { method: 'GET', path: '/general/settings', access: ADMINS },
      { method: 'PUT', path: '/general/settings', access: SUPER_ADMIN },
      // rate-limited per client address by content itself (RATE_CONTACT_ADDRESS_*)
      { method: 'POST', path: '/general/contact', access: 'public' },
      { method: 'GET', path: '/general/contact/enquiries', access: ADMINS },
      { method: 'GET', path: '/general/contact/enquiries/export', access: ADMINS },
      { method: 'GET', path: '/general/contact/enquiries/{id}', access: ADMINS },
      { method: 'PUT', path: '/general/contact/enquiries/{id}/handled', access: ADMINS },
    ],
  },
  links: {
    prefixes: ['/external_links'],
    routes: [
      { method: 'GET', path: '/external_links/public', access: 'public' },
      { method: 'POST', path: '/external_links/{id}/click', access: 'public' },
      { method: ANY, path: '/external_links/*', access: ADMINS },
    ],
  },
  schools: {
    prefixes: ['/schools', '/classes', '/assignments', '/lti'],
    // Every route needs a token; who may do what in which school is decided by the service's use
    // cases (tenancy: 404 where existence would leak), so most lines say only `signed_in`.
    routes: [
      { method: 'POST', path: '/schools', access: SUPER_ADMIN },
      { method: 'GET', path: '/schools', access: 'signed_in' },
      { method: 'GET', path: '/schools/mine', access: 'signed_in' },
      { method: 'POST', path: '/schools/mine/accept', access: 'signed_in' },
      { method: 'POST', path: '/schools/mine/decline', access: 'signed_in' },
      { method: ['GET', 'PATCH'], path: '/schools/{id}', access: 'signed_in' },
      // Issue 33 §2: the school's own model endpoint (school admins, super admins; checked by schools).
      { method: ['GET', 'PUT', 'DELETE'], path: '/schools/{id}/ai-endpoint', access: 'signed_in' },
      { method: 'POST', path: '/schools/{id}/ai-endpoint/test', access: 'signed_in' },
      { method: ['GET', 'POST'], path: '/schools/{id}/members', access: 'signed_in' },
      { method: 'PATCH', path: '/schools/{id}/members/{user_id}', access: 'signed_in' },
      { method: 'POST', path: '/schools/{id}/roster/import', access: 'signed_in', body: 'upload' },
      { method: 'GET', path: '/schools/{id}/roster/imports', access: 'signed_in' },
      { method: 'GET', path: '/schools/{id}/roster/imports/{import_id}', access: 'signed_in' },
      { method: ['GET', 'POST'], path: '/schools/{id}/classes', access: 'signed_in' },
      { method: 'POST', path: '/classes/join', access: 'signed_in' },
      { method: 'PATCH', path: '/classes/{id}', access: 'signed_in' },
      { method: ['GET', 'POST'], path: '/classes/{id}/members', access: 'signed_in' },
      { method: 'DELETE', path: '/classes/{id}/members/{user_id}', access: 'signed_in' },
      { method: ['GET', 'POST'], path: '/classes/{id}/assignments', access: 'signed_in' },
      { method: ['GET', 'PATCH'], path: '/assignments/{id}', access: 'signed_in' },
      // Issue 32: LTI 1.3. The LMS reaches login, launch and the JWKS without a token (the launch proves itself with its id_token).
      { method: ['GET', 'POST'], path: '/schools/{id}/lti/platforms', access: 'signed_in' },
      { method: 'DELETE', path: '/schools/{id}/lti/platforms/{platform_id}', access: 'signed_in' },
      { method: 'GET', path: '/lti/jwks', access: 'public' },
      { method: ['GET', 'POST'], path: '/lti/login', access: 'public' },
      { method: 'POST', path: '/lti/launch', access: 'public' },
      { method: 'POST', path: '/lti/deep-linking/response', access: 'signed_in' },
      { method: 'POST', path: '/lti/keys/rotate', access: SUPER_ADMIN },
      { method: 'GET', path: '/assignments/{id}/lti/passbacks', access: 'signed_in' },
      { method: 'POST', path: '/assignments/{id}/lti/passbacks/retry', access: 'signed_in' },
      { method: 'POST', path: '/classes/{id}/lti/roster/sync', access: 'signed_in' },
    ],
  },
} as const satisfies Record<string, ServiceRoutes>;

/** The methods a policy names, HEAD added wherever GET is. */
export function policyMethods(policy: Pick<RoutePolicy, 'method'>): Array<RouteMethod | 'HEAD'> {
  const methods: readonly RouteMethod[] = typeof policy.method === 'string' ? [policy.method] : policy.method;
  return methods.includes('GET') ? [...methods, 'HEAD'] : [...methods];
}

const normalise = (pattern: string) => pattern.replace(/\{[^}]*\}/g, '{}');

/**
 * The declaration of `service` covering one of its routes, given as a pattern the way OpenAPI
 * writes it (`/evaluation/{id}`): the same path (parameters named freely) or a `/*` above it.
 */
export function declaredPolicy(service: string, method: string, pattern: string): RoutePolicy | undefined {
  const routes: readonly RoutePolicy[] = (ROUTE_POLICY as Record<string, ServiceRoutes>)[service]?.routes ?? [];
  const wanted = normalise(pattern);
  const withMethod = routes.filter((r) => policyMethods(r).includes(method.toUpperCase() as RouteMethod));
  return (
    withMethod.find((r) => normalise(r.path) === wanted) ??
    withMethod.find((r) => {
      if (!r.path.endsWith('/*')) return false;
      const base = normalise(r.path.slice(0, -2));
      return wanted === base || wanted.startsWith(`${base}/`);
    })
  );
}
