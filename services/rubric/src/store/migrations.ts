import type { Migration } from '@corestone/service-kit';

export const migrations: Migration[] = [
  {
    id: '001-rubrics',
    sql: `
      CREATE TABLE rubrics (
        id uuid PRIMARY KEY,
        default_key text UNIQUE,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        rubric_type text NOT NULL CHECK (rubric_type IN ('ee', 'tok')),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'draft', 'deprecated')),
        version int NOT NULL DEFAULT 1,
        criteria_text text NOT NULL DEFAULT '',
        scoring_structure jsonb NOT NULL,
        submission_count int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX rubrics_type_status ON rubrics (rubric_type, status);`,
  },
  {
    // The first seeded EE rubric held the 34-point Corestone scheme under the IB 2027 name; the
    // seeds now carry real IB 2027 criteria separately, so the old rows get the names they deserve.
    id: '002-management',
    sql: `
      UPDATE rubrics SET title = 'Extended Essay — Corestone default (34 points)', updated_at = now()
        WHERE default_key = 'default-ee' AND title = 'IB Extended Essay (2027 criteria)';
      UPDATE rubrics SET title = 'TOK — Corestone default (10 points)', updated_at = now()
        WHERE default_key = 'default-tok' AND title = 'IB Theory of Knowledge Essay';
      ALTER TABLE rubrics
        ADD COLUMN seed_revision int NOT NULL DEFAULT 0,
        ADD COLUMN edited boolean NOT NULL DEFAULT false;
      CREATE TABLE type_defaults (
        rubric_type text PRIMARY KEY CHECK (rubric_type IN ('ee', 'tok')),
        rubric_id uuid NOT NULL REFERENCES rubrics (id),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE rubric_usage (
        evaluation_id text PRIMARY KEY,
        rubric_id text NOT NULL,
        counted boolean NOT NULL DEFAULT false,
        submitted_at timestamptz,
        max_points numeric,
        score numeric,
        completed_at timestamptz,
        deleted_at timestamptz
      );
      CREATE INDEX rubric_usage_rubric ON rubric_usage (rubric_id);`,
  },
  {
    // Issue 33 §3: marked exemplars of a rubric (gone with their rubric).
    id: '003-exemplars',
    sql: `
      CREATE TABLE rubric_exemplars (
        id uuid PRIMARY KEY,
        rubric_id uuid NOT NULL REFERENCES rubrics (id) ON DELETE CASCADE,
        title text NOT NULL,
        text text NOT NULL,
        marks jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX rubric_exemplars_rubric ON rubric_exemplars (rubric_id, created_at, id);`,
  },
  {
    // Issue 36: French and Spanish texts by language (domain/translations.ts); the seeds' are added on start-up.
    id: '004-translations',
    sql: `ALTER TABLE rubrics ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;`,
  },
];
