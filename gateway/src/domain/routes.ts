import { AUTH_OWNED_USER_PATHS, SERVICES, type ServiceName } from '@corestone/contracts';

/** Everything the browser calls lives under this prefix; upstreams see the path without it. */
export const API_PREFIX = '/api/v1';

export interface Upstream {
  /** Path prefix as the upstream sees it, e.g. `/auth` or `/users/update-password`. */
  prefix: string;
  service: ServiceName;
}

/**
 * The routing table: every `SERVICES[*].prefixes` entry plus `AUTH_OWNED_USER_PATHS` (to auth),
 * longest prefix first so the exceptions win over `/users`.
 */
export function routingTable(services: Record<string, { prefixes: readonly string[] }> = SERVICES): Upstream[] {
  const table: Upstream[] = [];
  for (const [service, s] of Object.entries(services)) {
    for (const prefix of s.prefixes) table.push({ prefix, service: service as ServiceName });
  }
  for (const prefix of AUTH_OWNED_USER_PATHS) table.push({ prefix, service: 'auth' });
  return table.sort((a, b) => b.prefix.length - a.prefix.length);
}

const TABLE = routingTable();

/** The service owning an upstream path (`/users/me` → users), or null when none does. */
export function ownerOf(path: string, table: Upstream[] = TABLE): ServiceName | null {
  for (const { prefix, service } of table) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return service;
  }
  return null;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
interface RouteRule {
  methods: readonly Method[];
  /** Exact path, or a prefix when it ends with `/*`, or a pattern. */
  path: string;
  pattern?: RegExp;
}

const GET: readonly Method[] = ['GET', 'HEAD'];
const POST: readonly Method[] = ['POST'];
const ANY: readonly Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Routes anyone may call without a bearer token (paths as the upstream sees them).
 * Everything else under /api/v1 that a service owns needs a valid access token at the gateway.
 */
export const PUBLIC_ROUTES: readonly RouteRule[] = [
  { methods: POST, path: '/auth/login' },
  { methods: POST, path: '/auth/signup' },
  { methods: POST, path: '/auth/refresh' },
  { methods: POST, path: '/auth/forgot-password' },
  { methods: POST, path: '/auth/reset-password' },
  { methods: GET, path: '/auth/providers' },
  { methods: GET, path: '/auth/google/login' },
  { methods: GET, path: '/auth/google/callback' },
  { methods: GET, path: '/auth/setup-status' },
  { methods: POST, path: '/auth/setup-admin' },
  { methods: GET, path: '/auth/.well-known/jwks.json' },
  { methods: ANY, path: '/plans/*' },
  { methods: GET, path: '/general/*' },
  { methods: GET, path: '/external_links/public' },
  { methods: POST, path: '/external_links/{id}/click', pattern: /^\/external_links\/[^/]+\/click$/ },
  { methods: GET, path: '/users/avatars/*' },
  { methods: POST, path: '/billing/webhook' },
  { methods: GET, path: '/health' },
];

function matches(rule: RouteRule, method: string, path: string): boolean {
  if (!rule.methods.includes(method as Method)) return false;
  if (rule.pattern) return rule.pattern.test(path);
  if (rule.path.endsWith('/*')) {
    const base = rule.path.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  }
  return path === rule.path;
}

export const isPublic = (method: string, path: string) => PUBLIC_ROUTES.some((r) => matches(r, method, path));

export type BodyClass = 'default' | 'upload' | 'avatar';

/** Routes that carry files: they get the upload budget, everything else stays small. */
export const UPLOAD_ROUTES: readonly RouteRule[] = [
  { methods: POST, path: '/evaluation/evaluate-async' },
  { methods: POST, path: '/evaluation/evaluate' },
  { methods: POST, path: '/rubrics/process-file' },
  { methods: POST, path: '/rubrics/create-from-file' },
  { methods: POST, path: '/rubrics/generate-ai-rubric' },
];
export const AVATAR_ROUTES: readonly RouteRule[] = [{ methods: POST, path: '/users/me/avatar' }];

export function bodyClass(method: string, path: string): BodyClass {
  if (UPLOAD_ROUTES.some((r) => matches(r, method, path))) return 'upload';
  if (AVATAR_ROUTES.some((r) => matches(r, method, path))) return 'avatar';
  return 'default';
}

export type AddressBudget = 'login' | 'signup' | 'forgot_password' | 'setup_admin';

/** Routes with a per-address budget (the sign-in also has a per-account budget of failures). */
export const ADDRESS_BUDGETS: Record<AddressBudget, RouteRule> = {
  login: { methods: POST, path: '/auth/login' },
  signup: { methods: POST, path: '/auth/signup' },
  forgot_password: { methods: POST, path: '/auth/forgot-password' },
  setup_admin: { methods: POST, path: '/auth/setup-admin' },
};

export function addressBudget(method: string, path: string): AddressBudget | null {
  for (const [name, rule] of Object.entries(ADDRESS_BUDGETS)) if (matches(rule, method, path)) return name as AddressBudget;
  return null;
}

/**
 * Routes whose body the gateway reads itself (JSON or form) to cap password lengths and, for
 * the sign-in, to learn the account; they are forwarded re-serialised in the same media type.
 */
export const PASSWORD_ROUTES: ReadonlyArray<{ method: 'POST' | 'PUT'; path: string }> = [
  { method: 'POST', path: '/auth/login' },
  { method: 'POST', path: '/auth/signup' },
  { method: 'POST', path: '/auth/reset-password' },
  { method: 'POST', path: '/auth/setup-admin' },
  { method: 'PUT', path: '/users/update-password' },
  { method: 'POST', path: '/users/admin/create-user' },
];
export const PASSWORD_FIELDS = ['password', 'new_password', 'current_password', 'confirm_password'] as const;

/** Query parameters that would carry a credential: never accepted, never logged. */
export const SECRET_QUERY_PARAMS = ['token', 'access_token', 'refresh_token', 'id_token', 'code', 'api_key'];
const TOKEN_QUERY_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'id_token']);

/** True when a query string names a token parameter (tokens go in the Authorization header only). */
export function queryCarriesToken(query: string): boolean {
  if (!query) return false;
  for (const key of new URLSearchParams(query).keys()) if (TOKEN_QUERY_PARAMS.has(key.toLowerCase())) return true;
  return false;
}

/** The URL with the values of secret query parameters replaced, for logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_PARAMS.includes(key.toLowerCase())) {
      params.set(key, '[REDACTED]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Human list of the public routes, for the README and the docs page. */
export const describePublicRoutes = () => PUBLIC_ROUTES.map((r) => `${r.methods.filter((m) => m !== 'HEAD').join('/')} ${API_PREFIX}${r.path}`);
