/**
 * Single sign-on per school (issue 32): Google Workspace and Microsoft Entra ID through OpenID
 * Connect (auth's `/auth/sso/{provider}/start?school=` and `/auth/sso/{provider}/callback`), the
 * school settings that govern it, the sign-in method a school's members list shows, the refusals
 * with their texts (the sign-in page shows them) and the questions auth asks schools.
 */
import { Type, type Static } from '@sinclair/typebox';

export const SSO_PROVIDERS = ['google', 'microsoft'] as const;
export const SsoProvider = Type.Union(SSO_PROVIDERS.map((p) => Type.Literal(p)));
export type SsoProvider = Static<typeof SsoProvider>;

/** How a member last signed in (the School area's members list). */
export const SIGN_IN_METHODS = ['password', 'google', 'microsoft'] as const;
export const SignInMethod = Type.Union(SIGN_IN_METHODS.map((m) => Type.Literal(m)));
export type SignInMethod = Static<typeof SignInMethod>;

export const LastSignIn = Type.Object({
  method: SignInMethod,
  at: Type.String({ format: 'date-time' }),
});
export type LastSignIn = Static<typeof LastSignIn>;

export * from './sso-texts';

/** `?school=` of the start route. */
export const SsoStartQuery = Type.Object({
  school: Type.Optional(Type.String({ maxLength: 64, description: 'the school the user signs in to (its id); optional' })),
});
export type SsoStartQuery = Static<typeof SsoStartQuery>;

/** A school as auth needs it for a sign-in: answered by rpc.schools.sso_school. */
export const SsoSchool = Type.Object({
  id: Type.String(),
  name: Type.String(),
  require_sso: Type.Boolean(),
  /** The platform role of an account its SSO creates. */
  new_member_role: Type.Union([Type.Literal('student'), Type.Literal('teacher')]),
});
export type SsoSchool = Static<typeof SsoSchool>;
