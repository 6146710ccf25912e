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
];
