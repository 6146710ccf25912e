/**
 * NATS request/reply: the few synchronous questions between services.
 * Subjects live under `rpc.` so they never fall inside a stream's subjects.
 * Every reply is either `{ ok: true, ...result }` or `{ ok: false, code, detail, status }`.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Assignment, EmailNotifications, StudentRef } from './api-assignments';
import { CreditAccount } from './api-billing';
import { Results, RubricSnapshot } from './api-grading';
import { RubricExemplar, RubricTexts } from './api-rubric';
import { AiEndpointConfig, AiEndpointTestResult } from './api-ai-endpoint';
import { Role, User } from './api-user';
import { LocaleSchema } from './locale-schema';
import { MessageAllowance } from './api-users';
import { Events } from './events';
import { SignInMethod, SsoSchool } from './api-sso';

function rpc<Req extends TSchema, Res extends TSchema>(subject: string, request: Req, response: Res) {
  return { subject: `rpc.${subject}`, request, response } as const;
}

export const RpcFailure = Type.Object({
  ok: Type.Literal(false),
  code: Type.String(),
  detail: Type.String(),
  status: Type.Integer({ description: 'the HTTP status a caller should answer with' }),
  /** Issue 36: the values a `Messages` text was built from, so the HTTP edge can answer it in the caller's language. */
  params: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]))),
});
export type RpcFailure = Static<typeof RpcFailure>;

/** Most items one rpc.auth.provision_users asks for. */
export const PROVISION_BATCH_MAX = 500;

export const Rpc = {
  /** The public user view (the one `User` shape), credits read live from billing. */
  usersGetView: rpc('users.get_view', Type.Object({ user_id: Type.String() }), Type.Object({ user: User })),
  /**
   * Count one chatbot message (billing's POST /subscription/use-message): a student at
   * `max_chatbot` is refused with 403 MESSAGE_LIMIT_REACHED; `unlimited` (an unlimited plan) lifts the limit.
   */
  usersCountMessage: rpc('users.count_message', Type.Object({ user_id: Type.String(), unlimited: Type.Boolean() }), MessageAllowance),
  /** Create the account record; idempotent by user_id (a retried sign-up completes). */
  usersCreate: rpc(
    'users.create',
    Type.Object({
      user_id: Type.String(),
      email: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      role: Role,
      essay_credits: Type.Optional(Type.Integer()),
      max_essay_credits: Type.Optional(Type.Integer()),
    }),
    Type.Object({ user: User }),
  ),

  /**
   * usersCreate for a batch (auth's provision_users: the new accounts of a roster import's batch,
   * at most PROVISION_BATCH_MAX): the records in one transaction, each `users.created.v1` as for
   * one. Each item is answered on its own, in order: `{ok: true, user_id, role, is_active, created}`
   * (idempotent by user_id: an existing record with this id answers `created: false`) or `{ok:
   * false, …}` with usersCreate's refusal for that item (400 VALIDATION_ERROR, 409 EMAIL_EXISTS when
   * another id has the e-mail). No credits are read or set (a new account has the free plan's).
   */
  usersCreateMany: rpc(
    'users.create_many',
    Type.Object({
      users: Type.Array(
        Type.Object({ user_id: Type.String(), email: Type.String(), first_name: Type.String(), last_name: Type.String(), role: Role }),
        { maxItems: PROVISION_BATCH_MAX },
      ),
    }),
    Type.Object({
      results: Type.Array(
        Type.Union([
          Type.Object({ ok: Type.Literal(true), user_id: Type.String(), role: Role, is_active: Type.Boolean(), created: Type.Boolean() }),
          RpcFailure,
        ]),
      ),
    }),
  ),

  /**
   * Make sure an account exists for a school's invited member (the schools service's invitations
   * and roster imports). Matched by e-mail, case-insensitively: an existing account answers its id
   * with `created: false` and nothing about it changes (its platform role is never lowered). A new
   * account is made with `platform_role` and no usable password, and its "set your password" mail
   * naming `invited_by_school` (the school's name, linking to the shell's reset-password page) is
   * queued with it (`auth.invitation_requested.v1` in the same transaction) and sent shortly after
   * the answer by auth's invitation consumer.
   * Idempotent, also under concurrent requests for the same e-mail (one account, one `created: true`).
   * Refusals: 400 VALIDATION_ERROR (malformed e-mail or an empty name), 409 MAIL_DISABLED (a new
   * account on a platform with mail turned off: it could never get a password; an existing one still
   * answers), 503 SERVICE_UNAVAILABLE (users did not answer; retry — a retry completes the half-made account).
   */
  authProvisionUser: rpc(
    'auth.provision_user',
    Type.Object({
      email: Type.String({ minLength: 1, maxLength: 254 }),
      name: Type.String({ minLength: 1, maxLength: 200 }),
      platform_role: Type.Union([Type.Literal('student'), Type.Literal('teacher')]),
      invited_by_school: Type.String({ minLength: 1, maxLength: 200, description: "the school's name, for the mail" }),
      /** Issue 36: the school's default language, the invitation mail's (absent: English). */
      invited_by_school_locale: Type.Optional(LocaleSchema),
    }),
    Type.Object({
      user_id: Type.String(),
      created: Type.Boolean({ description: 'true only for the request that made the account' }),
    }),
  ),

  /**
   * provision_user for many people at once (a roster import's batch, at most
   * PROVISION_BATCH_MAX items, one school): each item is answered on its own, in the order asked —
   * `{ok: true, user_id, created}` as provision_user answers, or `{ok: false, code, detail, status}`
   * with provision_user's refusal for that item (VALIDATION_ERROR, MAIL_DISABLED, SERVICE_UNAVAILABLE);
   * one item's refusal never fails the others. The same e-mail twice in one batch (or in a batch and a
   * concurrent provision_user) still makes one account. Refused as a whole only when malformed
   * (400: not a list, too many items, no school name).
   */
  authProvisionUsers: rpc(
    'auth.provision_users',
    Type.Object({
      invited_by_school: Type.String({ minLength: 1, maxLength: 200, description: "the school's name, for the mails" }),
      /** Issue 36: the school's default language, the invitation mails' (absent: English). */
      invited_by_school_locale: Type.Optional(LocaleSchema),
      users: Type.Array(
        Type.Object({
          email: Type.String({ maxLength: 254 }),
          name: Type.String({ maxLength: 200 }),
          platform_role: Type.Union([Type.Literal('student'), Type.Literal('teacher')]),
        }),
        { maxItems: PROVISION_BATCH_MAX },
      ),
    }),
    Type.Object({
      results: Type.Array(
        Type.Union([
          Type.Object({ ok: Type.Literal(true), user_id: Type.String(), created: Type.Boolean() }),
          Type.Object({ ok: Type.Literal(false), code: Type.String(), detail: Type.String(), status: Type.Integer() }),
        ]),
      ),
    }),
  ),

  /**
   * An admin's own OpenAI key (PUT /users/admin/api-key), decrypted for the grading service's
   * quick assessment; null when none is set or the account is not an admin any more. Stored
   * encrypted; in plain text only in this reply (request/reply, never in a stream).
   */
  usersGetApiKey: rpc(
    'users.get_api_key',
    Type.Object({ user_id: Type.String() }),
    Type.Object({ api_key: Type.Union([Type.String(), Type.Null()]) }),
  ),

  /**
   * Charge one credit for an evaluation; idempotent by evaluation_id. Billing chooses the ledger:
   * the school's pool for an active member of a school with pool_enabled, else personal credits.
   * Fails with NO_CREDITS, SCHOOL_POOL_EMPTY, SCHOOL_POOL_CAP_REACHED or CLASS_POOL_CAP_REACHED
   * (403). A school that switched AI grading off is charged as usual (the built-in grader grades).
   */
  billingConsumeCredit: rpc(
    'billing.consume_credit',
    Type.Object({
      user_id: Type.String(),
      evaluation_id: Type.String(),
      /** Issue 30: the class of the assignment the essay is submitted into (its pool use counts for the class and its cap). */
      class_id: Type.Optional(Type.String()),
    }),
    Type.Object({
      account: CreditAccount,
      charged: Type.Boolean({ description: 'false when unlimited' }),
      ledger: Type.Optional(
        Type.Union([Type.Literal('personal'), Type.Literal('school')], {
          description: "the ledger charged: the user's account or their school's pool (absent: personal)",
        }),
      ),
      school_id: Type.Optional(Type.String({ description: 'the school whose pool was charged' })),
    }),
  ),
  /** Give back the credit charged for an evaluation; idempotent by evaluation_id. */
  billingRefundCredit: rpc(
    'billing.refund_credit',
    Type.Object({ evaluation_id: Type.String() }),
    Type.Object({ account: Type.Union([CreditAccount, Type.Null()]), refunded: Type.Boolean() }),
  ),
  billingGetAccount: rpc('billing.get_account', Type.Object({ user_id: Type.String() }), Type.Object({ account: CreditAccount })),
  /** Admin sets a user's credits (users forwards PUT /users/admin/users/{id}/credits here). */
  billingSetCredits: rpc(
    'billing.set_credits',
    Type.Object({
      user_id: Type.String(),
      essay_credits: Type.Integer({ minimum: 0 }),
      max_essay_credits: Type.Integer({ minimum: -1 }),
      /** Who made the change (the admin's user id), recorded on the ledger line; absent = system. */
      actor: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    Type.Object({ account: CreditAccount }),
  ),

  /**
   * Grade one essay now and answer the results (the admin Quick Assessment; nothing stored, no
   * event). `key_owner`: the admin whose own OpenAI key grading asks users for; with a key the
   * OpenAI grader uses it, otherwise the configured grader grades. `budget_ms` caps the model's
   * budget so the answer comes within the caller's limit.
   */
  gradingAssess: rpc(
    'grading.assess',
    Type.Object({
      job: Events.evaluationSubmitted.schema,
      key_owner: Type.Optional(Type.String()),
      budget_ms: Type.Optional(Type.Integer({ minimum: 100 })),
    }),
    Type.Object({ results: Results, grader: Type.String(), own_key: Type.Boolean(), processing_ms: Type.Integer({ minimum: 0 }) }),
  ),
  /**
   * The grader new gradings use (grading resolves `GRADER`: `auto` = the model grader when an
   * OpenAI key or compatible endpoint is configured, else the built-in one). Evaluation asks it so
   * an unchanged re-submission carries only a result by that grader; one setting, in one service.
   */
  /**
   * Issue 33 §2: one small request to an endpoint ("test connection"): schools sends the school's
   * stored endpoint, grading (which holds the SDK) answers whether it answered a chat completion.
   */
  gradingTestEndpoint: rpc('grading.test_endpoint', Type.Object({ endpoint: AiEndpointConfig }), AiEndpointTestResult),
  /**
   * Issue 33 §2: how a school's essays are graded: `ai_enabled` false (the school switched AI grading
   * off) = the built-in grader only; `endpoint` = the school's own model endpoint (key decrypted),
   * null = the platform's. An unknown school: ai_enabled true, endpoint null.
   */
  schoolsAiEndpoint: rpc(
    'schools.ai_endpoint',
    Type.Object({ school_id: Type.String() }),
    Type.Object({ ai_enabled: Type.Boolean(), endpoint: Type.Union([AiEndpointConfig, Type.Null()]) }),
  ),
  gradingGrader: rpc(
    'grading.grader',
    Type.Object({}),
    Type.Object({
      grader: Type.String({ description: 'builtin, openai or spec-local' }),
      model: Type.Optional(Type.String({ description: 'the model, when the grader is openai' })),
    }),
  ),

  rubricGetSnapshot: rpc(
    'rubric.get_snapshot',
    Type.Object({ rubric_id: Type.String() }),
    Type.Object({
      rubric: RubricSnapshot,
      /** false for a draft or deprecated rubric (new submissions refuse it); absent means active. */
      is_active: Type.Optional(Type.Boolean()),
    }),
  ),
  /**
   * Issue 33 §3: a rubric's marked exemplars (grading asks it for a model grading, with a short cache;
   * they are not in the snapshot evaluation stores per row). An unknown rubric has none.
   */
  rubricExemplars: rpc(
    'rubric.exemplars',
    Type.Object({ rubric_id: Type.String() }),
    Type.Object({ exemplars: Type.Array(RubricExemplar) }),
  ),
  /**
   * Issue 36: a rubric's current English texts and translations, any status (evaluation shows stored
   * results in the reader's language from them, kept until `rubric.changed.v1`); null for an unknown
   * or deleted rubric (its results keep their stored English).
   */
  rubricTexts: rpc(
    'rubric.texts',
    Type.Object({ rubric_id: Type.String() }),
    Type.Object({ rubric: Type.Union([RubricTexts, Type.Null()]) }),
  ),
  /** Rubric counts for the admin dashboard (`GET /dashboard/stats` "Active Rubrics"). */
  rubricCounts: rpc(
    'rubric.counts',
    Type.Object({}),
    Type.Object({
      active: Type.Integer({ minimum: 0 }),
      draft: Type.Integer({ minimum: 0 }),
      deprecated: Type.Integer({ minimum: 0 }),
    }),
  ),
  /**
   * Issue 31: how `user_id` stands to a class (evaluation's review, release and gradebook checks).
   * `class` null when there is no such class. Platform admins are decided by the caller from the token.
   */
  schoolsClassAccess: rpc(
    'schools.class_access',
    Type.Object({ class_id: Type.String(), user_id: Type.String() }),
    Type.Object({
      class: Type.Union([
        Type.Object({ id: Type.String(), school_id: Type.String(), name: Type.String(), archived: Type.Boolean() }),
        Type.Null(),
      ]),
      is_teacher: Type.Boolean(),
      is_student: Type.Boolean(),
      /** An active school admin of the class's school. */
      is_school_admin: Type.Boolean(),
    }),
  ),
  /** How `user_id` stands to a school: its admin, and the classes they teach (agreement's scope). */
  schoolsSchoolAccess: rpc(
    'schools.school_access',
    Type.Object({ school_id: Type.String(), user_id: Type.String() }),
    Type.Object({ exists: Type.Boolean(), is_school_admin: Type.Boolean(), teacher_class_ids: Type.Array(Type.String()) }),
  ),
  /** An assignment and whether `user_id` is an active student of its class (submission checks); null when none. */
  schoolsAssignment: rpc(
    'schools.assignment',
    Type.Object({ assignment_id: Type.String(), user_id: Type.String() }),
    Type.Object({ assignment: Type.Union([Assignment, Type.Null()]), is_student: Type.Boolean() }),
  ),
  /** Every assignment (not archived) of the classes a student is enrolled in (GET /assignments/mine). */
  schoolsAssignmentsOfStudent: rpc(
    'schools.assignments_of_student',
    Type.Object({ user_id: Type.String() }),
    Type.Object({ assignments: Type.Array(Assignment) }),
  ),
  /** A class's current students and assignments (the gradebook and an assignment's submissions list). */
  schoolsClassRoster: rpc(
    'schools.class_roster',
    Type.Object({ class_id: Type.String() }),
    Type.Object({ students: Type.Array(StudentRef), assignments: Type.Array(Assignment) }),
  ),
  /** Who has submitted into an assignment (the "due in 24 h" reminder goes to the others). */
  evaluationAssignmentSubmitters: rpc(
    'evaluation.assignment_submitters',
    Type.Object({ assignment_id: Type.String() }),
    Type.Object({ user_ids: Type.Array(Type.String()) }),
  ),
  /** Mail choices of several users at once (absent users are left out). */
  usersEmailNotifications: rpc(
    'users.email_notifications',
    Type.Object({ user_ids: Type.Array(Type.String(), { maxItems: 5000 }) }),
    Type.Object({
      users: Type.Array(
        Type.Object({
          user_id: Type.String(),
          email: Type.String(),
          name: Type.String(),
          email_notifications: EmailNotifications,
          /** Issue 36: the user's own language (null: none chosen) and their school's default (null: no school): mails use the first. */
          locale: Type.Optional(Type.Union([LocaleSchema, Type.Null()])),
          school_default_locale: Type.Optional(Type.Union([LocaleSchema, Type.Null()])),
        }),
      ),
    }),
  ),
  /**
   * Link clicks over the last `days` (UTC days, today included) for the dashboard's links analytics;
   * answered by the links service. `clicks_per_day` has one entry per day, oldest first.
   */
  linksClickSummary: rpc(
    'links.click_summary',
    Type.Object({ days: Type.Integer({ minimum: 1, maximum: 365 }) }),
    Type.Object({
      clicks_per_day: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer({ minimum: 0 }) })),
      links: Type.Array(
        Type.Object({ link_id: Type.String(), title: Type.String(), category: Type.String(), clicks: Type.Integer({ minimum: 0 }) }),
      ),
    }),
  ),
  /**
   * Issue 32 (single sign-on): the school that verified a Google Workspace domain (`domain`, the ID
   * token's `hd`) or a Microsoft Entra tenant (`tenant_id`, its `tid`); null when none did.
   */
  schoolsSsoSchool: rpc(
    'schools.sso_school',
    Type.Object({
      domain: Type.Optional(Type.String({ maxLength: 253 })),
      tenant_id: Type.Optional(Type.String({ maxLength: 64 })),
    }),
    Type.Object({ school: Type.Union([SsoSchool, Type.Null()]) }),
  ),
  /**
   * Issue 32: an account signed in through a school's SSO belongs to that school. No membership:
   * an active one is made (school role from the platform role, `joined_by: email_domain`); one
   * waiting for the school or an invitation waiting for the person becomes active (the school's own
   * directory vouched for them); active or deactivated: unchanged. Platform staff (admin,
   * super_admin) are left alone (school null). Refused 409 IN_ANOTHER_SCHOOL for a member of another school.
   */
  schoolsSsoAdmit: rpc(
    'schools.sso_admit',
    Type.Object({
      school_id: Type.String(),
      user_id: Type.String(),
      email: Type.String({ maxLength: 254 }),
      name: Type.String({ maxLength: 200 }),
      platform_role: Role,
    }),
    Type.Object({
      school_id: Type.Union([Type.String(), Type.Null()]),
      status: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('deactivated'), Type.Null()]),
    }),
  ),
  /** Issue 32: how and when each of these users last signed in (the School area's members list); users never signed in are left out. */
  authSignInMethods: rpc(
    'auth.sign_in_methods',
    Type.Object({ user_ids: Type.Array(Type.String(), { maxItems: 1000 }) }),
    Type.Object({ users: Type.Array(Type.Object({ user_id: Type.String(), method: SignInMethod, at: Type.String() })) }),
  ),
  /**
   * Issue 32 (LTI): a session for an active account that schools has just authenticated through a
   * verified LTI launch (the id_token checked against the school's registered platform). Refused
   * (403 ACCOUNT_DEACTIVATED, 404) as a sign-in would be. The sign-in method on record is left as it was.
   */
  authIssueSession: rpc(
    'auth.issue_session',
    Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 100 }) }),
    Type.Object({ access_token: Type.String(), refresh_token: Type.String() }),
  ),
} as const;

export type RpcDef = (typeof Rpc)[keyof typeof Rpc];
export type RpcRequest<R extends RpcDef> = Static<R['request']>;
export type RpcResponse<R extends RpcDef> = Static<R['response']>;
