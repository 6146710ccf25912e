import { Codes, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, Messages, ROLES, cleanPersonName, type Role } from '@corestone/contracts';
import { HttpError, badRequest } from '@corestone/service-kit';

/** Pure input rules for the auth routes (no I/O). */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

/** Trimmed and lower-cased; e-mail addresses are unique case-insensitively. */
export function normalizeEmail(raw: string | undefined | null): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!email) throw badRequest(Messages.EMAIL_REQUIRED);
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_RE.test(email)) throw badRequest('Please enter a valid email address');
  return email;
}

/** Length rules of a new password (the spec's 6-character message; an upper bound keeps hashing cheap). */
export function checkNewPassword(password: string | undefined | null): string {
  const value = password ?? '';
  if (value.length < MIN_PASSWORD_LENGTH) throw badRequest(Messages.PASSWORD_TOO_SHORT, Codes.PASSWORD_TOO_SHORT);
  if (value.length > MAX_PASSWORD_LENGTH) throw badRequest(`Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  return value;
}

export function cleanName(raw: string | undefined | null): string {
  return cleanPersonName(raw ?? '').slice(0, MAX_NAME_LENGTH);
}

/** "Ada Lovelace King" → first "Ada", last "Lovelace King" (spec user-app §5). */
export function splitFullName(raw: string | undefined | null): { first_name: string; last_name: string } {
  const parts = cleanName(raw).split(' ').filter(Boolean);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

/** Server spelling of a role; the client's 'super-admin' is accepted. Null when unknown. */
export function parseRole(raw: string | undefined | null): Role | null {
  const value = (raw ?? '').trim().toLowerCase().replace(/-/g, '_');
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

/** Sign-up is open to students and teachers only; admin, super_admin and anything else are refused. */
export function signupRole(raw: string | undefined | null): Role {
  if (raw === undefined || raw === null || raw === '') return 'student';
  const role = parseRole(raw);
  if (role !== 'student' && role !== 'teacher') throw new HttpError(400, Codes.INVALID_ROLE, Messages.INVALID_ROLE);
  return role;
}

export const PRIVILEGED: readonly Role[] = ['admin', 'super_admin'];

/**
 * A pending (half-made) credential may be completed by a new request only when that cannot raise
 * anyone's privileges: the same role, or both roles unprivileged (student/teacher).
 */
export function canComplete(pendingRole: Role, requestedRole: Role): boolean {
  if (pendingRole === requestedRole) return true;
  return !PRIVILEGED.includes(pendingRole) && !PRIVILEGED.includes(requestedRole);
}

/** Roles an actor may create through POST /users/admin/create-user. */
export function mayCreateRole(actor: Role, target: Role): boolean {
  if (actor === 'super_admin') return true;
  if (actor === 'admin') return !PRIVILEGED.includes(target);
  return false;
}
