/**
 * Domain events carried by NATS JetStream. Subject: `<service>.<event>.v1`, past tense.
 * Each publishing service owns one stream holding `<service>.*.v1`.
 * A deployment (or a test run) may put a prefix token in front of every subject and stream name.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CreditAccount, EssayType, Results, Role, RubricSnapshot } from './api';

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

export const Events = {
  usersCreated: event(
    'users',
    'created',
    Type.Object({ user_id: Type.String(), email: Type.String(), role: Role, first_name: Type.String(), last_name: Type.String() }),
  ),
  /** Role or activation changed: auth revokes the user's refresh-token families. */
  usersAccessChanged: event(
    'users',
    'access_changed',
    Type.Object({ user_id: Type.String(), role: Role, is_active: Type.Boolean() }),
  ),
  usersDeleted: event('users', 'deleted', Type.Object({ user_id: Type.String() })),

  billingAccountUpdated: event('billing', 'account_updated', CreditAccount),

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
    }),
  ),
  evaluationCompleted: event(
    'evaluation',
    'completed',
    Type.Object({ evaluation_id: Type.String(), user_id: Type.String(), overall_score: Type.Number(), overall_grade: Type.String() }),
  ),
  /** The evaluation ended in failure; billing refunds the credit charged for it. */
  evaluationFailed: event(
    'evaluation',
    'failed',
    Type.Object({ evaluation_id: Type.String(), user_id: Type.String(), reason: Type.String() }),
  ),

  gradingProgress: event(
    'grading',
    'progressed',
    Type.Object({ evaluation_id: Type.String(), stage: Type.String(), percent: Type.Integer() }),
  ),
  gradingCompleted: event(
    'grading',
    'completed',
    Type.Object({ evaluation_id: Type.String(), results: Results, grader: Type.String(), processing_ms: Type.Integer() }),
  ),
  gradingFailed: event(
    'grading',
    'failed',
    Type.Object({ evaluation_id: Type.String(), code: Type.String(), reason: Type.String() }),
  ),
} as const;

export type EventDef = (typeof Events)[keyof typeof Events];
export type EventData<E extends { schema: TSchema }> = Static<E['schema']>;

/** Services that publish events, each owning one stream. */
export const STREAM_OWNERS = ['users', 'billing', 'evaluation', 'grading'] as const;
export type StreamOwner = (typeof STREAM_OWNERS)[number];
