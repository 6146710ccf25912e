/**
 * Schools-service shapes shared beyond the service: school roles, a school's settings and the
 * membership other services keep a copy of (billing's pool, auth's /auth/me). The routes' request
 * and response shapes live beside these as the schools service grows (issue 30).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { LocaleSchema } from './locale-schema';
import { LastSignIn } from './api-sso';

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
  /**
   * A new account whose e-mail is in one of the school's verified domains: `pending` (default)
   * lands as a member waiting for the school's approval, `active` is a member at once, `off`
   * leaves it an individual account. Absent means `pending`.
   */
  domain_sign_up: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('off')])),
  /**
   * Issue 32: members sign in only through the school's Google Workspace or Microsoft Entra ID;
   * password sign-in is refused for them (403 SSO_REQUIRED). Absent means false.
   */
  require_sso: Type.Optional(Type.Boolean()),
  /** Issue 32: the role of an account a first SSO sign-in creates in the school (absent: student). */
  sso_new_member_role: Type.Optional(Type.Union([Type.Literal('student'), Type.Literal('teacher')])),
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

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** A school role in a class: one or more teachers, any number of students. */
export const CLASS_ROLES = ['teacher', 'student'] as const;
export const ClassRole = Type.Union(CLASS_ROLES.map((r) => Type.Literal(r)));
export type ClassRole = Static<typeof ClassRole>;

const SchoolName = Type.String({ minLength: 1, maxLength: 200 });
const Country = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 code, e.g. "GB"' });
const IbSchoolCode = Type.String({ pattern: '^[A-Za-z0-9-]{1,20}$', description: "the IB's school code, e.g. 001234" });
const TimeZone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/London' });
const EmailDomains = Type.Array(Type.String({ minLength: 3, maxLength: 253 }), {
  maxItems: 20,
  description: 'verified e-mail domains: a sign-up with such an address lands in the school as a pending student',
});
const MicrosoftTenantIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: 20,
  description: 'Microsoft Entra ID tenant ids whose accounts belong to the school',
});

/** Members of a school per school role and status, and its classes (archived ones apart). */
export const SchoolCounts = Type.Object({
  school_admins: Type.Integer(),
  teachers: Type.Integer(),
  students: Type.Integer(),
  pending: Type.Integer({ description: 'memberships waiting for approval or acceptance' }),
  deactivated: Type.Integer(),
  classes: Type.Integer({ description: 'classes not archived' }),
  archived_classes: Type.Integer(),
});
export type SchoolCounts = Static<typeof SchoolCounts>;

export const School = Type.Object({
  id: Type.String(),
  name: Type.String(),
  country: Nullable(Type.String()),
  ib_school_code: Nullable(Type.String()),
  time_zone: Type.String(),
  email_domains: Type.Array(Type.String()),
  microsoft_tenant_ids: Type.Array(Type.String()),
  settings: SchoolSettings,
  /** Issue 36: the language of members who chose none (interface, mails, server messages); always given by schools. */
  default_locale: Type.Optional(LocaleSchema),
  counts: SchoolCounts,
  created_at: DateTime,
  updated_at: DateTime,
});
export type School = Static<typeof School>;

export const SchoolList = Type.Object({ schools: Type.Array(School), total: Type.Integer() });
export type SchoolList = Static<typeof SchoolList>;

/** POST /schools (super admin). */
export const CreateSchoolRequest = Type.Object(
  {
    name: SchoolName,
    country: Type.Optional(Country),
    ib_school_code: Type.Optional(IbSchoolCode),
    time_zone: Type.Optional(TimeZone),
    email_domains: Type.Optional(EmailDomains),
    microsoft_tenant_ids: Type.Optional(MicrosoftTenantIds),
    settings: Type.Optional(Type.Partial(SchoolSettings)),
    /** Issue 36: the school's default language (en when not given at creation). */
    default_locale: Type.Optional(LocaleSchema),
  },
  { additionalProperties: false },
);
export type CreateSchoolRequest = Static<typeof CreateSchoolRequest>;

/**
 * PATCH /schools/{id}: any subset. Name, time zone, settings and default language: the school's admins or a super
 * admin; country, IB code, e-mail domains and Microsoft tenants (they decide who lands in the school):
 * a super admin only.
 */
export const UpdateSchoolRequest = Type.Object(
  {
    name: Type.Optional(SchoolName),
    country: Type.Optional(Nullable(Country)),
    ib_school_code: Type.Optional(Nullable(IbSchoolCode)),
    time_zone: Type.Optional(TimeZone),
    email_domains: Type.Optional(EmailDomains),
    microsoft_tenant_ids: Type.Optional(MicrosoftTenantIds),
    settings: Type.Optional(Type.Partial(SchoolSettings)),
    /** Issue 36: the school's default language (en when not given at creation). */
    default_locale: Type.Optional(LocaleSchema),
  },
  { additionalProperties: false },
);
export type UpdateSchoolRequest = Static<typeof UpdateSchoolRequest>;

/** One member of a school as its admins (and teachers) see them. */
export const SchoolMember = Type.Object({
  user_id: Type.String(),
  school_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  school_role: SchoolRole,
  status: MembershipStatus,
  /** Why a pending membership waits: `school` (the school must approve), `member` (the invited account must accept); null otherwise. */
  awaiting: Nullable(Type.Union([Type.Literal('school'), Type.Literal('member')])),
  joined_by: Type.Union([Type.Literal('invitation'), Type.Literal('join_code'), Type.Literal('email_domain'), Type.Literal('roster')]),
  created_at: DateTime,
  updated_at: DateTime,
  /** Issue 32: how and when the member last signed in (from auth; null: never, or auth did not answer). */
  last_sign_in: Type.Optional(Nullable(LastSignIn)),
});
export type SchoolMember = Static<typeof SchoolMember>;

export const SchoolMemberList = Type.Object({ members: Type.Array(SchoolMember), total: Type.Integer() });
export type SchoolMemberList = Static<typeof SchoolMemberList>;

export const SchoolMemberQuery = Type.Object({
  role: Type.Optional(SchoolRole),
  status: Type.Optional(MembershipStatus),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'part of the name or e-mail, case-insensitive' })),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});
export type SchoolMemberQuery = Static<typeof SchoolMemberQuery>;

/** POST /schools/{id}/members: invite by e-mail (the account is made, with a set-password mail, when there is none). */
export const AddSchoolMemberRequest = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    role: SchoolRole,
  },
  { additionalProperties: false },
);
export type AddSchoolMemberRequest = Static<typeof AddSchoolMemberRequest>;

export const AddSchoolMemberResponse = Type.Object({
  member: SchoolMember,
  account_created: Type.Boolean({ description: 'a new account was made and sent a set-password mail' }),
});
export type AddSchoolMemberResponse = Static<typeof AddSchoolMemberResponse>;

/** PATCH /schools/{id}/members/{user_id}: change the school role, deactivate, reactivate or approve (status active). */
export const UpdateSchoolMemberRequest = Type.Object(
  {
    role: Type.Optional(SchoolRole),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('deactivated')])),
  },
  { additionalProperties: false },
);
export type UpdateSchoolMemberRequest = Static<typeof UpdateSchoolMemberRequest>;

export const SchoolClass = Type.Object({
  id: Type.String(),
  school_id: Type.String(),
  name: Type.String(),
  subject: Nullable(Type.String()),
  session: Nullable(Type.String({ description: 'exam session, e.g. "May 2027"' })),
  /** Shown to the class's teachers and the school's admins; null for students. */
  join_code: Nullable(Type.String({ description: 'e.g. "K7QX-3MPA"; typed with or without the dash, any case' })),
  archived_at: Nullable(DateTime),
  teachers: Type.Array(Type.Object({ user_id: Type.String(), name: Type.String() })),
  student_count: Type.Integer(),
  /** Issue 30: the most school-pool credits the class's submissions may use (null: no cap). */
  pool_cap: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  created_at: DateTime,
  updated_at: DateTime,
});
export type SchoolClass = Static<typeof SchoolClass>;

export const SchoolClassList = Type.Object({ classes: Type.Array(SchoolClass), total: Type.Integer() });
export type SchoolClassList = Static<typeof SchoolClassList>;

export const SchoolClassQuery = Type.Object({
  archived: Type.Optional(Type.Boolean({ description: 'true: archived classes only; false: current ones only; absent: both' })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SchoolClassQuery = Static<typeof SchoolClassQuery>;

const ClassName = Type.String({ minLength: 1, maxLength: 200 });
const Subject = Type.String({ minLength: 1, maxLength: 120 });
const Session = Type.String({ minLength: 1, maxLength: 60 });

/** POST /schools/{id}/classes. A teacher who creates a class becomes its teacher. */
export const CreateClassRequest = Type.Object(
  { name: ClassName, subject: Type.Optional(Subject), session: Type.Optional(Session) },
  { additionalProperties: false },
);
export type CreateClassRequest = Static<typeof CreateClassRequest>;

/** PATCH /classes/{id}: rename, archive (true) or bring back (false), a new join code. */
export const UpdateClassRequest = Type.Object(
  {
    name: Type.Optional(ClassName),
    subject: Type.Optional(Nullable(Subject)),
    session: Type.Optional(Nullable(Session)),
    archived: Type.Optional(Type.Boolean()),
    new_join_code: Type.Optional(Type.Boolean({ description: 'true: the old code stops working and a new one is made' })),
    /**
     * School admins only: the class's cap on school-pool credits (null: no cap). One `type` list, not
     * an anyOf: the server's type coercion would otherwise turn null into 0 (a cap of nothing).
     */
    pool_cap: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 1000000 })),
  },
  { additionalProperties: false },
);
export type UpdateClassRequest = Static<typeof UpdateClassRequest>;

export const ClassMember = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: ClassRole,
  /** The member's status in the school (a deactivated member stays listed, with the class's history). */
  status: MembershipStatus,
  added_at: DateTime,
});
export type ClassMember = Static<typeof ClassMember>;

export const ClassMemberList = Type.Object({ members: Type.Array(ClassMember), total: Type.Integer() });
export type ClassMemberList = Static<typeof ClassMemberList>;

/** POST /classes/{id}/members: the user must be an active member of the class's school. */
export const AddClassMemberRequest = Type.Object(
  { user_id: Type.String({ maxLength: 100 }), role: ClassRole },
  { additionalProperties: false },
);
export type AddClassMemberRequest = Static<typeof AddClassMemberRequest>;

/** POST /classes/join (a signed-in student). */
export const JoinClassRequest = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });
export type JoinClassRequest = Static<typeof JoinClassRequest>;

/** The caller's school, school role and classes (GET /schools/mine); school null for an individual account. */
export const MySchool = Type.Object({
  school: Nullable(School),
  school_role: Nullable(SchoolRole),
  status: Nullable(MembershipStatus),
  awaiting: Nullable(Type.Union([Type.Literal('school'), Type.Literal('member')])),
  classes: Type.Array(SchoolClass),
});
export type MySchool = Static<typeof MySchool>;

export const JoinClassResponse = Type.Object({
  class: SchoolClass,
  joined_school: Type.Boolean({ description: 'true when joining the class also made the caller a member of its school' }),
  mine: MySchool,
});
export type JoinClassResponse = Static<typeof JoinClassResponse>;

export const SchoolCodes = {
  SCHOOL_NOT_FOUND: 'SCHOOL_NOT_FOUND',
  MEMBER_NOT_FOUND: 'SCHOOL_MEMBER_NOT_FOUND',
  CLASS_NOT_FOUND: 'CLASS_NOT_FOUND',
  /** A class's pool_cap is set by the school's admins (and platform admins), not by its teachers. */
  POOL_CAP_ADMINS_ONLY: 'CLASS_POOL_CAP_ADMINS_ONLY',
  /** The user already belongs to this school (change them with PATCH instead). */
  ALREADY_MEMBER: 'ALREADY_SCHOOL_MEMBER',
  /** The user belongs to another school: a user is in at most one school at a time. */
  IN_ANOTHER_SCHOOL: 'IN_ANOTHER_SCHOOL',
  /** An e-mail domain or Microsoft tenant already belongs to another school. */
  DOMAIN_TAKEN: 'SCHOOL_DOMAIN_TAKEN',
  INVALID_DOMAIN: 'INVALID_EMAIL_DOMAIN',
  INVALID_TIME_ZONE: 'INVALID_TIME_ZONE',
  /** No class has this join code (or the class is archived). */
  JOIN_CODE_UNKNOWN: 'JOIN_CODE_UNKNOWN',
  /** Joining a class with a code is for student accounts. */
  JOIN_STUDENTS_ONLY: 'JOIN_STUDENTS_ONLY',
  /** The caller's membership of the class's school is deactivated. */
  MEMBERSHIP_DEACTIVATED: 'SCHOOL_MEMBERSHIP_DEACTIVATED',
  /** Only active members are enrolled in classes (a pending or deactivated one is approved or reactivated first). */
  MEMBER_NOT_ACTIVE: 'SCHOOL_MEMBER_NOT_ACTIVE',
  /** The class role does not fit the member's school role (a student cannot teach a class). */
  CLASS_ROLE_MISMATCH: 'CLASS_ROLE_MISMATCH',
  /** The class is archived: no one joins or is added until it is brought back. */
  CLASS_ARCHIVED: 'CLASS_ARCHIVED',
  /** A school admin cannot change their own membership (another admin or a super admin can). */
  OWN_MEMBERSHIP: 'OWN_MEMBERSHIP',
  /** Approving an invitation is the invited person's step, not the school's. */
  INVITATION_NOT_ACCEPTED: 'INVITATION_NOT_ACCEPTED',
  /** Only a super admin changes a school's country, IB code, e-mail domains and Microsoft tenants. */
  SUPER_ADMIN_FIELD: 'SCHOOL_FIELD_SUPER_ADMIN_ONLY',
  NO_INVITATION: 'NO_SCHOOL_INVITATION',
} as const;
