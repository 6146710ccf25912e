/** The overview's school card (issue 30): what it says about the student's membership, the join code as typed. */
import type { MySchool } from '@corestone/sdk';

/** The code as sent: spaces dropped (the server ignores case and the dash); null when there is nothing to send. */
export function joinCodeInput(raw: string): string | null {
  const code = raw.replace(/\s+/g, '');
  return code ? code.slice(0, 32) : null;
}

export type MembershipView =
  | { kind: 'none' }
  | { kind: 'invited'; school: string }
  | { kind: 'pending'; school: string }
  | { kind: 'deactivated'; school: string }
  | { kind: 'active'; school: string };

export function membershipView(mine: Pick<MySchool, 'school' | 'status' | 'awaiting'>): MembershipView {
  if (!mine.school) return { kind: 'none' };
  const school = mine.school.name;
  if (mine.status === 'deactivated') return { kind: 'deactivated', school };
  if (mine.status === 'pending') return mine.awaiting === 'member' ? { kind: 'invited', school } : { kind: 'pending', school };
  return { kind: 'active', school };
}

export const SCHOOL_ROLE_NAMES = { school_admin: 'School admin', teacher: 'Teacher', student: 'Student' } as const;
