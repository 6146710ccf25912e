/**
 * The one user shape and the platform roles: read by auth (/auth/me and every auth response's
 * `user`), users (/users/me and the admin user endpoints), the gateway's route policy and the
 * frontends (spec user-app §3, admin-back-office §3).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PlanName } from './api-billing';
import { MembershipStatus, SchoolRole } from './api-schools';
import { EmailNotifications } from './api-assignments';
import { LocaleSchema } from './locale-schema';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export { LocaleSchema };

export const Role = Type.Union([Type.Literal('student'), Type.Literal('teacher'), Type.Literal('admin'), Type.Literal('super_admin')]);
export type Role = Static<typeof Role>;
export const ROLES: readonly Role[] = ['student', 'teacher', 'admin', 'super_admin'];
export const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];
export const GRADING_ROLES: readonly Role[] = ['student', 'teacher'];

/**
 * The user's school as users keeps it from the schools service's events (issue 30): the school's
 * id and name, the member's school role and membership status (a `deactivated` member still shows
 * their school, so the app can say so). The platform `role` is separate and unchanged.
 */
export const UserSchool = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String({ description: "the school's name; null while users has not heard of the school yet" })),
  role: SchoolRole,
  status: MembershipStatus,
  /** The school's default interface language (issue 36); absent while users has not heard it. */
  default_locale: Type.Optional(LocaleSchema),
});
export type UserSchool = Static<typeof UserSchool>;

/** The one user shape: /auth/me, every auth response's `user`, /users/me and the admin user endpoints. */
export const User = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  display_name: Nullable(Type.String()),
  role: Role,
  user_type: Role,
  is_active: Type.Boolean(),
  is_anonymous: Type.Boolean(),
  avatar: Nullable(Type.String({ description: 'URL of the uploaded avatar, null when none' })),
  subscription_plan: PlanName,
  subscription_status: Type.String(),
  essay_credits: Type.Integer(),
  max_essay_credits: Type.Integer({ description: '-1 means unlimited' }),
  chatbot_count: Type.Integer(),
  max_chatbot: Type.Integer(),
  assigned_personas: Type.Array(Type.String()),
  openai_api_key: Nullable(Type.String({ description: 'masked, never the full key' })),
  /** The school the user belongs to; null for an individual account. */
  school: Nullable(UserSchool),
  /** The user's mail choices (issue 31; users fills in every switch, absent ones on). */
  email_notifications: Type.Optional(EmailNotifications),
  /** The user's own interface language (issue 36); null follows the school's default, then the browser. */
  locale: Type.Optional(Nullable(LocaleSchema)),
  createdAt: Type.String({ format: 'date-time' }),
  created_at: Type.String({ format: 'date-time' }),
});
export type User = Static<typeof User>;
