/**
 * Domain events carried by NATS JetStream. Subject: `<service>.<event>.v1`, past tense.
 * Each publishing service owns one stream holding `<service>.*.v1`.
 * A deployment (or a test run) may put a prefix token in front of every subject and stream name.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CreditAccount } from './api-billing';
import { EssayType, Results, RubricSnapshot } from './api-grading';
import { GradingQueuePlace } from './api-evaluation';
import { Role } from './api-user';
import { LocaleSchema } from './locale-schema';
import { SchoolMembership, SchoolSettings } from './api-schools';

export const EventEnvelope = Type.Object({
  id: Type.String({ description: 'UUIDv7; also the JetStream message id (dedupe)' }),
  type: Type.String({ description: 'the subject without prefix, e.g. evaluation.submitted.v1' }),
  version: Type.Integer(),
  occurredAt: Type.String(),
  data: Type.Unknown(),
});
export type EventEnvelope<T = unknown> = Omit<Static<typeof EventEnvelope>, 'data'> & { data: T };

function event<S extends TSchema>(service: string, name: string, schema: S) {
  return { service, subject: `${service}.${name}.v1`, version: 1, schema } as const;
}

/**
 * Which grading of an evaluation an event is about: 1 for the first, +1 for each retry or regrade.
 * The grading worker echoes the job's attempt in its events and derives their ids from
 * `<evaluation_id>#<attempt>` when it is above 1, so a new attempt's events are never dropped as
 * duplicates of the last one's; the evaluation service ignores events of an earlier attempt.
 * Absent means 1.
 */
const Attempt = Type.Integer({ minimum: 1 });

/**
 * One attempt's key: `<evaluation_id>` for the first, `<evaluation_id>#<n>` after. The grading
 * worker derives its event ids from it; a retry's credit is charged and refunded under it.
 */
export function attemptKey(evaluationId: string, attempt?: number): string {
  return attempt && attempt > 1 ? `${evaluationId}#${attempt}` : evaluationId;
}

export const Events = {
  usersCreated: event(
    'users',
    'created',
    Type.Object({ user_id: Type.String(), email: Type.String(), role: Role, first_name: Type.String(), last_name: Type.String() }),
  ),
  /** Role or activation changed: auth revokes the user's refresh-token families. */
  usersAccessChanged: event('users', 'access_changed', Type.Object({ user_id: Type.String(), role: Role, is_active: Type.Boolean() })),
  usersDeleted: event('users', 'deleted', Type.Object({ user_id: Type.String() })),
  /**
   * Anything in a user's `User` view that users owns changed (profile, avatar, anonymous flag,
   * message count, personas, API key, role, activation). Published before users answers the change
   * (its outbox relay holds answers), so a cache of views can drop the user's at once (auth's
   * `/auth/me` cache, services/auth/README.md). Ids only.
   */
  usersViewChanged: event('users', 'view_changed', Type.Object({ user_id: Type.String() })),

  billingAccountUpdated: event('billing', 'account_updated', CreditAccount),

  /**
   * Sessions of a user ended (logout, refresh-token reuse, password change or reset, a role or
   * activation change, deletion). Published before auth answers the change (its outbox relay holds
   * answers), so every auth replica's `/auth/me` cache forgets which sessions it knew live at once
   * (services/auth/README.md). Ids only.
   */
  authSessionsRevoked: event('auth', 'sessions_revoked', Type.Object({ user_id: Type.String() })),

  /**
   * A school invited someone who had no account and auth made one (rpc.auth.provision_user or
   * provision_users): written in the transaction that activates the account, so every new invited
   * account has exactly one. auth's own consumer (`auth-invitations`) mails its owner the
   * set-password link (the mail text and the token are made by the sender, never carried here).
   * Ids and the inviting school's name only.
   */
  authInvitationRequested: event(
    'auth',
    'invitation_requested',
    Type.Object({
      user_id: Type.String(),
      school_name: Type.String({ minLength: 1, maxLength: 200 }),
      /** Issue 36: the inviting school's default language (absent: English, or an event of before). */
      school_locale: Type.Optional(LocaleSchema),
    }),
  ),

  /**
   * An evaluation was deleted (owner or super_admin): its essay, results and feedback are gone.
   * rubric keeps usage from it (a rubric no evaluation uses any more can be deleted).
   */
  evaluationDeleted: event(
    'evaluation',
    'deleted',
    Type.Object({ evaluation_id: Type.String(), user_id: Type.String(), rubric_id: Type.String() }),
  ),

  evaluationSubmitted: event(
    'evaluation',
    'submitted',
    Type.Object({
      evaluation_id: Type.String(),
      user_id: Type.String(),
      essay_type: EssayType,
      title: Type.String(),
      subject_area: Type.String(),
      text: Type.String({ description: 'the extracted essay text' }),
      word_count: Type.Integer(),
      rubric: RubricSnapshot,
      grader: Type.Optional(Type.String({ description: 'requested grader; default from grading config' })),
      research_question: Type.Optional(Type.String({ description: 'EE: the research question the student entered' })),
      prescribed_title: Type.Optional(Type.String({ description: 'TOK: the prescribed title the student chose' })),
      citation_style: Type.Optional(Type.String({ description: 'EE: the citation style the student says the essay uses (APA, MLA, …)' })),
      aok_focus: Type.Optional(Type.String({ description: 'TOK: the areas of knowledge the student names as the focus, comma-separated' })),
      additional_context: Type.Optional(Type.String({ description: 'what the student added for the grader (data, never instructions)' })),
      attempt: Type.Optional(Attempt),
      school_id: Type.Optional(
        Type.Union([Type.String(), Type.Null()], {
          description:
            "the submitter's school when they submitted (users' view of them); null or absent: an individual. Grading queues essays fairly by it",
        }),
      ),
    }),
  ),
  evaluationCompleted: event(
    'evaluation',
    'completed',
    Type.Object({ evaluation_id: Type.String(), user_id: Type.String(), overall_score: Type.Number(), overall_grade: Type.String() }),
  ),
  /**
   * What the student is told of a review changed and carries feedback for them (evaluation mails
   * the student). Only ids and the status: the consumer reads the current review from the row.
   */
  evaluationReviewed: event(
    'evaluation',
    'reviewed',
    Type.Object({ evaluation_id: Type.String(), user_id: Type.String(), approval_status: Type.String() }),
  ),
  /**
   * Issue 31: a teacher released a reviewed submission into a class assignment to its student
   * (evaluation mails the student "result released", as their email_notifications allow).
   */
  evaluationReleased: event(
    'evaluation',
    'released',
    Type.Object({
      evaluation_id: Type.String(),
      user_id: Type.String(),
      assignment_id: Type.String(),
      /** Issue 32: the released mark (the teacher's total on the rubric's scale, and their comment), for LTI grade passback. */
      score: Type.Optional(Type.Object({ given: Type.Number(), maximum: Type.Number(), comment: Type.String() })),
    }),
  ),
  /** The evaluation ended in failure; billing refunds the credit charged for it. */
  evaluationFailed: event(
    'evaluation',
    'failed',
    Type.Object({
      evaluation_id: Type.String(),
      user_id: Type.String(),
      reason: Type.String(),
      charge_key: Type.Optional(
        Type.String({
          description: 'the key the failed attempt was charged under (rpc.billing.consume_credit evaluation_id); absent = evaluation_id',
        }),
      ),
    }),
  ),

  /**
   * What `rpc.rubric.get_snapshot` answers for this rubric may have changed (edit, status change,
   * new version, delete; and at every rubric start-up, for each rubric, after its migrations and
   * seeds). Published before rubric answers the change (its outbox relay holds answers), so a
   * cache of snapshots drops the rubric's at once (evaluation's, services/evaluation/README.md). Ids only.
   */
  rubricChanged: event('rubric', 'changed', Type.Object({ rubric_id: Type.String() })),

  /**
   * A school was created or its name or settings changed. Billing keeps the settings that decide
   * whose credits a member's submission uses; evaluation whether the school allows AI grading.
   */
  schoolsSchoolChanged: event(
    'schools',
    'school_changed',
    Type.Object({
      school_id: Type.String(),
      name: Type.String(),
      settings: SchoolSettings,
      /** Issue 36: the school's default language (absent in events written before it existed: en). */
      default_locale: Type.Optional(LocaleSchema),
    }),
  ),
  /**
   * A user's membership of a school began, changed role or status, or ended (school_id null). A
   * user belongs to at most one school at a time, so the latest event is the user's whole state.
   */
  schoolsMembershipChanged: event('schools', 'membership_changed', SchoolMembership),
  /** Issue 30: a class's cap on school-pool credits was set or cleared (billing checks it when charging). */
  schoolsClassChanged: event(
    'schools',
    'class_changed',
    Type.Object({ class_id: Type.String(), school_id: Type.String(), pool_cap: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) }),
  ),

  gradingProgress: event(
    'grading',
    'progressed',
    Type.Object({
      evaluation_id: Type.String(),
      stage: Type.String(),
      percent: Type.Integer(),
      attempt: Type.Optional(Attempt),
      queue: Type.Optional(GradingQueuePlace),
    }),
  ),
  gradingCompleted: event(
    'grading',
    'completed',
    Type.Object({
      evaluation_id: Type.String(),
      results: Results,
      grader: Type.String(),
      processing_ms: Type.Integer(),
      attempt: Type.Optional(Attempt),
    }),
  ),
  gradingFailed: event(
    'grading',
    'failed',
    Type.Object({ evaluation_id: Type.String(), code: Type.String(), reason: Type.String(), attempt: Type.Optional(Attempt) }),
  ),
} as const;

export type EventDef = (typeof Events)[keyof typeof Events];
export type EventData<E extends { schema: TSchema }> = Static<E['schema']>;

/**
 * Events whose data carries an essay's text or quotes from it, or a person's details. Services
 * remember where each one sits in its stream, and deleting its evaluation or user erases it there
 * (service-kit erasure.ts; docs/data-retention.md). Other events carry ids, scores and states only.
 */
export const ERASABLE_SUBJECTS = [
  Events.evaluationSubmitted.subject,
  Events.gradingCompleted.subject,
  Events.usersCreated.subject,
] as const;
