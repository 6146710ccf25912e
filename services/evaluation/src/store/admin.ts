import type { Pool } from 'pg';
import { Events, type AdminEvaluationQuery, type AdminEvaluationStats, type Results } from '@corestone/contracts';
import { enqueueEvent, keysetAfter, keysetAt, keysetPage, withTransaction, type Queryable } from '@corestone/service-kit';
import type { ListRow } from '../domain/evaluation';
import { feedbackChanged, reviewMailDue, type ReviewState } from '../domain/review';
import { LIST_COLUMNS, SHOWN_STATUS, VISIBLE } from './evaluations';
import { completedBetween, createdCount } from './rollup';

export { SHOWN_STATUS };

/** The spec's three in-progress spellings: a filter on any one of them finds all. */
const IN_PROGRESS = ['pending', 'processing', 'in_progress'];

/** Rows shown in progress (a retry being charged is shown pending): migration 012's partial index says exactly this. */
const IN_PROGRESS_ROWS = `(status IN ('pending', 'processing') OR (status = 'charging' AND attempt > 1))`;

/** ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search counts its matches up to this many (countMatching). */
export const SEARCH_COUNT_LIMIT = 200;

/** The statuses a status filter finds, as shown (a retry being charged is shown pending). */
export const shownStatuses = (status: string): string[] => (IN_PROGRESS.includes(status) ? ['pending', 'processing'] : [status]);

/**
 * A search's two ways to a row, each written so indexes serve it (migration 012): the row's own
 * columns (title, file name, the student's name and e-mail as submitted: one trigram index), and
 * the student's name and e-mail as the users service knows them now (user_directory's trigram
 * index, then the student's rows).
 */
export interface SearchArms {
  own: string;
  directory: string;
}

/**
 * The WHERE clause of the admin filters (visible rows only) and its parameters; a search comes
 * apart as its two arms (newestMatching and countMatching query each on its own). Each filter is
 * written so an index serves it (migration 012): the row states themselves (a retry being charged
 * is a `charging` row shown pending).
 */
export function adminFilter(f: Omit<AdminEvaluationQuery, 'limit' | 'cursor'>): {
  sql: string;
  params: unknown[];
  search: SearchArms | null;
} {
  const where = [VISIBLE];
  const params: unknown[] = [];
  const add = (value: unknown, sql: (n: string) => string) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.status && IN_PROGRESS.includes(f.status)) where.push(IN_PROGRESS_ROWS);
  else if (f.status) add(f.status, (n) => `status = ${n}`);
  if (f.essay_type) add(f.essay_type, (n) => `essay_type = ${n}`);
  if (f.user_type) add(f.user_type, (n) => `user_type = ${n}`);
  const q = f.search_query?.trim();
  let search: SearchArms | null = null;
  if (q) {
    params.push(containsPattern(q));
    const n = `$${params.length}`;
    search = {
      own: `(title ILIKE ${n} OR file_name ILIKE ${n} OR user_name ILIKE ${n} OR user_email ILIKE ${n})`,
      directory: `user_id IN (SELECT d.user_id FROM user_directory d WHERE d.email ILIKE ${n} OR (d.first_name || ' ' || d.last_name) ILIKE ${n})`,
    };
  }
  return { sql: where.join(' AND '), params, search };
}

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

/**
 * `SELECT select FROM evaluations` of the newest `limit` rows matching the filter (after the
 * keyset condition, if any). A search takes each arm's newest `limit` apart, then the newest of
 * both: so each arm is planned for its own term — a rare one found through its trigram index and
 * sorted, a common one by walking the newest rows until `limit` match — where one query over both
 * arms had to gather every match before sorting (a word in one title in eight: 125,000 rows).
 */
export function newestMatching(
  select: string,
  filter: { sql: string; search: SearchArms | null },
  keyset: string | null,
  limit: number,
): string {
  const where = keyset ? `${filter.sql} AND ${keyset}` : filter.sql;
  if (!filter.search) return `SELECT ${select} FROM evaluations WHERE ${where} ${NEWEST_FIRST} LIMIT ${limit}`;
  const arm = (match: string) => `(SELECT id, created_at FROM evaluations WHERE ${where} AND ${match} ${NEWEST_FIRST} LIMIT ${limit})`;
  return `SELECT ${select} FROM evaluations WHERE id IN (
      SELECT id FROM (${arm(filter.search.own)} UNION ${arm(filter.search.directory)}) hits ${NEWEST_FIRST} LIMIT ${limit})
    ${NEWEST_FIRST}`;
}

/**
 * How many rows a search matches, counted up to SEARCH_COUNT_LIMIT (each arm stops there, so a
 * common term costs a bounded walk instead of reading every match); `capped` when more match.
 */
async function countMatching(db: Queryable, filter: { sql: string; params: unknown[]; search: SearchArms }) {
  const arm = (match: string) => `(SELECT id FROM evaluations WHERE ${filter.sql} AND ${match} LIMIT ${SEARCH_COUNT_LIMIT + 1})`;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${arm(filter.search.own)} UNION ${arm(filter.search.directory)}) hits`,
    filter.params,
  );
  return capAt(rows[0].n);
}

const capAt = (n: number) => (n > SEARCH_COUNT_LIMIT ? { total: SEARCH_COUNT_LIMIT, capped: true } : { total: n, capped: false });

/** Review changes an admin saves (PUT /evaluation/admin/{id}); absent fields stay as they are. */
export interface ReviewChanges {
  ai_feedback?: string;
  overall_score?: number;
  results?: Results;
  admin_notes?: string;
  notes_for_student?: boolean;
}

const REVIEW_COLUMNS = 'user_id, approval_status, ai_feedback, admin_notes, notes_for_student, feedback_at, decided_at';
type ReviewRow = ReviewState & { user_id: string };

/** The row's review, locked until the transaction ends; null when it is not visible. */
async function lockReview(db: Queryable, id: string): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM evaluations WHERE id = $1 AND ${VISIBLE} FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/**
 * Announces the review when the student is due a mail about it (domain reviewMailDue) and notes
 * that event as the row's latest review: the mail consumer writes only for the latest.
 */
async function announceReview(db: Queryable, id: string, before: ReviewRow, after: Omit<ReviewState, 'feedback_at' | 'decided_at'>) {
  if (!reviewMailDue(before, after)) return;
  const eventId = await enqueueEvent(db, Events.evaluationReviewed, {
    evaluation_id: id,
    user_id: before.user_id,
    approval_status: after.approval_status,
  });
  await db.query(`UPDATE evaluations SET review_event_id = $2 WHERE id = $1`, [id, eventId]);
}

export class AdminStore {
  constructor(private readonly pool: Pool) {}

  /**
   * A page of the submissions matching the filter, newest first, as lists show them (after `cursor`
   * when given: keyset, never an offset); how many match in all (from the rollup; a search counts
   * its matches up to SEARCH_COUNT_LIMIT, `total_capped` beyond); and the next page's cursor.
   */
  async list(
    f: AdminEvaluationQuery & { limit: number },
  ): Promise<{ rows: ListRow[]; total: number; total_capped?: boolean; next_cursor: string | null }> {
    const filter = adminFilter(f);
    const pageParams = [...filter.params];
    const after = keysetAfter(f.cursor, pageParams);
    const page = this.pool.query<ListRow & { cursor_at: string }>(
      newestMatching(`${LIST_COLUMNS}, ${keysetAt()}`, filter, after, Math.floor(f.limit) + 1),
      pageParams,
    );
    if (filter.search) {
      const paged = keysetPage((await page).rows, Math.floor(f.limit), (r) => r.id);
      // a first page holding every match is its own count
      const { total, capped } =
        !f.cursor && !paged.next_cursor ? capAt(paged.rows.length) : await countMatching(this.pool, { ...filter, search: filter.search });
      return { rows: paged.rows as ListRow[], total, ...(capped ? { total_capped: true } : {}), next_cursor: paged.next_cursor };
    }
    const [list, total] = await Promise.all([
      page,
      createdCount(this.pool, {}, { statuses: f.status && shownStatuses(f.status), essay_type: f.essay_type, user_type: f.user_type }),
    ]);
    const paged = keysetPage(list.rows, Math.floor(f.limit), (r) => r.id);
    return { rows: paged.rows as ListRow[], total, next_cursor: paged.next_cursor };
  }

  /** The submissions screen's counters, from the rollup (completions of the last two weeks: their partial ends from the rows). */
  async stats(now = new Date()): Promise<AdminEvaluationStats> {
    const week = 7 * 86_400_000;
    const [byKey, thisWeek, previousWeek] = await Promise.all([
      this.pool.query(
        `SELECT status, approval, essay_type, coalesce(sum(n), 0)::int AS n FROM evaluation_rollup
         WHERE kind = 'created' GROUP BY 1, 2, 3 HAVING sum(n) <> 0`,
      ),
      completedBetween(this.pool, new Date(now.getTime() - week), new Date(now.getTime() + 1)),
      completedBetween(this.pool, new Date(now.getTime() - 2 * week), new Date(now.getTime() - week)),
    ]);
    const sum = (pick: (r: { status: string; approval: string; essay_type: string }) => boolean) =>
      byKey.rows.filter(pick).reduce((a, r) => a + r.n, 0);
    return {
      total: sum(() => true),
      completed: sum((r) => r.status === 'completed'),
      processing: sum((r) => r.status === 'pending' || r.status === 'processing'),
      failed: sum((r) => r.status === 'failed'),
      by_type: { ee: sum((r) => r.essay_type === 'ee'), tok: sum((r) => r.essay_type === 'tok') },
      by_approval: {
        pending_review: sum((r) => r.approval === 'pending_review'),
        under_review: sum((r) => r.approval === 'under_review'),
        approved: sum((r) => r.approval === 'approved'),
        rejected: sum((r) => r.approval === 'rejected'),
      },
      completed_this_week: thisWeek,
      completed_previous_week: previousWeek,
    };
  }

  /**
   * Saves an admin's review fields (and, when the student is due one, the review mail's event, in
   * the same transaction); false when the row is gone.
   */
  async saveReview(id: string, c: ReviewChanges, reviewer: string): Promise<boolean> {
    return withTransaction(this.pool, async (db) => {
      const before = await lockReview(db, id);
      if (!before) return false;
      const after = {
        approval_status: before.approval_status,
        ai_feedback: c.ai_feedback ?? before.ai_feedback,
        admin_notes: c.admin_notes ?? before.admin_notes,
        notes_for_student: c.notes_for_student ?? before.notes_for_student,
      };
      await db.query(
        `UPDATE evaluations SET
           ai_feedback = $2, overall_score = COALESCE($3, overall_score), results = COALESCE($4::jsonb, results),
           admin_notes = $5, notes_for_student = $6, feedback_at = CASE WHEN $7 THEN now() ELSE feedback_at END,
           reviewed_by = $8, reviewed_at = now(), updated_at = now()
         WHERE id = $1`,
        [
          id,
          after.ai_feedback,
          c.overall_score ?? null,
          c.results ? JSON.stringify(c.results) : null,
          after.admin_notes,
          after.notes_for_student,
          feedbackChanged(before, after),
          reviewer,
        ],
      );
      await announceReview(db, id, before, after);
      return true;
    });
  }

  /**
   * Approve or reject a completed evaluation; false when it is not (or no longer) completed. Notes
   * sent replace the admin notes and say whether the student sees them (`forStudent`); no notes
   * keep both as they were.
   */
  async decide(
    id: string,
    decision: 'approved' | 'rejected',
    notes: { text: string; forStudent: boolean } | undefined,
    reviewer: string,
  ): Promise<boolean> {
    return withTransaction(this.pool, async (db) => {
      const before = await lockReview(db, id);
      if (!before) return false;
      const after = {
        approval_status: decision,
        ai_feedback: before.ai_feedback,
        admin_notes: notes ? notes.text : before.admin_notes,
        notes_for_student: notes ? notes.forStudent : before.notes_for_student,
      };
      const res = await db.query(
        `UPDATE evaluations SET approval_status = $2, admin_notes = $3, notes_for_student = $4,
           feedback_at = CASE WHEN $5 THEN now() ELSE feedback_at END,
           decided_at = now(), reviewed_by = $6, reviewed_at = now(), updated_at = now()
         WHERE id = $1 AND status = 'completed'`,
        [id, decision, after.admin_notes, after.notes_for_student, feedbackChanged(before, after), reviewer],
      );
      if (res.rowCount !== 1) return false;
      await announceReview(db, id, before, after);
      return true;
    });
  }

  /** The stored essay texts of these evaluations (CSV export with essay content). */
  async essayTexts(db: Queryable, ids: string[]): Promise<Map<string, string>> {
    const { rows } = await db.query<{ id: string; essay_text: string | null }>(
      `SELECT id, essay_text FROM evaluations WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.essay_text ?? '']));
  }
}
