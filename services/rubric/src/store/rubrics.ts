import type { Pool } from 'pg';
import type {
  EssayType,
  Rubric,
  RubricSnapshot,
  RubricStatus,
  RubricTexts,
  RubricTranslations,
  ScoringStructure,
} from '@corestone/contracts';
import { newId, withTransaction, type Queryable } from '@corestone/service-kit';
import { SEED_REVISION, SEED_RUBRICS } from '../domain/seeds';
import { criteriaText } from '../domain/criteria-text';
import { TRANSLATED_LOCALES, seedTranslationFor, type EnglishTexts } from '../domain/translations';

interface Row {
  id: string;
  default_key: string | null;
  title: string;
  description: string;
  rubric_type: EssayType;
  status: RubricStatus;
  version: number;
  criteria_text: string;
  scoring_structure: ScoringStructure;
  submission_count: number;
  translations: RubricTranslations;
  is_default: boolean;
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
  is_default: r.is_default,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  language: 'en',
  translations: r.translations,
});

const SELECT = `SELECT r.*, (d.rubric_id IS NOT NULL) AS is_default
  FROM rubrics r LEFT JOIN type_defaults d ON d.rubric_id = r.id AND d.rubric_type = r.rubric_type`;
/** Defaults first, then by type and age, so every list reads the same way. */
const ORDER = `ORDER BY r.rubric_type, (d.rubric_id IS NULL), r.created_at, r.id`;

export interface NewRubric {
  title: string;
  description: string;
  rubric_type: EssayType;
  status: RubricStatus;
  criteria_text: string;
  scoring_structure: ScoringStructure;
  translations?: RubricTranslations;
}

export type RubricChanges = Partial<
  Pick<NewRubric, 'title' | 'description' | 'status' | 'criteria_text' | 'scoring_structure' | 'translations'>
>;

/** Why a change was refused; the routes turn each into its message. */
export type Refusal = 'not_found' | 'is_default' | 'in_use' | 'not_active';

/** Told, inside the write's transaction, which rubrics' `rpc.rubric.get_snapshot` answers it changed (peers/snapshot-changes.ts). */
export type SnapshotsChanged = (db: Queryable, ids: string[]) => Promise<void>;

export class RubricStore {
  constructor(
    private readonly pool: Pool,
    /** Every write below that changes a snapshot calls it in its transaction, before it commits. */
    private readonly snapshotsChanged: SnapshotsChanged = async () => undefined,
  ) {}

  /**
   * Inserts the seeded rubrics once (replicas racing here insert each exactly once), brings seeded
   * rows no admin has edited up to the current seed text (a new version), and sets each type's
   * default on a new installation.
   */
  async seedDefaults(): Promise<void> {
    for (const seed of SEED_RUBRICS) {
      await this.pool.query(
        `INSERT INTO rubrics (id, default_key, title, description, rubric_type, criteria_text, scoring_structure, seed_revision)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (default_key) DO UPDATE SET
           title = EXCLUDED.title, description = EXCLUDED.description, criteria_text = EXCLUDED.criteria_text,
           scoring_structure = EXCLUDED.scoring_structure, seed_revision = EXCLUDED.seed_revision,
           translations = '{}', version = rubrics.version + 1, updated_at = now()
         WHERE NOT rubrics.edited AND rubrics.seed_revision < EXCLUDED.seed_revision`,
        [
          newId(),
          seed.key,
          seed.title,
          seed.description,
          seed.rubric_type,
          criteriaText(seed.scoring_structure.criteria),
          JSON.stringify(seed.scoring_structure),
          SEED_REVISION,
        ],
      );
      if (seed.translations) await this.addSeedTranslations(seed.key, seed, seed.translations);
      if (seed.default_for_type) {
        await this.pool.query(
          `INSERT INTO type_defaults (rubric_type, rubric_id) SELECT rubric_type, id FROM rubrics WHERE default_key = $1
           ON CONFLICT (rubric_type) DO NOTHING`,
          [seed.key],
        );
      }
    }
    // This runs after the migrations on every start: they and the seeds may have changed any rubric.
    await withTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(`SELECT id FROM rubrics`);
      const ids = rows.map((r) => r.id);
      await this.snapshotsChanged(tx, ids);
    });
  }

  /**
   * Gives a seeded row the seed's translation of each language it has none of (never set, never
   * removed by an admin: a removal is stored as an empty translation), limited to the texts whose
   * English is still the seed's. An admin's translation is never overwritten; the version does not
   * change (translations are not in the snapshot graders use).
   */
  private async addSeedTranslations(key: string, seed: EnglishTexts, translations: RubricTranslations): Promise<void> {
    const { rows } = await this.pool.query<EnglishTexts & { id: string; translations: RubricTranslations }>(
      `SELECT id, title, description, scoring_structure, translations FROM rubrics WHERE default_key = $1`,
      [key],
    );
    const row = rows[0];
    if (!row) return;
    const missing: RubricTranslations = {};
    for (const locale of TRANSLATED_LOCALES) {
      const t = translations[locale];
      if (t && !(locale in row.translations)) missing[locale] = seedTranslationFor(row, seed, t);
    }
    const locales = Object.keys(missing);
    if (!locales.length) return;
    // Replicas starting together compute the same texts; the condition keeps an admin's write made meanwhile.
    await this.pool.query(`UPDATE rubrics SET translations = translations || $2::jsonb WHERE id = $1 AND NOT translations ?| $3`, [
      row.id,
      JSON.stringify(missing),
      locales,
    ]);
  }

  async list(filter: { rubric_type?: EssayType; status?: RubricStatus }): Promise<Rubric[]> {
    const { rows } = await this.pool.query<Row>(
      `${SELECT} WHERE ($1::text IS NULL OR r.rubric_type = $1) AND ($2::text IS NULL OR r.status = $2) ${ORDER}`,
      [filter.rubric_type ?? null, filter.status ?? null],
    );
    return rows.map(toRubric);
  }

  async get(id: string): Promise<Rubric | null> {
    const { rows } = await this.pool.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
    return rows[0] ? toRubric(rows[0]) : null;
  }

  async defaultOf(type: EssayType): Promise<Rubric | null> {
    const { rows } = await this.pool.query<Row>(`${SELECT} WHERE d.rubric_type = $1`, [type]);
    return rows[0] ? toRubric(rows[0]) : null;
  }

  async create(input: NewRubric): Promise<Rubric> {
    const id = newId();
    await this.pool.query(
      `INSERT INTO rubrics (id, title, description, rubric_type, status, criteria_text, scoring_structure, translations, edited)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true)`,
      [
        id,
        input.title,
        input.description,
        input.rubric_type,
        input.status,
        input.criteria_text,
        JSON.stringify(input.scoring_structure),
        JSON.stringify(input.translations ?? {}),
      ],
    );
    return (await this.get(id))!;
  }

  /** Applies the changes as a new version; the default of a type stays active. */
  async update(id: string, changes: RubricChanges): Promise<Rubric | Refusal> {
    return withTransaction(this.pool, async (tx): Promise<Rubric | Refusal> => {
      const { rows } = await tx.query<Row>(`${SELECT} WHERE r.id = $1 FOR UPDATE OF r`, [id]);
      const row = rows[0];
      if (!row) return 'not_found';
      if (row.is_default && changes.status && changes.status !== 'active') return 'is_default';
      await tx.query(
        `UPDATE rubrics SET
           title = COALESCE($2, title), description = COALESCE($3, description), status = COALESCE($4, status),
           criteria_text = COALESCE($5, criteria_text), scoring_structure = COALESCE($6::jsonb, scoring_structure),
           translations = COALESCE($7::jsonb, translations), version = version + 1, edited = true, updated_at = now()
         WHERE id = $1`,
        [
          id,
          changes.title ?? null,
          changes.description ?? null,
          changes.status ?? null,
          changes.criteria_text ?? null,
          changes.scoring_structure ? JSON.stringify(changes.scoring_structure) : null,
          changes.translations ? JSON.stringify(changes.translations) : null,
        ],
      );
      const updated = await tx.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
      await this.snapshotsChanged(tx, [id]);
      return toRubric(updated.rows[0]);
    });
  }

  /** Deletes a rubric no evaluation uses and that is not its type's default. */
  async delete(id: string): Promise<true | Refusal> {
    return withTransaction(this.pool, async (tx): Promise<true | Refusal> => {
      const { rows } = await tx.query<Row>(`${SELECT} WHERE r.id = $1 FOR UPDATE OF r`, [id]);
      if (!rows[0]) return 'not_found';
      if (rows[0].is_default) return 'is_default';
      const used = await tx.query(`SELECT 1 FROM rubric_usage WHERE rubric_id = $1 AND deleted_at IS NULL LIMIT 1`, [id]);
      if (used.rowCount) return 'in_use';
      await tx.query(`DELETE FROM rubrics WHERE id = $1`, [id]);
      await this.snapshotsChanged(tx, [id]);
      return true;
    });
  }

  async makeDefault(id: string): Promise<Rubric | Refusal> {
    return withTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<Row>(`${SELECT} WHERE r.id = $1 FOR UPDATE OF r`, [id]);
      const row = rows[0];
      if (!row) return 'not_found';
      if (row.status !== 'active') return 'not_active';
      await tx.query(
        `INSERT INTO type_defaults (rubric_type, rubric_id) VALUES ($1, $2)
         ON CONFLICT (rubric_type) DO UPDATE SET rubric_id = EXCLUDED.rubric_id, updated_at = now()`,
        [row.rubric_type, id],
      );
      return toRubric({ ...row, is_default: true });
    });
  }

  /** How many rubrics are in each status (the admin dashboard's "Active Rubrics"). */
  async counts(): Promise<{ active: number; draft: number; deprecated: number }> {
    const { rows } = await this.pool.query<{ active: number; draft: number; deprecated: number }>(
      `SELECT count(*) FILTER (WHERE status = 'active')::int AS active,
              count(*) FILTER (WHERE status = 'draft')::int AS draft,
              count(*) FILTER (WHERE status = 'deprecated')::int AS deprecated
       FROM rubrics`,
    );
    return rows[0];
  }

  /**
   * What evaluation grades against (`rubric.get_snapshot`, on a miss of its cache): only the columns
   * it needs, without the default's join, the criteria text or the dates a full rubric carries;
   * named, so it is prepared once per connection rather than planned on every call.
   */
  async snapshot(id: string): Promise<{ rubric: RubricSnapshot; is_active: boolean } | null> {
    const { rows } = await this.pool.query<RubricSnapshot & { status: RubricStatus }>({
      name: 'rubric-snapshot',
      text: `SELECT id, title, rubric_type, scoring_structure, version, status FROM rubrics WHERE id = $1`,
      values: [id],
    });
    const row = rows[0];
    if (!row) return null;
    const { status, ...rubric } = row;
    return { rubric, is_active: status === 'active' };
  }

  /**
   * A rubric's current English texts and translations, any status (`rubric.texts`, issue 36): what
   * evaluation shows stored results in a reader's language with. Named, like the snapshot.
   */
  async texts(id: string): Promise<RubricTexts | null> {
    const { rows } = await this.pool.query<RubricTexts>({
      name: 'rubric-texts',
      text: `SELECT id, version, title, scoring_structure, translations FROM rubrics WHERE id = $1`,
      values: [id],
    });
    return rows[0] ?? null;
  }
}
