/** Client-side user normalisation (spec §3 "User", §4 credit rule, §6 roles). */
import type { EmailNotifications, UserSchool } from '@corestone/contracts';
import { supportedLocale, type Locale } from '@corestone/contracts/locale';

export type SessionRole = 'student' | 'teacher' | 'admin' | 'super-admin';

export interface SessionUser {
  id: string;
  user_id: string;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  display_name: string | null;
  createdAt: string | null;
  is_active: boolean;
  /** plan name, default 'free' */
  subscription: string;
  subscription_plan: string;
  subscription_status: string;
  /** client spelling: 'super-admin' */
  role: SessionRole;
  /** server spelling, e.g. 'super_admin' */
  user_type: string;
  avatar: string;
  openai_api_key?: string | null;
  chatbot_count: number;
  max_chatbot: number;
  max_chatbots: number;
  essay_credits: number;
  max_essay_credits: number;
  assigned_personas: string[];
  /** the user's school and school role (issue 30); absent or null for an individual account */
  school?: UserSchool | null;
  /** the user's mail choices (issue 31); absent means every mail is on */
  email_notifications?: EmailNotifications;
  /** the user's own interface language (issue 36); null or absent follows the school, then the browser */
  locale?: Locale | null;
}

const DEFAULT_USER_LABEL = 'User';

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown, dflt: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);

export function normalizeRole(raw: unknown): SessionRole {
  const r = str(raw)
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (r === 'super-admin' || r === 'superadmin') return 'super-admin';
  if (r === 'admin' || r === 'teacher') return r;
  return 'student';
}

export function initialsAvatar(name: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || 'U';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="32" fill="#1f4e79"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="Arial,sans-serif" font-size="26" fill="#fff">${initials.replace(/[<&>]/g, '')}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** Normalises any server user object (or the one kept in local storage) into the session user. */
export function normalizeUser(raw: unknown): SessionUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as Record<string, unknown>;
  const id = str(u.id) || str(u.user_id) || str(u._id);
  const email = str(u.email);
  const first = str(u.first_name);
  const last = str(u.last_name);
  const display = str(u.display_name);
  const name =
    display ||
    str(u.name) ||
    [first, last].filter(Boolean).join(' ') ||
    str(u.username) ||
    (email.includes('@') ? email.split('@')[0]! : email) ||
    DEFAULT_USER_LABEL;
  const userType = str(u.user_type) || str(u.role) || 'student';
  const role = normalizeRole(userType);
  const plan = str(u.subscription_plan) || str(u.subscription) || 'free';
  const maxChatbot = num(u.max_chatbot, num(u.max_chatbots, role === 'student' ? 10 : 10));
  return {
    id,
    user_id: str(u.user_id) || id,
    email,
    name,
    first_name: first,
    last_name: last,
    display_name: display || null,
    createdAt: str(u.createdAt) || str(u.created_at) || null,
    is_active: u.is_active === undefined ? true : Boolean(u.is_active),
    subscription: plan,
    subscription_plan: plan,
    subscription_status: str(u.subscription_status) || 'active',
    role,
    user_type: userType,
    avatar: str(u.picture) || str(u.avatar) || initialsAvatar(name),
    openai_api_key: typeof u.openai_api_key === 'string' ? u.openai_api_key : null,
    chatbot_count: num(u.chatbot_count, num(u.message_count, 0)),
    max_chatbot: maxChatbot,
    max_chatbots: num(u.max_chatbots, maxChatbot),
    essay_credits: num(u.essay_credits, 1),
    max_essay_credits: num(u.max_essay_credits, 1),
    assigned_personas: Array.isArray(u.assigned_personas) ? u.assigned_personas.filter((p): p is string => typeof p === 'string') : [],
    ...schoolOf(u.school),
    ...notificationsOf(u.email_notifications),
    locale: supportedLocale(typeof u.locale === 'string' ? u.locale : null),
  };
}

/** The server's mail choices when it sent them (each a boolean). */
function notificationsOf(raw: unknown): { email_notifications?: EmailNotifications } {
  if (!raw || typeof raw !== 'object') return {};
  const n = raw as Record<string, unknown>;
  const keys = ['assignment_opened', 'assignment_due_soon', 'result_released'] as const;
  if (!keys.every((k) => typeof n[k] === 'boolean')) return {};
  return { email_notifications: Object.fromEntries(keys.map((k) => [k, n[k]])) as EmailNotifications };
}

/** The server's `school` ({id, name, role, status}) when it is one; nothing for an individual account. */
function schoolOf(raw: unknown): { school?: UserSchool } {
  if (!raw || typeof raw !== 'object') return {};
  const s = raw as Record<string, unknown>;
  if (!str(s.id) || !str(s.role) || !str(s.status)) return {};
  const defaultLocale = supportedLocale(typeof s.default_locale === 'string' ? s.default_locale : null);
  return {
    school: {
      id: str(s.id),
      name: typeof s.name === 'string' ? s.name : null,
      role: s.role,
      status: s.status,
      ...(defaultLocale ? { default_locale: defaultLocale } : {}),
    } as UserSchool,
  };
}

export function isGradingRole(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return !!user && (user.role === 'student' || user.role === 'teacher');
}

export function isAdminRole(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return !!user && (user.role === 'admin' || user.role === 'super-admin');
}

/** Only students and teachers may grade; allowed when max credits is -1 or credits remaining > 0. */
export function canGrade(user: Pick<SessionUser, 'role' | 'essay_credits' | 'max_essay_credits'> | null | undefined): boolean {
  if (!user || !isGradingRole(user)) return false;
  return user.max_essay_credits === -1 || user.essay_credits > 0;
}

/** 'Unlimited' or 'remaining / max'. */
export function creditLabel(user: Pick<SessionUser, 'essay_credits' | 'max_essay_credits'>): string {
  if (user.max_essay_credits === -1) return 'Unlimited';
  return `${user.essay_credits} / ${user.max_essay_credits}`;
}

const ROLE_LABELS: Record<SessionRole, string> = {
  student: 'Student',
  teacher: 'Teacher',
  admin: 'Admin',
  'super-admin': 'Super Admin',
};
export function roleLabel(role: SessionRole): string {
  return ROLE_LABELS[role] ?? 'Student';
}
/** Badge colours (spec §6): super-admin red, admin purple, teacher blue, student green. */
export const ROLE_COLORS: Record<SessionRole, string> = {
  'super-admin': 'red',
  admin: 'purple',
  teacher: 'blue',
  student: 'green',
};

/**
 * A user data refresh is applied only if one of these changed (spec §4); the names and the avatar
 * too, so that a profile edit or an avatar upload shows at once after its refresh.
 */
export function userChanged(a: SessionUser | null, b: SessionUser | null): boolean {
  if (!a || !b) return a !== b;
  return (
    a.id !== b.id ||
    a.role !== b.role ||
    a.email !== b.email ||
    a.subscription_plan !== b.subscription_plan ||
    a.essay_credits !== b.essay_credits ||
    a.max_essay_credits !== b.max_essay_credits ||
    a.subscription_status !== b.subscription_status ||
    a.first_name !== b.first_name ||
    a.last_name !== b.last_name ||
    a.name !== b.name ||
    a.avatar !== b.avatar ||
    a.locale !== b.locale ||
    a.school?.default_locale !== b.school?.default_locale ||
    JSON.stringify(a.email_notifications ?? null) !== JSON.stringify(b.email_notifications ?? null)
  );
}

/** Plan names with underscores replaced by spaces and words capitalised. */
export function planLabel(plan: string | null | undefined): string {
  const p = (plan || 'free').replace(/_/g, ' ');
  return p.replace(/\b\w/g, (c) => c.toUpperCase());
}
