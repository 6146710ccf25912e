import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { GATEWAY_PORT, ROUTE_POLICY, SERVICES } from '@corestone/contracts';
import { REPO_ROOT, configSchema } from '@corestone/service-kit';

const MiB = 1024 * 1024;

/**
 * `<NAME>_URL` of services that declare routes but are not (yet) platform processes: optional,
 * and their routes are forwarded only when it is set. (Processes get theirs from BaseConfig.)
 */
const optionalServiceUrls = Object.fromEntries(
  Object.keys(ROUTE_POLICY)
    .filter((name) => !(name in SERVICES))
    .map((name) => [`${name.toUpperCase()}_URL`, Type.Optional(Type.String())]),
);
const int = (def: number, min = 0) => Type.Integer({ default: def, minimum: min });

export const GatewayConfig = configSchema({
  ...optionalServiceUrls,
  PORT: int(GATEWAY_PORT),
  /** Comma-separated exact origins allowed by CORS; empty = the origin of PUBLIC_BASE_URL only. */
  CORS_ORIGINS: Type.String({ default: '' }),
  /**
   * Whom to believe about the client address (X-Forwarded-For): `false` (default: the socket
   * address, X-Forwarded-For ignored), `true`, a hop count (`1`), or a comma list of IPs/CIDRs.
   */
  TRUST_PROXY: Type.String({ default: 'false' }),
  /** Folder holding shell/ and the remotes, each with its dist/. */
  FRONTENDS_DIR: Type.String({ default: path.join(REPO_ROOT, 'frontends') }),
  /**
   * The shell's remotes as JSON `{"remotes": {"<name>": {"url": "/mf/<folder>/remoteEntry.js" or an
   * http(s) URL, "version": "…"}}}`; empty = student and admin served from FRONTENDS_DIR.
   */
  MF_REMOTES: Type.String({ default: '' }),
  /** A file holding the same JSON, read again whenever it changes (wins over MF_REMOTES). */
  MF_REMOTES_FILE: Type.String({ default: '' }),
  /** Extra sources for the CSP connect-src (space or comma separated), after 'self'. */
  CSP_CONNECT_SRC: Type.String({ default: '' }),
  /**
   * Issue 32 (LTI): origins of the LMSs (`https://school.instructure.com`, space or comma separated)
   * that may frame the app (CSP frame-ancestors; X-Frame-Options is then left out) and receive its
   * forms (form-action: the deep-linking response posted back to the LMS). Empty: no framing.
   */
  LTI_PLATFORM_ORIGINS: Type.String({ default: '' }),

  // Body limits (bytes), checked from Content-Length before the body is read.
  BODY_LIMIT_BYTES: int(1 * MiB, 1),
  UPLOAD_BODY_LIMIT_BYTES: int(21 * MiB, 1),
  AVATAR_BODY_LIMIT_BYTES: int(3 * MiB, 1),

  // Rate limits: at most MAX requests per WINDOW seconds.
  RATE_LOGIN_ADDRESS_MAX: int(300, 1),
  RATE_LOGIN_ADDRESS_WINDOW_SECONDS: int(60, 1),
  RATE_SIGNUP_ADDRESS_MAX: int(120, 1),
  RATE_SIGNUP_ADDRESS_WINDOW_SECONDS: int(60 * 60, 1),
  RATE_FORGOT_PASSWORD_ADDRESS_MAX: int(30, 1),
  RATE_FORGOT_PASSWORD_ADDRESS_WINDOW_SECONDS: int(60 * 60, 1),
  RATE_SETUP_ADMIN_ADDRESS_MAX: int(10, 1),
  RATE_SETUP_ADMIN_ADDRESS_WINDOW_SECONDS: int(15 * 60, 1),

  // Upstream calls.
  UPSTREAM_CONNECTIONS: int(128, 1),
  UPSTREAM_CONNECT_TIMEOUT_MS: int(3_000, 1),
  /** Time for an upstream to start answering (uploads are extracted before the answer). */
  UPSTREAM_HEADERS_TIMEOUT_MS: int(300_000, 1),
  /** Longest silence inside an upstream body; 0 = none (server-sent events stay open). */
  UPSTREAM_BODY_TIMEOUT_MS: int(0),
  HEALTH_TIMEOUT_MS: int(1_500, 1),
  DOCS_TIMEOUT_MS: int(2_000, 1),
  DOCS_CACHE_SECONDS: int(10),
});
export type GatewayConfig = Static<typeof GatewayConfig>;

/** Fastify's `trustProxy` from TRUST_PROXY. */
export function parseTrustProxy(value: string): boolean | number | string {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

/** The exact origins CORS accepts. */
export function corsOrigins(config: Pick<GatewayConfig, 'CORS_ORIGINS' | 'PUBLIC_BASE_URL'>): string[] {
  const list = config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const origins = list.length ? list : [config.PUBLIC_BASE_URL];
  return [...new Set(origins.map((o) => new URL(o).origin))];
}
