import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { Events, resolveLocale, type EventData, type EventEnvelope, type Locale } from '@corestone/contracts';
import { markProcessed, startConsumer, withTransaction, type Bus, type Mailer, type RunningConsumer } from '@corestone/service-kit';
import { shownReview, type ReviewState } from '../domain/review';
import { releasedMail, reviewMail } from '../domain/review-mail';
import { hiddenFromStudent, type AssignmentColumns, type StoredReview } from '../domain/assignment';
import { emailNotifications } from '../peers/users';
import { VISIBLE } from '../store/evaluations';

const REVIEW_MAIL_CONSUMER = 'evaluation-review-mail';
const RELEASE_MAIL_CONSUMER = 'evaluation-release-mail';

export interface ReviewMailDeps {
  pool: Pool;
  mailer: Mailer;
  /** PUBLIC_BASE_URL: the mail links the results page. */
  baseUrl: string;
  logger: FastifyBaseLogger;
}

type MailRow = ReviewState &
  Pick<AssignmentColumns, 'release_mode' | 'released_at'> & {
    user_id: string;
    title: string;
    user_name: string;
    email: string;
    review_event_id: string | null;
  };

/**
 * Mails the student the review an `evaluation.reviewed.v1` announced (store/admin.ts writes it with
 * the review, in one transaction, only when what the student is shown changed and carries
 * feedback). The text is read from the row now, and only the row's latest review event mails: two
 * saves in a row send one mail with the latest words, and a deleted evaluation sends none. Once:
 * the event is recorded in processed_events in the transaction that sends; a failed send rolls it
 * back and the event is delivered again (backoff, then the dead-letter stream).
 */
async function handleReviewed(deps: ReviewMailDeps & { bus: Bus }, event: EventEnvelope): Promise<void> {
  const d = event.data as EventData<typeof Events.evaluationReviewed>;
  await withTransaction(deps.pool, async (db) => {
    if (!(await markProcessed(db, REVIEW_MAIL_CONSUMER, event.id))) return;
    const { rows } = await db.query<MailRow>(
      `SELECT e.user_id, e.title, e.user_name, e.approval_status, e.ai_feedback, e.admin_notes, e.notes_for_student, e.feedback_at,
         e.decided_at, e.review_event_id::text AS review_event_id, e.release_mode, e.released_at,
         COALESCE(NULLIF(d.email, ''), e.user_email) AS email
       FROM evaluations e LEFT JOIN user_directory d ON d.user_id = e.user_id AND d.deleted_at IS NULL
       WHERE e.id = $1 AND ${VISIBLE}`, // status and attempt are only evaluations' columns
      [d.evaluation_id],
    );
    const row = rows[0];
    if (!row || row.review_event_id !== event.id) return; // deleted, or a later review mails instead
    // A class assignment's result awaiting its teacher's release: nothing of it reaches the student (issue 31).
    if (hiddenFromStudent(row)) return;
    const shown = shownReview(row);
    if (!shown.feedback && !shown.notes) return;
    if (!row.email) {
      deps.logger.warn({ evaluation: d.evaluation_id }, 'review mail not sent: the student has no e-mail address');
      return;
    }
    await deps.mailer.send(
      reviewMail({
        evaluationId: d.evaluation_id,
        to: row.email,
        studentName: row.user_name,
        title: row.title,
        status: shown.status,
        feedback: shown.feedback,
        notes: shown.notes,
        baseUrl: deps.baseUrl,
        locale: await mailLocale(deps, row.user_id),
      }),
    );
    deps.logger.info({ evaluation: d.evaluation_id }, 'review mail sent to the student');
  });
}

/**
 * The student's language for the review mail (issue 36: their own, else their school's default,
 * else English), asked of users; English when users does not answer — the review mail never
 * waited for users and still does not.
 */
async function mailLocale(deps: ReviewMailDeps & { bus: Bus }, userId: string): Promise<Locale> {
  try {
    const choice = (await emailNotifications(deps.bus, [userId], 2000)).get(userId);
    return resolveLocale(choice?.locale, choice?.school_default_locale);
  } catch (err) {
    deps.logger.warn({ err, userId }, 'review mail language unknown (users did not answer): English');
    return 'en';
  }
}

type ReleasedRow = {
  user_id: string;
  user_name: string;
  email: string;
  assignment_title: string | null;
  class_name: string | null;
  teacher_review: StoredReview | null;
  release_event_id: string | null;
};

/**
 * Mails the student that a teacher released their result in a class assignment (issue 31;
 * `evaluation.released.v1`, written with the release in one transaction: store/assignments.ts),
 * unless they switched `result_released` off (asked of users now: rpc.users.email_notifications;
 * a user users no longer knows gets none). Once, as the review mail: recorded in processed_events in
 * the transaction that sends; a failed send or an unanswered question is delivered again.
 */
async function handleReleased(deps: ReviewMailDeps & { bus: Bus }, event: EventEnvelope): Promise<void> {
  const d = event.data as EventData<typeof Events.evaluationReleased>;
  await withTransaction(deps.pool, async (db) => {
    if (!(await markProcessed(db, RELEASE_MAIL_CONSUMER, event.id))) return;
    const { rows } = await db.query<ReleasedRow>(
      `SELECT e.user_id, e.user_name, e.assignment_title, e.class_name, e.teacher_review, e.release_event_id::text AS release_event_id,
         COALESCE(NULLIF(d.email, ''), e.user_email) AS email
       FROM evaluations e LEFT JOIN user_directory d ON d.user_id = e.user_id AND d.deleted_at IS NULL
       WHERE e.id = $1 AND ${VISIBLE} AND e.released_at IS NOT NULL`,
      [d.evaluation_id],
    );
    const row = rows[0];
    if (!row || row.release_event_id !== event.id || !row.teacher_review) return; // deleted, or not this release
    const choices = (await emailNotifications(deps.bus, [row.user_id])).get(row.user_id);
    if (!choices || !choices.email_notifications.result_released) {
      deps.logger.info({ evaluation: d.evaluation_id }, 'result-released mail not sent: switched off (or the user is gone)');
      return;
    }
    const to = choices.email || row.email;
    if (!to) return;
    await deps.mailer.send(
      releasedMail({
        evaluationId: d.evaluation_id,
        to,
        studentName: choices.name || row.user_name,
        assignmentTitle: row.assignment_title ?? '',
        className: row.class_name ?? '',
        total: row.teacher_review.total,
        maxTotal: row.teacher_review.max_total,
        grade: row.teacher_review.grade,
        baseUrl: deps.baseUrl,
        locale: resolveLocale(choices.locale, choices.school_default_locale),
      }),
    );
    deps.logger.info({ evaluation: d.evaluation_id }, 'result-released mail sent to the student');
  });
}

/**
 * The two mail consumers on evaluation's own stream: the review mail (`evaluation.reviewed.v1`)
 * and the "result released" mail (`evaluation.released.v1`, issue 31).
 */
export async function startMailConsumers(bus: Bus, deps: ReviewMailDeps): Promise<RunningConsumer[]> {
  const consume = (durable: string, subject: string, handler: (event: EventEnvelope) => Promise<void>) =>
    startConsumer({ bus, stream: 'evaluation', durable, subjects: [subject], handler, logger: deps.logger, concurrency: 2 });
  return [
    await consume(REVIEW_MAIL_CONSUMER, Events.evaluationReviewed.subject, (event) => handleReviewed({ ...deps, bus }, event)),
    await consume(RELEASE_MAIL_CONSUMER, Events.evaluationReleased.subject, (event) => handleReleased({ ...deps, bus }, event)),
  ];
}
