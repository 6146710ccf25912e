/** The overview's school card (issue 30): what it says about the student's membership, the join code as typed. */
import { defineMessages } from 'react-intl';
import type { MySchool } from '@corestone/sdk';
import { ENGLISH } from '@corestone/ui/i18n';

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

export const SCHOOL_ROLE_NAMES = defineMessages({
  school_admin: { id: 'school.role.schoolAdmin', defaultMessage: 'School admin' },
  teacher: { id: 'school.role.teacher', defaultMessage: 'Teacher' },
  student: { id: 'school.role.student', defaultMessage: 'Student' },
});

/**
 * Whose credits grade the member's essays: the school's pool or their own credits. Null for someone
 * who is not an active member of a school, who grades from their own credits like any individual.
 */
export type GradingSource = 'pool' | 'personal';

export interface SchoolFunding {
  source: GradingSource;
  /** the school switched AI grading off: the built-in grader grades its members' essays (issue 33) */
  builtinOnly: boolean;
  /** the school lets its students buy personal credit packs */
  mayBuyCredits: boolean;
}

export function schoolFunding(mine: Pick<MySchool, 'school' | 'status'> | null | undefined): SchoolFunding | null {
  if (!mine?.school || mine.status !== 'active') return null;
  const s = mine.school.settings;
  return { source: s.pool_enabled ? 'pool' : 'personal', builtinOnly: !s.ai_grader_enabled, mayBuyCredits: s.students_may_buy_credits };
}

export const SCHOOL_MESSAGES = defineMessages({
  /** The upload wizard's banner when the school pays, or has switched AI grading off. */
  poolBanner: {
    id: 'school.poolBanner',
    defaultMessage: "Your school's credits pay for your essays · each evaluation uses 1 of the school's credits",
  },
  builtinBanner: {
    id: 'school.builtinBanner',
    defaultMessage: "Your school has switched AI grading off: your essays are graded by Corestone's built-in text analysis.",
  },
  /** The overview's credits panel under the (then "Personal") essay credits. */
  pays: { id: 'school.pays', defaultMessage: "Your school's credits pay for your essays; your own credits stay for later." },
  builtinNote: {
    id: 'school.builtinNote',
    defaultMessage: "Your school has switched AI grading off: Corestone's built-in text analysis grades your essays.",
  },
  /** Where a buy button would be, when the school does not let its students buy credits. */
  noPurchase: {
    id: 'school.noPurchase',
    defaultMessage: "Your school does not allow buying credits. Please ask your school's coordinator.",
  },
});
// the English texts, as the tests read them
export const SCHOOL_POOL_BANNER = ENGLISH.formatMessage(SCHOOL_MESSAGES.poolBanner);
export const SCHOOL_BUILTIN_BANNER = ENGLISH.formatMessage(SCHOOL_MESSAGES.builtinBanner);
export const SCHOOL_PAYS_TEXT = ENGLISH.formatMessage(SCHOOL_MESSAGES.pays);
export const SCHOOL_BUILTIN_TEXT = ENGLISH.formatMessage(SCHOOL_MESSAGES.builtinNote);
export const SCHOOL_NO_PURCHASE_TEXT = ENGLISH.formatMessage(SCHOOL_MESSAGES.noPurchase);
