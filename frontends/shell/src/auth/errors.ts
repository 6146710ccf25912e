/**
 * Sign-in / sign-up error catalogue (spec §8). Matched by the server's `code` first, then by
 * message text as the spec describes.
 */
import { errorMessage, isApiError } from '@corestone/sdk';

export interface ToastText {
  title: string;
  description: string;
}

const code = (e: unknown) => (isApiError(e) ? e.code : '');

export function signInError(e: unknown): ToastText {
  const c = code(e);
  const text = errorMessage(e, 'Login failed');
  const t = text.toLowerCase();
  // issue 32: the school requires its own sign-in (the text says which buttons to use)
  if (c === 'SSO_REQUIRED') return { title: 'School sign-in required', description: text };
  if (c === 'ACCOUNT_NOT_FOUND' || t.includes('no account found') || (t.includes('email') && t.includes('not found')))
    return {
      title: 'Account not found',
      description: 'No account exists with this email address. Please check your email or sign up for a new account.',
    };
  if (c === 'ACCOUNT_DEACTIVATED' || t.includes('deactivated') || t.includes('inactive'))
    return { title: 'Account deactivated', description: 'Your account has been deactivated. Please contact support for assistance.' };
  if (c === 'INCORRECT_PASSWORD')
    return { title: 'Incorrect password', description: 'The password you entered is incorrect. Please try again.' };
  // 'Email and password are required' mentions "password" but is a missing-field error
  if (t.includes('required')) return { title: 'Missing information', description: text };
  if (t.includes('password') || t.includes('incorrect'))
    return { title: 'Incorrect password', description: 'The password you entered is incorrect. Please try again.' };
  return { title: 'Login failed', description: text };
}

export function signUpError(e: unknown): ToastText {
  const c = code(e);
  const text = errorMessage(e, 'Registration failed');
  const t = text.toLowerCase();
  if (c === 'EMAIL_ALREADY_EXISTS' || t.includes('already exists'))
    return {
      title: 'Email already registered',
      description: 'An account with this email address already exists. Please try logging in instead.',
    };
  if (c === 'PASSWORD_TOO_SHORT' || /6 char/.test(t)) return { title: 'Password too short', description: text };
  if (t.includes('email') && t.includes('required')) return { title: 'Email required', description: text };
  return { title: 'Registration failed', description: text };
}
