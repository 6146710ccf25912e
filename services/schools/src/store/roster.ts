import type {
  ClassRole,
  MembershipStatus,
  RosterCounts,
  RosterImportResult,
  RosterImportStatus,
  RosterImportSummary,
  RosterRowError,
  SchoolRole,
} from '@corestone/contracts';
import type { Pool } from 'pg';
import { withTransaction } from '@corestone/service-kit';

/**
 * Roster imports' tables (store/roster-migrations.ts): the links between members/classes and
 * roster records, and the import history. It also reads a school's members, classes and
 * enrolments in one go for the planner, and writes the one field of a membership no use case of
 * the members' owns: the name the roster gives a member (the school's copy, not the account's).
 */

export interface MemberState {
  user_id: string;
  email: string;
  name: string;
  school_role: SchoolRole;
  status: MembershipStatus;
  awaiting: 'school' | 'member' | null;
  sourced_id: string | null;
}

export interface ClassState {
  id: string;
  name: string;
  subject: string | null;
  session: string | null;
  sourced_id: string | null;
}

export interface EnrolmentState {
  class_id: string;
  user_id: string;
  role: ClassRole;
}

export type LinkKind = 'member' | 'class';

/** Imports left `running` this long are taken for dead (their process stopped) and marked failed. */
const STALE_AFTER = '30 minutes';

interface ImportRow {
  id: string;
  dry_run: boolean;
  status: RosterImportSummary['status'];
  actor_id: string;
  actor_name: string | null;
  actor_email: string | null;
  started_at: Date;
  finished_at: Date | null;
  format: string | null;
  files: string[];
  rows: number;
  counts: RosterCounts | null;
  error_count: number;
  progress_done: number;
  progress_total: number;
}

export class RosterStore {
  constructor(private readonly db: Pool) {}

  /** The school as the planner sees it: every membership, the classes not archived, their enrolments. */
  async schoolState(schoolId: string): Promise<{ members: MemberState[]; classes: ClassState[]; enrolments: EnrolmentState[] }> {
    const [members, classes, enrolments] = await Promise.all([
      this.db.query<MemberState>(
        `SELECT m.user_id, m.email, m.name, m.school_role, m.status, m.awaiting, l.sourced_id
         FROM memberships m
         LEFT JOIN roster_links l ON l.school_id = m.school_id AND l.kind = 'member' AND l.entity_id = m.user_id
         WHERE m.school_id = $1`,
        [schoolId],
      ),
      this.db.query<ClassState>(
        `SELECT c.id, c.name, c.subject, c.session, l.sourced_id
         FROM classes c
         LEFT JOIN roster_links l ON l.school_id = c.school_id AND l.kind = 'class' AND l.entity_id = c.id
         WHERE c.school_id = $1 AND c.archived_at IS NULL
         ORDER BY c.created_at, c.id`,
        [schoolId],
      ),
      this.db.query<EnrolmentState>(
        `SELECT cm.class_id, cm.user_id, cm.role FROM class_members cm JOIN classes c ON c.id = cm.class_id
         WHERE c.school_id = $1 AND c.archived_at IS NULL`,
        [schoolId],
      ),
    ]);
    return { members: members.rows, classes: classes.rows, enrolments: enrolments.rows };
  }

  /** Links members or classes to roster records (an entity's earlier link and a record's earlier entity are replaced). */
  async link(schoolId: string, kind: LinkKind, links: ReadonlyArray<{ sourcedId: string; entityId: string }>): Promise<void> {
    if (!links.length) return;
    const sourced = links.map((l) => l.sourcedId);
    const entities = links.map((l) => l.entityId);
    await withTransaction(this.db, async (tx) => {
      await tx.query(
        `DELETE FROM roster_links WHERE kind = $2 AND ((school_id = $1 AND sourced_id = ANY($3::text[])) OR entity_id = ANY($4::uuid[]))`,
        [schoolId, kind, sourced, entities],
      );
      await tx.query(
        `INSERT INTO roster_links (school_id, kind, sourced_id, entity_id)
         SELECT $1, $2, s, e FROM unnest($3::text[], $4::uuid[]) AS t(s, e)`,
        [schoolId, kind, sourced, entities],
      );
    });
  }

  /** The member's name as the school shows it. */
  async renameMember(schoolId: string, userId: string, name: string): Promise<void> {
    await this.db.query(`UPDATE memberships SET name = $3, updated_at = now() WHERE school_id = $1 AND user_id = $2`, [
      schoolId,
      userId,
      name,
    ]);
  }

  /** A history row for a new import; false when an apply of the school is already running. */
  async startImport(i: { id: string; schoolId: string; actorId: string; dryRun: boolean; files: string[] }): Promise<boolean> {
    await this.db.query(
      `UPDATE roster_imports SET status = 'failed', finished_at = now()
       WHERE school_id = $1 AND status = 'running' AND started_at < now() - interval '${STALE_AFTER}'`,
      [i.schoolId],
    );
    const res = await this.db.query(
      `INSERT INTO roster_imports (id, school_id, actor_id, dry_run, status, files) VALUES ($1, $2, $3, $4, 'running', $5)
       ON CONFLICT DO NOTHING`,
      [i.id, i.schoolId, i.actorId, i.dryRun, i.files],
    );
    return res.rowCount === 1;
  }

  /**
   * How far an apply has got, with the counts and errors so far (`errors` cut by the caller; the
   * count whole). Batches in flight at once may note their progress out of order: it never goes back.
   */
  async progress(
    id: string,
    p: {
      done: number;
      total: number;
      format?: string;
      rows?: number;
      counts?: RosterCounts;
      errors?: RosterRowError[];
      errorCount?: number;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE roster_imports SET progress_done = GREATEST(progress_done, $2), progress_total = $3,
         format = COALESCE($4, format), rows = COALESCE($5, rows), counts = COALESCE($6, counts),
         errors = COALESCE($7, errors), error_count = COALESCE($8, error_count)
       WHERE id = $1 AND status = 'running'`,
      [
        id,
        p.done,
        p.total,
        p.format ?? null,
        p.rows ?? null,
        p.counts ? JSON.stringify(p.counts) : null,
        p.errors ? JSON.stringify(p.errors) : null,
        p.errorCount ?? null,
      ],
    );
  }

  /** The import's end: its counts, its errors (cut) and, when done, the whole result. */
  async finishImport(
    id: string,
    r: {
      status: 'done' | 'failed';
      format: string | null;
      rows: number;
      counts: RosterCounts | null;
      errorCount: number;
      errors?: RosterRowError[];
      result?: RosterImportResult;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE roster_imports SET status = $2, format = $3, rows = $4, counts = $5, error_count = $6, finished_at = now(),
         errors = COALESCE($7, errors), result = $8
       WHERE id = $1`,
      [
        id,
        r.status,
        r.format,
        r.rows,
        r.counts === null ? null : JSON.stringify(r.counts),
        r.errorCount,
        r.errors ? JSON.stringify(r.errors) : null,
        r.result ? JSON.stringify(r.result) : null,
      ],
    );
  }

  /** One import of the school with its errors and result; null when the school has no such import. */
  async getImport(schoolId: string, id: string): Promise<RosterImportStatus | null> {
    const { rows } = await this.db.query<ImportRow & { errors: RosterRowError[]; result: RosterImportResult | null }>(
      `SELECT ${IMPORT_COLUMNS}, i.errors, i.result ${IMPORT_FROM} WHERE i.school_id = $1 AND i.id = $2`,
      [schoolId, id],
    );
    const r = rows[0];
    return r ? { ...summaryOf(r), errors: r.errors, result: r.result } : null;
  }

  async listImports(schoolId: string, limit: number): Promise<RosterImportSummary[]> {
    const { rows } = await this.db.query<ImportRow>(
      `SELECT ${IMPORT_COLUMNS} ${IMPORT_FROM} WHERE i.school_id = $1 ORDER BY i.started_at DESC, i.id DESC LIMIT $2`,
      [schoolId, limit],
    );
    return rows.map(summaryOf);
  }
}

const IMPORT_COLUMNS = `i.id, i.dry_run, i.status, i.actor_id, m.name AS actor_name, m.email AS actor_email, i.started_at, i.finished_at,
  i.format, i.files, i.rows, i.counts, i.error_count, i.progress_done, i.progress_total`;
const IMPORT_FROM = `FROM roster_imports i LEFT JOIN memberships m ON m.user_id = i.actor_id`;

const summaryOf = (r: ImportRow): RosterImportSummary => ({
  id: r.id,
  dry_run: r.dry_run,
  status: r.status,
  by: { user_id: r.actor_id, name: r.actor_name, email: r.actor_email },
  started_at: r.started_at.toISOString(),
  finished_at: r.finished_at ? r.finished_at.toISOString() : null,
  format: r.format,
  files: r.files,
  rows: r.rows,
  counts: r.counts,
  error_count: r.error_count,
  progress: { done: r.progress_done, total: r.progress_total },
});
