/**
 * Auth service responses (spec user-app §7, admin §5 first-admin setup and user creation).
 */
import { Type, type Static } from '@sinclair/typebox';
import { User } from './api-user';

export const AuthResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ description: 'access token lifetime in seconds' }),
  user: User,
});
export type AuthResponse = Static<typeof AuthResponse>;

export const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;
/** Failure shape of the two `{success, message}` endpoints: also carries the usual `detail` and `code`. */
export const SuccessFailure = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  detail: Type.String(),
  code: Type.String(),
});
export type SuccessFailure = Static<typeof SuccessFailure>;
/**
 * `GET /auth/setup-status`. `setup_token_required`: the server has a SETUP_TOKEN, so
 * `POST /auth/setup-admin` must carry it (the token itself is never revealed).
 */
export const SetupStatus = Type.Object({ admin_exists: Type.Boolean(), setup_token_required: Type.Boolean() });
export type SetupStatus = Static<typeof SetupStatus>;
/** `GET /auth/providers`: which external sign-in methods this server offers (true only when configured). */
export const AuthProviders = Type.Object({
  google: Type.Boolean(),
  /** Issue 32: "Sign in with Microsoft" (Entra ID through /auth/sso/microsoft/start) is offered; absent on older servers. */
  microsoft: Type.Optional(Type.Boolean()),
});
export type AuthProviders = Static<typeof AuthProviders>;
export const SetupAdminResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), user: User });
export type SetupAdminResponse = Static<typeof SetupAdminResponse>;
export const CreatedUserResponse = Type.Object({
  success: Type.Literal(true),
  user: User,
  /** Only when the admin asked for `send_password_email`: whether the password-set mail went out. */
  password_email_sent: Type.Optional(Type.Boolean()),
});
export type CreatedUserResponse = Static<typeof CreatedUserResponse>;
/** Public signing keys (`GET /auth/.well-known/jwks.json`). */
export const Jwks = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      crv: Type.String(),
      x: Type.String(),
      kid: Type.String(),
      alg: Type.String(),
      use: Type.String(),
    }),
  ),
});
