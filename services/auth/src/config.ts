import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { REPO_ROOT, configSchema } from '@corestone/service-kit';

export const AuthConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.auth.port }),
  /** SMTP server for password-reset mail (smtp://user:pass@host:port); unset: mails go to MAIL_DIR. */
  SMTP_URL: Type.Optional(Type.String()),
  MAIL_FROM: Type.String({ default: 'Corestone <no-reply@corestone.local>' }),
  MAIL_DIR: Type.String({ default: path.join(REPO_ROOT, '.data', 'mail') }),
  GOOGLE_CLIENT_ID: Type.Optional(Type.String()),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String()),
  GOOGLE_ISSUER: Type.String({ default: 'https://accounts.google.com' }),
  /** Where Google sends the browser back; default `${PUBLIC_BASE_URL}/api/v1/auth/google/callback`. */
  GOOGLE_REDIRECT_URI: Type.Optional(Type.String()),
  /** When set, POST /auth/setup-admin must carry it (body setup_token or header x-setup-token). */
  SETUP_TOKEN: Type.Optional(Type.String()),
});
export type AuthConfig = Static<typeof AuthConfig>;

/** PUBLIC_BASE_URL without a trailing slash: every link and redirect is built from it, never from Host. */
export const publicBase = (config: Pick<AuthConfig, 'PUBLIC_BASE_URL'>) => config.PUBLIC_BASE_URL.replace(/\/+$/, '');
