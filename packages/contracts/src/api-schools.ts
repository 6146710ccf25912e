/**
 * Schools-service shapes shared beyond the service: school roles, a school's settings and the
 * membership other services keep a copy of (billing's pool, auth's /auth/me). The routes' request
 * and response shapes live beside these as the schools service grows (issue 30).
 */
import { Type, type Static } from '@sinclair/typebox';

/** A member's role inside their school; the platform role (student, teacher, admin…) stays as it is. */
export const SCHOOL_ROLES = ['school_admin', 'teacher', 'student'] as const;
export const SchoolRole = Type.Union(SCHOOL_ROLES.map((r) => Type.Literal(r)));
export type SchoolRole = Static<typeof SchoolRole>;

/**
 * `pending`: joined through a verified domain and waiting for the school's approval (no pool, no
 * school data yet); `active`; `deactivated`: gone from the roster or switched off by the school —
 * the account stays, the school's pool and classes are closed to it.
 */
export const MEMBERSHIP_STATUSES = ['pending', 'active', 'deactivated'] as const;
export const MembershipStatus = Type.Union(MEMBERSHIP_STATUSES.map((s) => Type.Literal(s)));
export type MembershipStatus = Static<typeof MembershipStatus>;

/** What a school decides for its members. */
export const SchoolSettings = Type.Object({
  students_may_buy_credits: Type.Boolean({ description: 'students may buy personal credit packs' }),
  ai_grader_enabled: Type.Boolean({ description: 'members may submit essays for AI grading at all' }),
  pool_enabled: Type.Boolean({ description: "members grade from the school's credit pool (else from personal credits)" }),
  pool_cap_per_student: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'most pool credits one student may use; null = no cap',
  }),
});
export type SchoolSettings = Static<typeof SchoolSettings>;

export const DEFAULT_SCHOOL_SETTINGS: SchoolSettings = {
  students_may_buy_credits: true,
  ai_grader_enabled: true,
  pool_enabled: true,
  pool_cap_per_student: null,
};

/** A user's school as other services see it (null school = an individual account). */
export const SchoolMembership = Type.Object({
  user_id: Type.String(),
  school_id: Type.Union([Type.String(), Type.Null()]),
  school_role: Type.Union([SchoolRole, Type.Null()]),
  status: Type.Union([MembershipStatus, Type.Null()]),
});
export type SchoolMembership = Static<typeof SchoolMembership>;
