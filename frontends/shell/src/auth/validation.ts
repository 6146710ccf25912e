/** Sign-in / sign-up validation (spec §5). Returns the FIRST error, or null. */
export type AuthMode = 'signin' | 'signup';

export interface AuthValues {
  email: string;
  password: string;
  fullName?: string;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 6;

export function validateAuth(mode: AuthMode, values: AuthValues): string | null {
  const email = values.email.trim();
  const name = (values.fullName ?? '').trim();
  if (mode === 'signup' && !name) return 'Full name is required';
  if (!email) return 'Email address is required';
  if (!EMAIL_RE.test(email)) return 'Please enter a valid email address';
  if (!values.password) return 'Password is required';
  if (mode === 'signup' && values.password.length < MIN_PASSWORD) return 'Password must be at least 6 characters long';
  return null;
}

export function validateEmailOnly(email: string): string | null {
  const e = email.trim();
  if (!e) return 'Email address is required';
  if (!EMAIL_RE.test(e)) return 'Please enter a valid email address';
  return null;
}

/** Full name split on whitespace: first word, then the rest (spec §5). */
export function splitName(fullName: string): { first_name: string; last_name: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

/** teacher → teacher, anything else → student (sign-up offers only these two). */
export function signupRole(choice: string): 'student' | 'teacher' {
  return choice === 'teacher' ? 'teacher' : 'student';
}
