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

/** What a refused SSO sign-in carries back to the sign-in page: `/auth?error=sso&reason=<code>`. */
export const SsoCodes = {
  SSO_NOT_CONFIGURED: 'SSO_NOT_CONFIGURED',
  /** The provider said no, the state was unknown or used, or the answer could not be verified (audience, expiry, nonce, signature). */
  SSO_FAILED: 'SSO_FAILED',
  SSO_EMAIL_NOT_VERIFIED: 'SSO_EMAIL_NOT_VERIFIED',
  /** A Microsoft tenant (or a Google domain asked for with ?school=) that no school on Corestone has verified. */
  SSO_UNKNOWN_TENANT: 'SSO_UNKNOWN_TENANT',
  /** `?school=` named a school the account's domain or tenant does not belong to. */
  SSO_WRONG_SCHOOL: 'SSO_WRONG_SCHOOL',
  SSO_IN_ANOTHER_SCHOOL: 'SSO_IN_ANOTHER_SCHOOL',
  SSO_ACCOUNT_LINKED_ELSEWHERE: 'SSO_ACCOUNT_LINKED_ELSEWHERE',
  SSO_ACCOUNT_DEACTIVATED: 'SSO_ACCOUNT_DEACTIVATED',
  SSO_UNAVAILABLE: 'SSO_UNAVAILABLE',
  /** POST /auth/login for a member of a school that requires SSO (403). */
  SSO_REQUIRED: 'SSO_REQUIRED',
} as const;
export type SsoCode = (typeof SsoCodes)[keyof typeof SsoCodes];

/** The clear text for each refusal (auth answers it as `detail`; the sign-in page shows it for `reason`). */
export const SSO_MESSAGES: Record<SsoCode, string> = {
  SSO_NOT_CONFIGURED: 'This sign-in method is not set up on this server.',
  SSO_FAILED: 'Sign-in could not be completed. Please try again from the sign-in page.',
  SSO_EMAIL_NOT_VERIFIED: 'Your account provider has not verified your e-mail address, so we cannot sign you in with it.',
  SSO_UNKNOWN_TENANT:
    "Your organisation's account is not linked to any school on Corestone. Ask your school's administrator, or sign in another way.",
  SSO_WRONG_SCHOOL: 'This account does not belong to the school you chose. Sign in with your school account.',
  SSO_IN_ANOTHER_SCHOOL: 'This Corestone account belongs to another school. Ask your school administrator for help.',
  SSO_ACCOUNT_LINKED_ELSEWHERE: 'This e-mail address is already linked to a different account at this provider.',
  SSO_ACCOUNT_DEACTIVATED: 'Your account has been deactivated. Contact support.',
  SSO_UNAVAILABLE: 'Sign-in is unavailable for a moment. Please try again shortly.',
  SSO_REQUIRED: 'Your school requires you to sign in with your school account. Use "Continue with Google" or "Sign in with Microsoft".',
};

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
