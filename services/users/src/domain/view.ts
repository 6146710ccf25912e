import {
  DEFAULT_EMAIL_NOTIFICATIONS,
  FREE_PLAN_CREDITS,
  type CreditAccount,
  type EmailNotifications,
  type Locale,
  type Role,
  type SchoolMembership,
  type User,
  type UserSchool,
} from '@corestone/contracts';

/** One account row as the store reads it. */
export interface Account {
  id: string;
  email: string;
  role: Role;
  is_active: boolean;
  first_name: string;
  last_name: string;
  display_name: string | null;
  is_anonymous: boolean;
  avatar: string | null;
  message_count: number;
  max_chatbot: number;
  assigned_personas: string[];
  openai_api_key_masked: string | null;
  /** The mail switches the user changed (issue 31); null: all on. */
  email_notifications?: Partial<EmailNotifications> | null;
  /** The user's own language (issue 36); null: none chosen. */
  locale?: Locale | null;
  created_at: Date;
}

export type Credits = Pick<CreditAccount, 'essay_credits' | 'max_essay_credits' | 'subscription_plan' | 'subscription_status'>;
/** The mirrored copy, with billing's version of it. */
export type MirroredCredits = Credits & Pick<CreditAccount, 'version'>;

/** What a user has before billing ever spoke about them (spec: free plan, 1 and 1). */
const DEFAULT_CREDITS: Credits = {
  essay_credits: FREE_PLAN_CREDITS,
  max_essay_credits: FREE_PLAN_CREDITS,
  subscription_plan: 'free',
  subscription_status: 'active',
};

/**
 * A user's membership as users keeps it: the latest `schools.membership_changed.v1` (a user is in at
 * most one school, so the latest event is the whole state; school_id null once they left), with the
 * event's stream sequence as its version.
 */
export type Membership = Omit<SchoolMembership, 'user_id'>;
export interface MirroredMembership extends Membership {
  version: number;
}
/** A school's name and default language from `schools.school_changed.v1`, with the event's stream sequence as its version. */
export interface SchoolName {
  name: string;
  /** null: the event said none (written before issue 36; the school's is `en` then, shown once announced again). */
  default_locale?: Locale | null;
  version: number;
}

/** The `school` of a view: null for an individual (no school, or a membership missing its role or status). */
export function toSchool(m: Membership | null, name: Pick<SchoolName, 'name' | 'default_locale'> | null): UserSchool | null {
  if (!m?.school_id || !m.school_role || !m.status) return null;
  const school: UserSchool = { id: m.school_id, name: name?.name ?? null, role: m.school_role, status: m.status };
  if (name?.default_locale) school.default_locale = name.default_locale;
  return school;
}

/** The school as the mirror alone has it (lists and answers that read no feed). */
export function mirroredSchool(mirrored: { membership: Membership; name: SchoolName | null } | null): UserSchool | null {
  return mirrored ? toSchool(mirrored.membership, mirrored.name) : null;
}

/**
 * Of two copies of one value (the mirror's and one heard ahead of it), the newer; null when neither.
 * Ties go to the mirror (it holds that version already).
 */
export function newer<V extends { version: number }>(mirrored: V | null, heard: V | null): V | null {
  if (!heard) return mirrored;
  if (!mirrored) return heard;
  return heard.version > mirrored.version ? heard : mirrored;
}

const AVATAR_URL_PREFIX = '/api/v1/users/avatars/';

/** Display name, then first + last, then the part of the e-mail before the @, then 'User'. */
export function nameOf(a: Pick<Account, 'display_name' | 'first_name' | 'last_name' | 'email'>): string {
  const display = a.display_name?.trim();
  if (display) return display;
  const full = `${a.first_name.trim()} ${a.last_name.trim()}`.trim();
  if (full) return full;
  const local = a.email.split('@')[0]?.trim();
  return local || 'User';
}

/** The one `User` shape of contracts; `school` null for an individual account. */
export function toUser(a: Account, credits: Credits | null, school: UserSchool | null): User {
  const c = credits ?? DEFAULT_CREDITS;
  const created = a.created_at.toISOString();
  return {
    id: a.id,
    user_id: a.id,
    email: a.email,
    name: nameOf(a),
    first_name: a.first_name,
    last_name: a.last_name,
    display_name: a.display_name,
    role: a.role,
    user_type: a.role,
    is_active: a.is_active,
    is_anonymous: a.is_anonymous,
    avatar: a.avatar ? `${AVATAR_URL_PREFIX}${a.avatar}` : null,
    subscription_plan: c.subscription_plan,
    subscription_status: c.subscription_status,
    essay_credits: c.essay_credits,
    max_essay_credits: c.max_essay_credits,
    chatbot_count: a.message_count,
    max_chatbot: a.max_chatbot,
    assigned_personas: a.assigned_personas,
    openai_api_key: a.openai_api_key_masked,
    school,
    email_notifications: emailNotificationsOf(a),
    locale: a.locale ?? null,
    createdAt: created,
    created_at: created,
  };
}

/** Every mail switch of a user: the ones they changed, the others on. */
export function emailNotificationsOf(a: Pick<Account, 'email_notifications'>): EmailNotifications {
  return { ...DEFAULT_EMAIL_NOTIFICATIONS, ...(a.email_notifications ?? {}) };
}
