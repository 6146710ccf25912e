import type { Pool, QueryConfig } from 'pg';
import {
  Events,
  REVIEW_LIST_FEEDBACK_CHARS,
  type EssayType,
  type EvaluationStatus,
  type Results,
  type SubmissionDetails,
} from '@corestone/contracts';
import {
  keysetAfter,
  keysetAt,
  keysetPage,
  processedMarkSql,
  queryRowsWithSqlEvent,
  queryWithSqlEvent,
  rememberStreamMessageSql,
  sqlEvent,
  sqlEventInsertSql,
  sqlEventValues,
  type Queryable,
} from '@corestone/service-kit';
import { DETAIL_COLUMNS, VISIBLE_STATES, type EvaluationRow, type ListRow } from '../domain/evaluation';
import type { AssignmentStamp } from '../domain/assignment';
import { seenStatement, seenValues, type Submitter } from './directory';

/** A submission's assignment facts (migration 010), in the order of AssignmentStamp's values (stampValues). */
const ASSIGNMENT_COLUMNS = `assignment_id, class_id, class_school_id, assignment_title, class_name, assignment_kind, release_mode, late, show_ai_marks`;

function stampValues(a: AssignmentStamp | undefined): unknown[] {
  if (!a) return [null, null, null, null, null, null, null, false, false];
  return [
    a.assignment_id,
    a.class_id,
    a.class_school_id,
    a.assignment_title,
    a.class_name,
    a.assignment_kind,
    a.release_mode,
    a.late,
    a.show_ai_marks,
  ];
}

/** The columns every response needs, short ones only. */
const SHORT_COLUMNS = `id, user_id, user_name, user_email, user_type, file_name, title, essay_type, subject_area,
  status, approval_status, overall_score, rubric_id, word_count, processing_time, evaluation_time, progress,
  error_message, created_at, completed_at, admin_notes, attempt, grader, reviewed_by, reviewed_at, reused_from, updated_at, stage,
  notes_for_student, feedback_at, decided_at, queue_ahead, queue_start_at, ${ASSIGNMENT_COLUMNS}, teacher_review, released_at`;

/** Every column a full response needs; never the essay text. */
const VIEW_COLUMNS = `${SHORT_COLUMNS}, rubric, suggestions, results, ai_feedback, ${DETAIL_COLUMNS.join(', ')}`;

/**
 * A list row (`ListRow`): the short columns, the result's summary, kept by Postgres (migration 003),
 * and the start of the feedback for the student (one character more than a list shows: it says whether there is more).
 */
export const LIST_COLUMNS = `${SHORT_COLUMNS}, results_summary AS results, left(ai_feedback, ${REVIEW_LIST_FEEDBACK_CHARS + 1}) AS ai_feedback`;

/** Rows users may see: the contract's states, and a retry whose new credit is being charged (shown as pending). */
export const VISIBLE = `(status IN (${VISIBLE_STATES.map((s) => `'${s}'`).join(', ')}) OR (status = 'charging' AND attempt > 1))`;

/** The status a row is shown with: a retry whose credit is being charged is `pending`. */
export const SHOWN_STATUS = `(CASE WHEN status = 'charging' THEN 'pending' ELSE status END)`;

/** The state of the caller's same essay that keeps a submission from being written again. */
export type InFlightState = 'charging' | 'pending' | 'processing';

/** A submission as first written (state `charging`): the row's identity fields plus the essay text. */
export type NewSubmission = Pick<
  EvaluationRow,
  | 'id'
  | 'user_id'
  | 'user_name'
  | 'user_email'
  | 'user_type'
  | 'file_name'
  | 'title'
  | 'essay_type'
  | 'subject_area'
  | 'rubric'
  | 'word_count'
> & {
  essay_text: string;
  content_key: string;
  /** What the student stated (contracts SubmissionDetails; only the fields stated). */
  details?: SubmissionDetails;
  /** The rubric snapshot as JSON, when the caller has it already. */
  rubric_json?: string;
  /** The class assignment it is submitted into (issue 31), checked by app/assignment-submission.ts. */
  assignment?: AssignmentStamp;
  /** The submitter's school (users' view); null or absent: an individual. Grading queues fairly by it. */
  school_id?: string | null;
};

const SUBMITTED_COLUMNS = `id, user_id, essay_type, title, subject_area, essay_text, word_count, rubric, attempt, school_id, ${DETAIL_COLUMNS.join(', ')}`;

/**
 * The end of the job's JSON text: its stated fields (migration 008) as `, "research_question" : "…", …}`
 * — only those stated (the contract's fields are optional strings, never null) — or `}` when none is.
 */
const STATED_FIELDS = `coalesce(', ' || nullif(substr(json_strip_nulls(json_build_object(${DETAIL_COLUMNS.map((c) => `'${c}', ${c}`).join(
  ', ',
)}))::text, 2), '}'), '}')`;

/**
 * Enqueues the `evaluation.submitted.v1` event (the grading job) of the row that the CTE `from`
 * returned with (at least) SUBMITTED_COLUMNS, through the kit (sqlEventInsertSql); `$<at>` …
 * `$<at + 3>` are the values of a `sqlEvent(Events.evaluationSubmitted)`. Postgres builds the data
 * from the row: the essay travels to Postgres once, with the submission, and the job is always what
 * the row holds. (The submission checked the event's size: contentOf. The data is checked against
 * the contract by test/submission-details.int.test.ts.)
 */
const QUEUE_SUBMITTED = (from: string, at = 2) =>
  sqlEventInsertSql(at, {
    from,
    data: `left(json_build_object('evaluation_id', id, 'user_id', user_id, 'essay_type', essay_type, 'title', title,
      'subject_area', subject_area, 'text', essay_text, 'word_count', word_count, 'rubric', rubric, 'attempt', attempt,
      'school_id', school_id)::text, -1)
    || ${STATED_FIELDS}`,
    orderKey: 'id::text',
  });

/**
 * Enqueues the `evaluation.completed.v1` of the row the CTE `completed` returned (id, user_id,
 * overall_score), through the kit; `$<at>` … `$<at + 3>` are a sqlEvent's values, `$<at + 4>` the
 * overall grade. The data is checked against the contract by test/grading.int.test.ts.
 */
const QUEUE_COMPLETED = (at: number) =>
  sqlEventInsertSql(at, {
    from: 'completed',
    data: `json_build_object('evaluation_id', id, 'user_id', user_id, 'overall_score', overall_score, 'overall_grade', $${at + 4}::text)`,
    orderKey: 'id::text',
  });

/** The columns a new submission fills, in the order of submissionValues. */
const SUBMISSION_COLUMNS = `id, user_id, user_name, user_email, user_type, file_name, title, essay_type, subject_area,
  rubric_id, rubric, essay_text, word_count, content_key, ${DETAIL_COLUMNS.join(', ')}, school_id, ${ASSIGNMENT_COLUMNS}`;

const SUBMISSION_PARAMS = Array.from({ length: 15 + DETAIL_COLUMNS.length + stampValues(undefined).length }, (_, i) => `$${i + 1}`).join(
  ', ',
);

function submissionValues(s: NewSubmission): unknown[] {
  return [
    s.id,
    s.user_id,
    s.user_name,
    s.user_email,
    s.user_type,
    s.file_name,
    s.title,
    s.essay_type,
    s.subject_area,
    s.rubric.id,
    s.rubric_json ?? JSON.stringify(s.rubric),
    s.essay_text,
    s.word_count,
    s.content_key,
    ...DETAIL_COLUMNS.map((c) => s.details?.[c] ?? null),
    s.school_id ?? null,
    ...stampValues(s.assignment),
  ];
}

/**
 * insertSubmission's statement. Its two look-ups of the caller's same essay go by content_key
 * (migration 006's index) and only check the owner (`IS NOT DISTINCT FROM`, which no index serves:
 * with a plain `user_id =` the (user_id, created_at) index ties with it when Postgres has no
 * statistics, and a plan by user_id alone reads all the user's rows for every upload). A test
 * checks the plan.
 */
export function submissionStatement(s: NewSubmission, submitter: Submitter, grader: string | null): QueryConfig {
  const values = submissionValues(s); // $1 … $14 (content_key), then the stated fields
  // A result given in a class assignment is carried only into the same assignment (issue 31): an
  // after-review result carried elsewhere would show the student marks nobody released, and a
  // released one the AI's marks the assignment may hide. (The assignment's facts end the values.)
  const assignmentParam = values.length - stampValues(undefined).length + 1;
  return {
    name: 'evaluation-submission',
    text: `WITH seen AS (${seenStatement(values.length + 2)}),
         awaiting AS (
           SELECT status FROM evaluations WHERE content_key = $14 AND user_id IS NOT DISTINCT FROM $2
             AND (status = 'charging' AND attempt = 1 OR status IN ('pending', 'processing')) LIMIT 1),
         earlier AS (
           SELECT id, results, overall_score, grader, suggestions FROM evaluations
           WHERE content_key = $14 AND user_id IS NOT DISTINCT FROM $2 AND grader = $${values.length + 1} AND status = 'completed' AND results IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM awaiting) AND (assignment_id IS NULL OR assignment_id = $${assignmentParam}::uuid)
           ORDER BY completed_at DESC LIMIT 1),
         reused AS (
           INSERT INTO evaluations (${SUBMISSION_COLUMNS}, status, results, overall_score, grader, processing_time,
             evaluation_time, suggestions, progress, stage, completed_at, reused_from, charge_key)
           SELECT ${SUBMISSION_PARAMS}, 'completed', src.results, src.overall_score, src.grader, 0, 0, src.suggestions, 100,
             'completed', now(), src.id, NULL
           FROM earlier src
           RETURNING reused_from),
         charging AS (
           INSERT INTO evaluations (${SUBMISSION_COLUMNS}, status)
           SELECT ${SUBMISSION_PARAMS}, 'charging' WHERE NOT EXISTS (SELECT 1 FROM earlier) AND NOT EXISTS (SELECT 1 FROM awaiting)
           ON CONFLICT (user_id, content_key) WHERE status = 'charging' AND attempt = 1 DO NOTHING
           RETURNING 1)
         SELECT (SELECT reused_from FROM reused) AS reused_from,
           CASE WHEN EXISTS (SELECT 1 FROM reused) OR EXISTS (SELECT 1 FROM charging) THEN NULL
             ELSE coalesce((SELECT status FROM awaiting), 'charging') END AS in_flight`,
    values: [...values, grader, ...seenValues(submitter)],
  };
}

export class EvaluationStore {
  constructor(readonly pool: Pool) {}

  /**
   * The essays submitted by the school's members since `since` (the submitter's school when they
   * submitted): whichever ledger paid, and unchanged essays carrying a stored result; refused ones
   * and ones still awaiting their credit are not submissions (index evaluations_school_created).
   */
  async submissionsOfSchool(schoolId: string, since: Date): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM evaluations
       WHERE school_id = $1 AND created_at >= $2 AND status NOT IN ('refused', 'charging')`,
      [schoolId, since],
    );
    return rows[0].n;
  }

  /** A row `charging`, alone (submissions write it with insertSubmission; tests leave one behind as a crash would). */
  async insertCharging(s: NewSubmission): Promise<void> {
    await this.pool.query(
      `INSERT INTO evaluations (${SUBMISSION_COLUMNS}, status) VALUES (${SUBMISSION_PARAMS}, 'charging')`,
      submissionValues(s),
    );
  }

  /**
   * A submission's first write, in one statement (one round trip): notes the submitter in
   * `user_directory` (directory.ts), then either carries the caller's latest completed result of
   * exactly this essay (same content key, graded by `grader`: a new evaluation `completed` at once,
   * no credit, nothing graded) or writes the row `charging` before any credit is charged.
   * Answers the id of the evaluation whose result was carried, or null when the row is charging.
   * Writes nothing while the caller's same essay is still in flight, and answers that row's state as
   * `inFlight`: `charging` (billing did not answer it, or it is being charged right now; migration
   * 004's unique index settles a race, answered as 'charging' too) or `pending`/`processing` (charged
   * and being graded: its result will be there shortly, and would be carried at no charge anyway).
   * A retry after "billing is not answering" or a double upload must not become a second charge.
   */
  async insertSubmission(
    s: NewSubmission,
    submitter: Submitter,
    /** null: the grader in force is unknown, so no earlier result is carried. */
    grader: string | null,
  ): Promise<{ reusedFrom: string | null; inFlight: InFlightState | null }> {
    const { rows } = await this.pool.query<{ reused_from: string | null; in_flight: InFlightState | null }>(
      submissionStatement(s, submitter, grader),
    );
    return { reusedFrom: rows[0]?.reused_from ?? null, inFlight: rows[0]?.in_flight ?? null };
  }

  /**
   * `charging` → `pending` once the credit of `attempt` is charged under `chargeKey`, and its job
   * enqueued (QUEUE_SUBMITTED), in one statement (atomic on its own: no transaction,
   * one round trip). Clears what an earlier attempt left. Answers the row as now shown (no second
   * read to answer the request); null when the row is no longer charging this attempt (someone
   * else settled it).
   */
  async markPending(db: Queryable, id: string, attempt: number, chargeKey: string): Promise<EvaluationRow | null> {
    const job = sqlEvent(Events.evaluationSubmitted);
    const rows = await queryRowsWithSqlEvent<EvaluationRow & { enqueued: boolean }>(db, job, {
      name: 'evaluation-pending',
      text: `WITH pending AS (
         UPDATE evaluations SET status = 'pending', charge_key = $3, charge_error = NULL, error_message = NULL, progress = 0,
           stage = NULL, updated_at = now()
         WHERE id = $1 AND attempt = $2 AND status = 'charging'
         RETURNING ${VIEW_COLUMNS}, essay_text, school_id),
       queued AS (${QUEUE_SUBMITTED('pending', 4)})
       SELECT ${VIEW_COLUMNS}, EXISTS (SELECT 1 FROM queued) AS enqueued FROM pending`,
      values: [id, attempt, chargeKey, ...sqlEventValues(job)],
    });
    if (rows.length === 0) return null;
    const { enqueued: _, ...row } = rows[0];
    return row;
  }

  /**
   * Billing refused the charge. A first submission becomes `refused` (essay text dropped, kept for
   * the audit trail only); a retry goes back to `failed` as it was (its attempt number restored).
   */
  async markRefused(db: Queryable, id: string, reason: string): Promise<boolean> {
    const res = await db.query(
      `UPDATE evaluations SET
         status = CASE WHEN attempt > 1 THEN 'failed' ELSE 'refused' END,
         essay_text = CASE WHEN attempt > 1 THEN essay_text ELSE NULL END,
         attempt = GREATEST(attempt - 1, 1),
         charge_error = $2, updated_at = now()
       WHERE id = $1 AND status = 'charging'`,
      [id, reason.slice(0, 500)],
    );
    return res.rowCount === 1;
  }

  /** A failed evaluation of this user starts a new attempt (`charging`); null when it is not failed. */
  async beginRetry(id: string, userId: string): Promise<{ attempt: number } | null> {
    const { rows } = await this.pool.query<{ attempt: number }>(
      `UPDATE evaluations SET status = 'charging', attempt = attempt + 1, charge_attempts = 0, charge_error = NULL,
         updated_at = now()
       WHERE id = $1 AND user_id = $2 AND status = 'failed' AND essay_text IS NOT NULL
       RETURNING attempt`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Admin regrade: a completed or failed evaluation goes back to `pending` / `pending_review` with a
   * new attempt and no result, and its job is enqueued (QUEUE_SUBMITTED), in one statement; no credit
   * is charged. False when it is being graded right now.
   */
  async markRegrade(db: Queryable, id: string): Promise<boolean> {
    const job = sqlEvent(Events.evaluationSubmitted);
    const { enqueued } = await queryWithSqlEvent<{ enqueued: boolean }>(
      db,
      job,
      `WITH regraded AS (
         UPDATE evaluations SET status = 'pending', approval_status = 'pending_review', attempt = attempt + 1, results = NULL,
           overall_score = NULL, grader = NULL, processing_time = NULL, evaluation_time = NULL, suggestions = '[]', progress = 0,
           stage = NULL, error_message = NULL, completed_at = NULL, reused_from = NULL, updated_at = now()
         WHERE id = $1 AND status IN ('completed', 'failed') AND essay_text IS NOT NULL
         RETURNING ${SUBMITTED_COLUMNS}),
       queued AS (${QUEUE_SUBMITTED('regraded')})
       SELECT EXISTS (SELECT 1 FROM queued) AS enqueued`,
      [id, ...sqlEventValues(job)],
    );
    return enqueued;
  }

  async noteChargeAttempt(db: Queryable, id: string, error: string): Promise<void> {
    await db.query(`UPDATE evaluations SET charge_attempts = charge_attempts + 1, charge_error = $2, updated_at = now() WHERE id = $1`, [
      id,
      error.slice(0, 500),
    ]);
  }

  /** A row users may see (never `charging` or `refused`). */
  async getVisible(id: string): Promise<EvaluationRow | null> {
    const { rows } = await this.pool.query<EvaluationRow>(`SELECT ${VIEW_COLUMNS} FROM evaluations WHERE id = $1 AND ${VISIBLE}`, [id]);
    return rows[0] ?? null;
  }

  /**
   * The user's own rows, newest first, as lists show them: all of them, or a page of `limit` after
   * `cursor` (keyset on index evaluations_user_list); how many match in all; the next page's cursor.
   */
  async listForUser(
    userId: string,
    filter: { status?: EvaluationStatus; essay_type?: EssayType; limit?: number; cursor?: string },
  ): Promise<{ rows: ListRow[]; total: number; next_cursor: string | null }> {
    const params: unknown[] = [userId, filter.status ?? null, filter.essay_type ?? null];
    const where = `user_id = $1 AND ${VISIBLE} AND ($2::text IS NULL OR ${SHOWN_STATUS} = $2) AND ($3::text IS NULL OR essay_type = $3)`;
    const pageParams = [...params];
    const after = keysetAfter(filter.cursor, pageParams);
    const keyset = after ? ` AND ${after}` : '';
    const limit = filter.limit === undefined ? null : Math.floor(filter.limit);
    const [list, total] = await Promise.all([
      this.pool.query<ListRow & { cursor_at: string }>(
        `SELECT ${LIST_COLUMNS}, ${keysetAt()} FROM evaluations WHERE ${where}${keyset}
         ORDER BY created_at DESC, id DESC${limit === null ? '' : ` LIMIT ${limit + 1}`}`,
        pageParams,
      ),
      limit === null && !filter.cursor
        ? null
        : this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM evaluations WHERE ${where}`, params).then((r) => r.rows[0].n),
    ]);
    const page = keysetPage(list.rows, limit ?? list.rows.length, (r) => r.id);
    return { rows: page.rows as ListRow[], total: total ?? page.rows.length, next_cursor: page.next_cursor };
  }

  // --- grading outcomes (each guarded by status so late or repeated events change nothing) ---

  /**
   * A progress event, applied at most once in one statement (one round trip, no transaction): the
   * event id is recorded as handled by `consumer` (the kit's processedMarkSql), and the row changes
   * only when that record is new.
   */
  async markProgress(
    db: Queryable,
    seen: { consumer: string; eventId: string },
    id: string,
    attempt: number,
    stage: string,
    percent: number,
    /** Where the essay waits for the model (stage `queued`); a later stage clears it. */
    queue?: { ahead: number; estimated_start_at: string },
  ): Promise<boolean> {
    // A queued essay stays `pending` (it waits for its turn at the model); any other stage is processing.
    const res = await db.query(
      `WITH first AS (${processedMarkSql(5)})
       UPDATE evaluations SET status = CASE WHEN $7::int IS NULL THEN 'processing' ELSE status END, stage = $3,
         progress = GREATEST(progress, $4), queue_ahead = $7, queue_start_at = $8, updated_at = now()
       WHERE id = $1 AND attempt = $2 AND status IN ('pending', 'processing') AND EXISTS (SELECT 1 FROM first)`,
      [
        id,
        attempt,
        stage.slice(0, 200),
        Math.max(0, Math.min(99, percent)),
        seen.consumer,
        seen.eventId,
        queue ? queue.ahead : null,
        queue ? queue.estimated_start_at : null,
      ],
    );
    return res.rowCount === 1;
  }

  /**
   * A grading result, applied at most once in one statement (atomic on its own: no transaction,
   * one round trip); the kit's tables are written by the kit's statement builders. The event id is
   * recorded as handled by `seen.consumer` (processedMarkSql); only when that record is new is the
   * row locked (FOR SHARE, which orders this against a concurrent delete: erasure.ts), the
   * message's stream position remembered with it (`landed`, when given: rememberStreamMessageSql),
   * the row marked completed (guarded by attempt and status) and its `evaluation.completed.v1`
   * enqueued (QUEUE_COMPLETED, the user_id the row's). `gone`: the
   * evaluation does not exist (a delete came first) — its message must then be erased by the caller;
   * also answered for a repeated event, so an erasure that failed is tried again on redelivery.
   */
  async applyCompleted(
    db: Queryable,
    seen: { consumer: string; eventId: string },
    id: string,
    attempt: number,
    c: { results: Results; grader: string; seconds: number; suggestions: string[] },
    landed: { stream: string; seq: number } | null,
  ): Promise<{ first: boolean; gone: boolean; queued: boolean }> {
    const announce = sqlEvent(Events.evaluationCompleted);
    const r = await queryWithSqlEvent<{ first: boolean; locked: boolean; present: boolean; enqueued: boolean }>(db, announce, {
      name: 'evaluation-completed',
      text: `WITH first AS (${processedMarkSql(8)}),
       target AS (SELECT id FROM evaluations WHERE id = $1 AND EXISTS (SELECT 1 FROM first) FOR SHARE),
       remembered AS (${rememberStreamMessageSql(10, { from: 'target', aggregate: 'id::text' })}),
       completed AS (
         UPDATE evaluations SET status = 'completed', results = $3, overall_score = $4, grader = $5,
           processing_time = $6, evaluation_time = $6, suggestions = $7, progress = 100, stage = 'completed',
           error_message = NULL, completed_at = now(), updated_at = now()
         WHERE id = $1 AND attempt = $2 AND status IN ('pending', 'processing') AND EXISTS (SELECT 1 FROM target)
         RETURNING id, user_id, overall_score),
       queued AS (${QUEUE_COMPLETED(12)})
       SELECT EXISTS (SELECT 1 FROM first) AS first, EXISTS (SELECT 1 FROM target) AS locked,
         EXISTS (SELECT 1 FROM evaluations WHERE id = $1) AS present, EXISTS (SELECT 1 FROM queued) AS enqueued`,
      values: [
        id,
        attempt,
        JSON.stringify(c.results),
        c.results.totalPoints,
        c.grader,
        c.seconds,
        JSON.stringify(c.suggestions),
        seen.consumer,
        seen.eventId,
        landed?.stream ?? null,
        landed?.seq ?? null,
        ...sqlEventValues(announce),
        c.results.overallGrade,
      ],
    });
    // A new record was applied to the row as locked; a repeated one to the row as it is now.
    return { first: r.first, gone: r.first ? !r.locked : !r.present, queued: r.enqueued };
  }

  /** The failed attempt's charge key comes back so billing refunds exactly that charge. */
  async markFailed(
    db: Queryable,
    id: string,
    attempt: number,
    message: string,
  ): Promise<{ user_id: string; charge_key: string | null } | null> {
    const { rows } = await db.query<{ user_id: string; charge_key: string | null }>(
      `UPDATE evaluations SET status = 'failed', error_message = $3, stage = 'failed', updated_at = now()
       WHERE id = $1 AND attempt = $2 AND status IN ('pending', 'processing')
       RETURNING user_id, charge_key`,
      [id, attempt, message.slice(0, 1000)],
    );
    return rows[0] ?? null;
  }
}
