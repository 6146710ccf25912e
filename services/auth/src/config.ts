import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { MailSettings, configSchema, prodRequired } from '@corestone/service-kit';

export const AuthConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.auth.port }),
  /** Password-reset mail: SMTP_URL (required in production unless MAIL_DISABLED), MAIL_DISABLED, MAIL_FROM, MAIL_DIR (service-kit mail). */
  ...MailSettings,
  GOOGLE_CLIENT_ID: Type.Optional(Type.String()),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String()),
  GOOGLE_ISSUER: Type.String({ default: 'https://accounts.google.com' }),
  /** Where Google sends the browser back; default `${PUBLIC_BASE_URL}/api/v1/auth/google/callback`. */
  GOOGLE_REDIRECT_URI: Type.Optional(Type.String()),
  /** Issue 32: Microsoft Entra ID sign-in ("Sign in with Microsoft"); off unless both are set. */
  MICROSOFT_CLIENT_ID: Type.Optional(Type.String()),
  MICROSOFT_CLIENT_SECRET: Type.Optional(Type.String()),
  /** The multi-tenant (work and school accounts) issuer; each school records its verified tenant ids. */
  MICROSOFT_ISSUER: Type.String({ default: 'https://login.microsoftonline.com/organizations/v2.0' }),
  /** Required in production (anyone reaching a fresh site first would become its super admin). When set, POST /auth/setup-admin must carry it (body setup_token or header x-setup-token). */
  SETUP_TOKEN: Type.Optional(Type.String({ minLength: 16, ...prodRequired })),
  /** Failed sign-ins one account may have per window before further attempts get 429. */
  RATE_LOGIN_FAILURES_MAX: Type.Integer({ default: 10, minimum: 1 }),
  RATE_LOGIN_FAILURES_WINDOW_SECONDS: Type.Integer({ default: 15 * 60, minimum: 1 }),
});
export type AuthConfig = Static<typeof AuthConfig>;

/** PUBLIC_BASE_URL without a trailing slash: every link and redirect is built from it, never from Host. */
export const publicBase = (config: Pick<AuthConfig, 'PUBLIC_BASE_URL'>) => config.PUBLIC_BASE_URL.replace(/\/+$/, '');
