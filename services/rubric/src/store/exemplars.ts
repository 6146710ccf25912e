import type { Pool } from 'pg';
import { MAX_EXEMPLARS_PER_RUBRIC, type ExemplarMark, type RubricExemplar, type RubricExemplarInput } from '@corestone/contracts';
import { newId, withTransaction } from '@corestone/service-kit';

interface Row {
  id: string;
  rubric_id: string;
  title: string;
  text: string;
  marks: ExemplarMark[];
  created_at: Date;
}

const toExemplar = (r: Row): RubricExemplar => ({
  id: r.id,
  rubric_id: r.rubric_id,
  title: r.title,
  text: r.text,
  marks: r.marks,
  created_at: r.created_at.toISOString(),
});

/** Marked exemplars of a rubric (issue 33 §3), oldest first; deleted with their rubric (ON DELETE CASCADE). */
export class ExemplarStore {
  constructor(private readonly pool: Pool) {}

  /** Named: grading asks it for every model grading whose cache has expired. */
  async list(rubricId: string): Promise<RubricExemplar[]> {
    const { rows } = await this.pool.query<Row>({
      name: 'rubric-exemplars',
      text: `SELECT id, rubric_id, title, text, marks, created_at FROM rubric_exemplars WHERE rubric_id = $1 ORDER BY created_at, id`,
      values: [rubricId],
    });
    return rows.map(toExemplar);
  }

  /**
   * Adds one unless the rubric already holds MAX_EXEMPLARS_PER_RUBRIC ('limit'); the rubric's row is
   * locked so two additions at once cannot both pass the count. 'not_found' when the rubric is gone.
   */
  async add(rubricId: string, input: RubricExemplarInput): Promise<RubricExemplar | 'not_found' | 'limit'> {
    return withTransaction(this.pool, async (tx) => {
      const rubric = await tx.query(`SELECT 1 FROM rubrics WHERE id = $1 FOR UPDATE`, [rubricId]);
      if (!rubric.rowCount) return 'not_found' as const;
      const { rows: counted } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM rubric_exemplars WHERE rubric_id = $1`, [
        rubricId,
      ]);
      if (counted[0].n >= MAX_EXEMPLARS_PER_RUBRIC) return 'limit' as const;
      const { rows } = await tx.query<Row>(
        `INSERT INTO rubric_exemplars (id, rubric_id, title, text, marks) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, rubric_id, title, text, marks, created_at`,
        [newId(), rubricId, input.title, input.text, JSON.stringify(input.marks)],
      );
      return toExemplar(rows[0]);
    });
  }

  /** true when the rubric held that exemplar. */
  async delete(rubricId: string, exemplarId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(`DELETE FROM rubric_exemplars WHERE id = $1 AND rubric_id = $2`, [exemplarId, rubricId]);
    return (rowCount ?? 0) > 0;
  }
}
