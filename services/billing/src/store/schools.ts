import type { Pool } from 'pg';
import type { EventData, Events, MembershipStatus, SchoolRole } from '@corestone/contracts';
import { processedMarkSql } from '@corestone/service-kit';
import type { SchoolStanding } from '../domain/credit-source';

type SchoolChanged = EventData<typeof Events.schoolsSchoolChanged>;
type MembershipChanged = EventData<typeof Events.schoolsMembershipChanged>;
type ClassChanged = EventData<typeof Events.schoolsClassChanged>;

/** Where an event sits: its id (the processed mark) and its stream sequence (the newest state wins). */
export interface EventPosition {
  consumer: string;
  eventId: string;
  seq: number;
}

/**
 * Billing's copy of the schools service's data it decides with: each school's settings and each
 * user's membership. Each event is applied by one statement that records it as processed (the
 * kit's processedMarkSql) and changes the row only when the event is newer in the stream than
 * what the row holds: a redelivered, duplicated or late event never brings an older state back.
 */
export class SchoolCopyStore {
  constructor(private readonly pool: Pool) {}

  /** Answers whether the event changed the copy. */
  async applySchool(at: EventPosition, data: SchoolChanged): Promise<boolean> {
    const s = data.settings;
    const { rowCount } = await this.pool.query(
      `WITH first AS (${processedMarkSql(1)})
       INSERT INTO schools (school_id, name, students_may_buy_credits, ai_grader_enabled, pool_enabled, pool_cap_per_student, stream_seq)
       SELECT $3::text, $4::text, $5::boolean, $6::boolean, $7::boolean, $8::int, $9::bigint FROM first
       ON CONFLICT (school_id) DO UPDATE SET name = EXCLUDED.name,
         students_may_buy_credits = EXCLUDED.students_may_buy_credits, ai_grader_enabled = EXCLUDED.ai_grader_enabled,
         pool_enabled = EXCLUDED.pool_enabled, pool_cap_per_student = EXCLUDED.pool_cap_per_student,
         stream_seq = EXCLUDED.stream_seq, updated_at = now()
       WHERE schools.stream_seq < EXCLUDED.stream_seq`,
      [
        at.consumer,
        at.eventId,
        data.school_id,
        data.name,
        s.students_may_buy_credits,
        s.ai_grader_enabled,
        s.pool_enabled,
        s.pool_cap_per_student,
        at.seq,
      ],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Answers whether the event changed the copy. */
  async applyMembership(at: EventPosition, data: MembershipChanged): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `WITH first AS (${processedMarkSql(1)})
       INSERT INTO school_members (user_id, school_id, school_role, status, stream_seq)
       SELECT $3::text, $4::text, $5::text, $6::text, $7::bigint FROM first
       ON CONFLICT (user_id) DO UPDATE SET school_id = EXCLUDED.school_id, school_role = EXCLUDED.school_role,
         status = EXCLUDED.status, stream_seq = EXCLUDED.stream_seq, updated_at = now()
       WHERE school_members.stream_seq < EXCLUDED.stream_seq`,
      [at.consumer, at.eventId, data.user_id, data.school_id, data.school_role, data.status, at.seq],
    );
    return (rowCount ?? 0) > 0;
  }

  /** A class's pool cap (schools.class_changed.v1). Answers whether the event changed the copy. */
  async applyClass(at: EventPosition, data: ClassChanged): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `WITH first AS (${processedMarkSql(1)})
       INSERT INTO school_classes (class_id, school_id, pool_cap, stream_seq)
       SELECT $3::text, $4::text, $5::int, $6::bigint FROM first
       ON CONFLICT (class_id) DO UPDATE SET school_id = EXCLUDED.school_id, pool_cap = EXCLUDED.pool_cap,
         stream_seq = EXCLUDED.stream_seq, updated_at = now()
       WHERE school_classes.stream_seq < EXCLUDED.stream_seq`,
      [at.consumer, at.eventId, data.class_id, data.school_id, data.pool_cap, at.seq],
    );
    return (rowCount ?? 0) > 0;
  }

  /** The user's school as the copy knows it; null when no membership event ever named the user. */
  async standingOf(userId: string): Promise<SchoolStanding | null> {
    const { rows } = await this.pool.query<{
      school_id: string | null;
      school_role: SchoolRole | null;
      status: MembershipStatus | null;
      known: boolean;
      students_may_buy_credits: boolean;
      ai_grader_enabled: boolean;
      pool_enabled: boolean;
      pool_cap_per_student: number | null;
    }>(
      `SELECT m.school_id, m.school_role, m.status, s.school_id IS NOT NULL AS known,
              s.students_may_buy_credits, s.ai_grader_enabled, s.pool_enabled, s.pool_cap_per_student
       FROM school_members m LEFT JOIN schools s ON s.school_id = m.school_id WHERE m.user_id = $1`,
      [userId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      schoolId: r.school_id,
      role: r.school_role,
      status: r.status,
      settings: r.known
        ? {
            students_may_buy_credits: r.students_may_buy_credits,
            ai_grader_enabled: r.ai_grader_enabled,
            pool_enabled: r.pool_enabled,
            pool_cap_per_student: r.pool_cap_per_student,
          }
        : null,
    };
  }

  /** Whether a school_changed event for this school has been applied. */
  async knows(schoolId: string): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM schools WHERE school_id = $1`, [schoolId]);
    return rows.length > 0;
  }
}
