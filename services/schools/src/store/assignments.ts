import type { Pool } from 'pg';
import type { Assignment, AssignmentKind, EssayType, ReleaseMode, StudentRef } from '@corestone/contracts';
import { newId, withTransaction, type Queryable } from '@corestone/service-kit';
import type { AssignmentMailKind } from '../domain/assignments';

/**
 * Assignments of classes and the sent-markers of their mails (issue 31). An assignment is read
 * with its class (name, school) and the school's time zone; an assignment of an archived class
 * reads as archived (its `archived_at` is the class's), so a class archive closes its work
 * everywhere without touching the assignments themselves. The use cases (app/) decide; this file
 * only reads and writes.
 */

export interface NewAssignment {
  class_id: string;
  title: string;
  instructions: string;
  essay_type: EssayType;
  rubric_id: string;
  kind: AssignmentKind;
  opens_at: Date | null;
  due_at: Date;
  allow_late: boolean;
  release_mode: ReleaseMode;
  show_ai_marks: boolean;
  created_by: string;
}

export interface AssignmentChange {
  title?: string;
  instructions?: string;
  opens_at: Date | null;
  due_at: Date;
  release_mode?: ReleaseMode;
  allow_late?: boolean;
  show_ai_marks?: boolean;
  archived?: boolean;
}

/** A row as read: the stored columns, its class's name, school and archive, the school's zone. */
interface AssignmentRow extends NewAssignment {
  id: string;
  school_id: string;
  class_name: string;
  time_zone: string;
  archived_at: Date | null;
  class_archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An assignment as read, and whether it is archived only because its class is. */
export interface StoredAssignment {
  assignment: Assignment;
  class_archived: boolean;
}

const SELECT = `
  SELECT a.id, a.class_id, c.school_id, c.name AS class_name, a.title, a.instructions, a.essay_type, a.rubric_id, a.kind,
    a.opens_at, a.due_at, s.time_zone, a.allow_late, a.release_mode, a.show_ai_marks, a.created_by, a.archived_at,
    c.archived_at AS class_archived_at, a.created_at, a.updated_at
  FROM assignments a JOIN classes c ON c.id = a.class_id JOIN schools s ON s.id = c.school_id`;
/** Archived itself or through its class. */
const CURRENT = `a.archived_at IS NULL AND c.archived_at IS NULL`;

const iso = (d: Date) => d.toISOString();

function toStored(r: AssignmentRow): StoredAssignment {
  const archived = r.archived_at ?? r.class_archived_at;
  return {
    assignment: {
      id: r.id,
      class_id: r.class_id,
      school_id: r.school_id,
      class_name: r.class_name,
      title: r.title,
      instructions: r.instructions,
      essay_type: r.essay_type,
      rubric_id: r.rubric_id,
      kind: r.kind,
      opens_at: r.opens_at ? iso(r.opens_at) : null,
      due_at: iso(r.due_at),
      time_zone: r.time_zone,
      allow_late: r.allow_late,
      release_mode: r.release_mode,
      show_ai_marks: r.show_ai_marks,
      created_by: r.created_by,
      archived_at: archived ? iso(archived) : null,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    },
    class_archived: r.class_archived_at !== null,
  };
}

/** A student and assignment the scheduler may mail, with when that student's "open" mail went (if it did). */
export interface MailCandidate {
  assignment_id: string;
  user_id: string;
  opened_mail_at: Date | null;
}

export class AssignmentStore {
  constructor(
    private readonly db: Queryable,
    private readonly pool: Pool | null = null,
  ) {}

  /** `fn` with a store whose statements run in one transaction. */
  transaction<T>(fn: (tx: AssignmentStore) => Promise<T>): Promise<T> {
    if (!this.pool) return fn(this);
    return withTransaction(this.pool, (client) => fn(new AssignmentStore(client)));
  }

  async create(a: NewAssignment): Promise<string> {
    const id = newId();
    await this.db.query(
      `INSERT INTO assignments (id, class_id, title, instructions, essay_type, rubric_id, kind, opens_at, due_at, allow_late,
         release_mode, show_ai_marks, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        id,
        a.class_id,
        a.title,
        a.instructions,
        a.essay_type,
        a.rubric_id,
        a.kind,
        a.opens_at,
        a.due_at,
        a.allow_late,
        a.release_mode,
        a.show_ai_marks,
        a.created_by,
      ],
    );
    return id;
  }

  async get(id: string, opts: { lock?: boolean } = {}): Promise<StoredAssignment | null> {
    if (opts.lock) await this.db.query(`SELECT 1 FROM assignments WHERE id = $1 FOR UPDATE`, [id]);
    const { rows } = await this.db.query<AssignmentRow>(`${SELECT} WHERE a.id = $1`, [id]);
    return rows[0] ? toStored(rows[0]) : null;
  }

  /** A class's assignments by deadline; `archived`: true only archived ones, false only current ones, absent both. */
  async listOfClass(classId: string, archived?: boolean): Promise<Assignment[]> {
    const { rows } = await this.db.query<AssignmentRow>(
      `${SELECT} WHERE a.class_id = $1
         AND ($2::boolean IS NULL OR (${CURRENT}) <> $2)
       ORDER BY a.due_at, a.created_at, a.id`,
      [classId, archived ?? null],
    );
    return rows.map((r) => toStored(r).assignment);
  }

  async update(id: string, change: AssignmentChange): Promise<void> {
    await this.db.query(
      `UPDATE assignments SET
         title = COALESCE($2, title),
         instructions = COALESCE($3, instructions),
         opens_at = $4,
         due_at = $5,
         release_mode = COALESCE($6, release_mode),
         allow_late = COALESCE($7, allow_late),
         show_ai_marks = COALESCE($8, show_ai_marks),
         archived_at = CASE WHEN $9::boolean IS NULL THEN archived_at WHEN $9 THEN COALESCE(archived_at, now()) ELSE NULL END,
         updated_at = now()
       WHERE id = $1`,
      [
        id,
        change.title ?? null,
        change.instructions ?? null,
        change.opens_at,
        change.due_at,
        change.release_mode ?? null,
        change.allow_late ?? null,
        change.show_ai_marks ?? null,
        change.archived ?? null,
      ],
    );
  }

  /** Current assignments of every class `userId` is a student of, as an active member of its school. */
  async ofStudent(userId: string): Promise<Assignment[]> {
    const { rows } = await this.db.query<AssignmentRow>(
      `${SELECT}
       JOIN class_members cm ON cm.class_id = a.class_id AND cm.user_id = $1 AND cm.role = 'student'
       JOIN memberships m ON m.user_id = cm.user_id AND m.school_id = c.school_id AND m.status = 'active'
       WHERE ${CURRENT}
       ORDER BY a.due_at, a.created_at, a.id`,
      [userId],
    );
    return rows.map((r) => toStored(r).assignment);
  }

  /** A class's current students: enrolled as students and active members of its school, by name. */
  async studentsOf(classId: string): Promise<StudentRef[]> {
    const { rows } = await this.db.query<StudentRef>(
      `SELECT m.user_id, m.name, m.email
       FROM class_members cm JOIN classes c ON c.id = cm.class_id
       JOIN memberships m ON m.user_id = cm.user_id AND m.school_id = c.school_id AND m.status = 'active'
       WHERE cm.class_id = $1 AND cm.role = 'student'
       ORDER BY lower(m.name), m.user_id`,
      [classId],
    );
    return rows;
  }

  /** The classes of a school `userId` teaches (archived ones too: agreement looks back). */
  async classesTaught(schoolId: string, userId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT c.id FROM class_members cm JOIN classes c ON c.id = cm.class_id
       WHERE c.school_id = $1 AND cm.user_id = $2 AND cm.role = 'teacher' ORDER BY c.id`,
      [schoolId, userId],
    );
    return rows.map((r) => r.id);
  }

  // ---- mails ----

  /**
   * Students (enrolled, active in the class's school) of current assignments that are open at
   * `now` — for `due_soon` also due within `windowMs` — who have no marker of `kind` yet; at most
   * `limit`, earliest deadline first. `exclude`: assignments left out of this pass.
   */
  async mailCandidates(
    kind: AssignmentMailKind,
    now: Date,
    windowMs: number,
    limit: number,
    exclude: readonly string[] = [],
  ): Promise<MailCandidate[]> {
    const { rows } = await this.db.query<MailCandidate>(
      `SELECT a.id AS assignment_id, cm.user_id, o.at AS opened_mail_at
       FROM assignments a
       JOIN classes c ON c.id = a.class_id
       JOIN class_members cm ON cm.class_id = a.class_id AND cm.role = 'student'
       JOIN memberships m ON m.user_id = cm.user_id AND m.school_id = c.school_id AND m.status = 'active'
       LEFT JOIN assignment_mails o ON o.assignment_id = a.id AND o.user_id = cm.user_id AND o.kind = 'opened' AND o.outcome = 'sent'
       WHERE ${CURRENT} AND COALESCE(a.opens_at, a.created_at) <= $2 AND a.due_at > $2
         AND ($1 = 'opened' OR a.due_at <= $2 + make_interval(secs => $3::double precision / 1000))
         AND NOT (a.id = ANY($5::uuid[]))
         AND NOT EXISTS (SELECT 1 FROM assignment_mails s WHERE s.assignment_id = a.id AND s.user_id = cm.user_id AND s.kind = $1)
       ORDER BY a.due_at, a.id, cm.user_id
       LIMIT $4`,
      [kind, now, windowMs, limit, exclude],
    );
    return rows;
  }

  /** Records the mail of `kind` to a student as sent or skipped; false when a marker was already there (sent by someone else). */
  async mark(m: {
    assignment_id: string;
    user_id: string;
    kind: AssignmentMailKind;
    outcome: 'sent' | 'skipped';
    reason?: string;
    at: Date;
  }) {
    const res = await this.db.query(
      `INSERT INTO assignment_mails (assignment_id, user_id, kind, outcome, reason, at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [m.assignment_id, m.user_id, m.kind, m.outcome, m.reason ?? null, m.at],
    );
    return res.rowCount === 1;
  }

  /** The markers of an assignment (tests and support: who got what). */
  async markers(
    assignmentId: string,
  ): Promise<Array<{ user_id: string; kind: AssignmentMailKind; outcome: string; reason: string | null }>> {
    const { rows } = await this.db.query(
      `SELECT user_id, kind, outcome, reason FROM assignment_mails WHERE assignment_id = $1 ORDER BY kind, user_id`,
      [assignmentId],
    );
    return rows;
  }
}
