/**
 * English texts that plain modules produce (validation, sign-in errors, toasts, contract texts such
 * as SSO refusals and setup-token hints, the sdk's session messages and role names) and the screens
 * show. Those modules keep returning English (their tests and the spec read it); the screen passes
 * the text through `useTranslateKnown`, which gives this page's language for a known English text
 * and leaves any other text as it is (a server's `detail`, already in the request's language).
 */
import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';

const KNOWN = defineMessages({
  nameRequired: { id: 'validation.nameRequired', defaultMessage: 'Full name is required' },
  emailRequired: { id: 'validation.emailRequired', defaultMessage: 'Email address is required' },
  emailInvalid: { id: 'validation.emailInvalid', defaultMessage: 'Please enter a valid email address' },
  passwordRequired: { id: 'validation.passwordRequired', defaultMessage: 'Password is required' },
  passwordShort: { id: 'validation.passwordShort', defaultMessage: 'Password must be at least 6 characters long' },
  contactName: { id: 'contact.validation.name', defaultMessage: 'Please enter your name' },
  contactSchool: { id: 'contact.validation.school', defaultMessage: 'Please enter your school or institution' },
  contactStudents: { id: 'contact.validation.students', defaultMessage: 'Please enter the number of students (at least 1)' },
  contactMessage: { id: 'contact.validation.message', defaultMessage: 'Please write a message' },
  contactTooLong: { id: 'contact.validation.tooLong', defaultMessage: 'Must be no more than 5000 characters long' },
  contactFailed: { id: 'contact.failed', defaultMessage: 'Failed to send your message. Please try again.' },
  // sign-in and sign-up refusals (auth/errors.ts)
  ssoRequiredTitle: { id: 'auth.error.ssoRequired', defaultMessage: 'School sign-in required' },
  accountNotFound: { id: 'auth.error.accountNotFound', defaultMessage: 'Account not found' },
  accountNotFoundText: {
    id: 'auth.error.accountNotFoundText',
    defaultMessage: 'No account exists with this email address. Please check your email or sign up for a new account.',
  },
  accountDeactivated: { id: 'auth.error.accountDeactivated', defaultMessage: 'Account deactivated' },
  accountDeactivatedText: {
    id: 'auth.error.accountDeactivatedText',
    defaultMessage: 'Your account has been deactivated. Please contact support for assistance.',
  },
  incorrectPassword: { id: 'auth.error.incorrectPassword', defaultMessage: 'Incorrect password' },
  incorrectPasswordText: {
    id: 'auth.error.incorrectPasswordText',
    defaultMessage: 'The password you entered is incorrect. Please try again.',
  },
  missingInformation: { id: 'auth.error.missingInformation', defaultMessage: 'Missing information' },
  loginFailed: { id: 'auth.error.loginFailed', defaultMessage: 'Login failed' },
  emailTaken: { id: 'auth.error.emailTaken', defaultMessage: 'Email already registered' },
  emailTakenText: {
    id: 'auth.error.emailTakenText',
    defaultMessage: 'An account with this email address already exists. Please try logging in instead.',
  },
  passwordTooShort: { id: 'auth.error.passwordTooShort', defaultMessage: 'Password too short' },
  emailRequiredTitle: { id: 'auth.error.emailRequired', defaultMessage: 'Email required' },
  registrationFailed: { id: 'auth.error.registrationFailed', defaultMessage: 'Registration failed' },
  // the sdk's session texts, shown on the sign-in screen
  sessionExpired: { id: 'session.expired', defaultMessage: 'Session expired. Please log in again.' },
  sessionDeactivated: {
    id: 'session.deactivated',
    defaultMessage: 'Account deactivated: Your account has been deactivated. Please contact support for assistance.',
  },
  unexpected: { id: 'error.unexpected', defaultMessage: 'An unexpected error occurred' },
  // Google and school sign-in (auth/google.ts, session.tsx)
  googleFailedTitle: { id: 'google.failedTitle', defaultMessage: 'Google Login Failed' },
  googleStartFailed: { id: 'google.startFailed', defaultMessage: 'Failed to initiate Google login' },
  googleFailed: { id: 'google.failed', defaultMessage: 'Google login failed' },
  ssoFailedTitle: { id: 'sso.failedTitle', defaultMessage: 'Sign-in failed' },
  ssoStartFailed: { id: 'sso.startFailed', defaultMessage: 'Failed to start signing in with your school account' },
  callbackInvalid: { id: 'google.callback.invalid', defaultMessage: 'Invalid callback parameters' },
  callbackFetchUser: { id: 'google.callback.fetchUser', defaultMessage: 'Failed to fetch user data' },
  callbackProcessUser: { id: 'google.callback.processUser', defaultMessage: 'Failed to process user data' },
  callbackFailed: { id: 'google.callback.failed', defaultMessage: 'Authentication failed' },
  // contracts' sso-texts (auth answers them too, translated on its side)
  SSO_NOT_CONFIGURED: { id: 'sso.notConfigured', defaultMessage: 'This sign-in method is not set up on this server.' },
  SSO_FAILED: { id: 'sso.failed', defaultMessage: 'Sign-in could not be completed. Please try again from the sign-in page.' },
  SSO_EMAIL_NOT_VERIFIED: {
    id: 'sso.emailNotVerified',
    defaultMessage: 'Your account provider has not verified your e-mail address, so we cannot sign you in with it.',
  },
  SSO_UNKNOWN_TENANT: {
    id: 'sso.unknownTenant',
    defaultMessage:
      "Your organisation's account is not linked to any school on Corestone. Ask your school's administrator, or sign in another way.",
  },
  SSO_WRONG_SCHOOL: {
    id: 'sso.wrongSchool',
    defaultMessage: 'This account does not belong to the school you chose. Sign in with your school account.',
  },
  SSO_IN_ANOTHER_SCHOOL: {
    id: 'sso.inAnotherSchool',
    defaultMessage: 'This Corestone account belongs to another school. Ask your school administrator for help.',
  },
  SSO_ACCOUNT_LINKED_ELSEWHERE: {
    id: 'sso.linkedElsewhere',
    defaultMessage: 'This e-mail address is already linked to a different account at this provider.',
  },
  SSO_ACCOUNT_DEACTIVATED: { id: 'sso.deactivated', defaultMessage: 'Your account has been deactivated. Contact support.' },
  SSO_UNAVAILABLE: { id: 'sso.unavailable', defaultMessage: 'Sign-in is unavailable for a moment. Please try again shortly.' },
  SSO_REQUIRED: {
    id: 'sso.required',
    defaultMessage: 'Your school requires you to sign in with your school account. Use "Continue with Google" or "Sign in with Microsoft".',
  },
  // contracts' setup-texts
  TOKEN_LABEL: { id: 'setup.token.label', defaultMessage: 'Setup token' },
  TOKEN_HINT: {
    id: 'setup.token.hint',
    defaultMessage:
      "Your deployment's SETUP_TOKEN: in the Helm chart's Secret, in deploy/.env for Docker Compose, or in the auth service's environment.",
  },
  TOKEN_MISSING: { id: 'setup.token.missing', defaultMessage: 'Enter the setup token (the SETUP_TOKEN value set for this deployment).' },
  TOKEN_REQUIRED: { id: 'setup.token.required', defaultMessage: 'A valid setup token is required' },
  TOKEN_INVALID: {
    id: 'setup.token.invalid',
    defaultMessage: 'The setup token is not correct. Use the SETUP_TOKEN value set for this deployment.',
  },
  // the sdk's role names
  roleStudent: { id: 'role.student', defaultMessage: 'Student' },
  roleTeacher: { id: 'role.teacher', defaultMessage: 'Teacher' },
  roleAdmin: { id: 'role.admin', defaultMessage: 'Admin' },
  roleSuperAdmin: { id: 'role.superAdmin', defaultMessage: 'Super Admin' },
});

const BY_ENGLISH = new Map<string, MessageDescriptor>(Object.values(KNOWN).map((d) => [d.defaultMessage as string, d]));

/** `text` in the page's language when it is one of the known English texts above; otherwise unchanged. */
export function useTranslateKnown(): (text: string) => string {
  const intl = useIntl();
  return useCallback(
    (text: string) => {
      const known = BY_ENGLISH.get(text);
      return known ? intl.formatMessage(known) : text;
    },
    [intl],
  );
}
