import type { Pool } from 'pg';
import type { EssayType, Rubric, RubricSnapshot } from '@corestone/contracts';
import { newId } from '@corestone/service-kit';
import { DEFAULT_RUBRICS, criteriaText } from '../domain/defaults';

interface Row {
  id: string;
  default_key: string | null;
  title: string;
  description: string;
  rubric_type: EssayType;
  status: Rubric['status'];
  version: number;
  criteria_text: string;
  scoring_structure: Rubric['scoring_structure'];
  submission_count: number;
  created_at: Date;
  updated_at: Date;
}

const toRubric = (r: Row): Rubric => ({
  id: r.id,
  title: r.title,
  description: r.description,
  rubric_type: r.rubric_type,
  status: r.status,
  is_active: r.status === 'active',
  version: r.version,
  criteria_text: r.criteria_text,
  scoring_structure: r.scoring_structure,
  submission_count: r.submission_count,
  is_default: r.default_key !== null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export class RubricStore {
  constructor(private readonly pool: Pool) {}

  /** Inserts the spec's default rubrics once; replicas racing here insert each exactly once. */
  async seedDefaults(): Promise<void> {
    for (const d of DEFAULT_RUBRICS) {
      await this.pool.query(
        `INSERT INTO rubrics (id, default_key, title, description, rubric_type, criteria_text, scoring_structure)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (default_key) DO NOTHING`,
        [newId(), d.key, d.title, d.description, d.rubric_type, criteriaText(d.scoring_structure), JSON.stringify(d.scoring_structure)],
      );
    }
  }

  async listActive(type?: EssayType): Promise<Rubric[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM rubrics WHERE status = 'active' AND ($1::text IS NULL OR rubric_type = $1)
       ORDER BY default_key NULLS LAST, created_at`,
      [type ?? null],
    );
    return rows.map(toRubric);
  }

  async get(id: string): Promise<Rubric | null> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM rubrics WHERE id = $1`, [id]);
    return rows[0] ? toRubric(rows[0]) : null;
  }

  async snapshot(id: string): Promise<(RubricSnapshot & { is_active: boolean }) | null> {
    const rubric = await this.get(id);
    if (!rubric) return null;
    return {
      id: rubric.id,
      title: rubric.title,
      rubric_type: rubric.rubric_type,
      scoring_structure: rubric.scoring_structure,
      is_active: rubric.is_active,
    };
  }
}
