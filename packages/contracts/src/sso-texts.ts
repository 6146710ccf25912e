/**
 * Single sign-on's refusal codes and their texts (issue 32): auth answers them (`detail`, or the
 * sign-in page's `/auth?error=sso&reason=<code>`), the sign-in page shows them. No imports, so the
 * shell can load this file alone (`@corestone/contracts/sso-texts`) without the schemas.
 */

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
