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

/**
 * Whose credits grade the member's essays: the school's pool, their own credits, or nothing (the
 * school switched AI grading off). Null for someone who is not an active member of a school, who
 * grades from their own credits like any individual.
 */
export type GradingSource = 'pool' | 'personal' | 'off';

export interface SchoolFunding {
  source: GradingSource;
  /** the school lets its students buy personal credit packs */
  mayBuyCredits: boolean;
}

export function schoolFunding(mine: Pick<MySchool, 'school' | 'status'> | null | undefined): SchoolFunding | null {
  if (!mine?.school || mine.status !== 'active') return null;
  const s = mine.school.settings;
  const source: GradingSource = !s.ai_grader_enabled ? 'off' : s.pool_enabled ? 'pool' : 'personal';
  return { source, mayBuyCredits: s.students_may_buy_credits };
}

/** The upload wizard's banner when the school pays, or has switched AI grading off. */
export const SCHOOL_POOL_BANNER = "Your school's credits pay for your essays · each evaluation uses 1 of the school's credits";
export const SCHOOL_AI_OFF_BANNER = 'Your school has switched AI grading off, so essays cannot be submitted for grading.';
/** The overview's credits panel under the (then "Personal") essay credits. */
export const SCHOOL_PAYS_TEXT = "Your school's credits pay for your essays; your own credits stay for later.";
export const SCHOOL_AI_OFF_TEXT = 'Your school has switched AI grading off.';
/** Where a buy button would be, when the school does not let its students buy credits. */
export const SCHOOL_NO_PURCHASE_TEXT = "Your school does not allow buying credits. Please ask your school's coordinator.";
