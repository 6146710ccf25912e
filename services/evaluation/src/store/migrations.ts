import type { Migration } from '@corestone/service-kit';

export const migrations: Migration[] = [
  {
    id: '001-evaluations',
    sql: `
      CREATE TABLE evaluations (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        user_name text NOT NULL DEFAULT '',
        user_email text NOT NULL DEFAULT '',
        user_type text NOT NULL,
        file_name text NOT NULL,
        title text NOT NULL,
        essay_type text NOT NULL CHECK (essay_type IN ('ee', 'tok')),
        subject_area text NOT NULL DEFAULT '',
        status text NOT NULL CHECK (status IN ('charging', 'refused', 'pending', 'processing', 'completed', 'failed')),
        approval_status text NOT NULL DEFAULT 'pending_review'
          CHECK (approval_status IN ('pending_review', 'under_review', 'approved', 'rejected')),
        overall_score double precision,
        rubric_id text NOT NULL,
        rubric jsonb NOT NULL,
        essay_text text,
        word_count int NOT NULL DEFAULT 0,
        processing_time double precision,
        evaluation_time double precision,
        progress int NOT NULL DEFAULT 0,
        stage text,
        error_message text,
        suggestions jsonb NOT NULL DEFAULT '[]',
        admin_notes text,
        results jsonb,
        grader text,
        charge_attempts int NOT NULL DEFAULT 0,
        charge_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      );
      CREATE INDEX evaluations_user_created ON evaluations (user_id, created_at DESC);
      CREATE INDEX evaluations_charging ON evaluations (created_at) WHERE status = 'charging';`,
  },
];
