import type { Migration } from '@corestone/service-kit';

/**
 * Roster imports (issue 30, bulk onboarding): which member and class stands for which roster
 * record (its OneRoster sourcedId, or `csv:<email>` / `csv:<class name>` from the one-file CSV),
 * and each import's history row (who, when, what it counted, how far an apply has got).
 */
export const rosterMigrations: Migration[] = [
  {
    id: '002-roster-imports',
    sql: `
      CREATE TABLE roster_links (
        school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('member', 'class')),
        sourced_id text NOT NULL,
        entity_id uuid NOT NULL,
        PRIMARY KEY (school_id, kind, sourced_id)
      );
      -- A member or class stands for one roster record.
      CREATE UNIQUE INDEX roster_links_entity ON roster_links (kind, entity_id);
      CREATE TABLE roster_imports (
        id uuid PRIMARY KEY,
        school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
        actor_id uuid NOT NULL,
        dry_run boolean NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
        format text,
        files text[] NOT NULL,
        rows integer NOT NULL DEFAULT 0,
        counts jsonb,
        error_count integer NOT NULL DEFAULT 0,
        progress_done integer NOT NULL DEFAULT 0,
        progress_total integer NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX roster_imports_school ON roster_imports (school_id, started_at DESC);
      -- One apply at a time per school (dry runs change nothing and may run beside it).
      CREATE UNIQUE INDEX roster_imports_one_apply ON roster_imports (school_id) WHERE status = 'running' AND NOT dry_run;`,
  },
  {
    // An apply may go on in the background: its errors so far and, once done, its whole result
    // (what the synchronous answer gives) are kept for GET /schools/{id}/roster/imports/{import_id}.
    id: '002.1-roster-import-results',
    sql: `
      ALTER TABLE roster_imports ADD COLUMN errors jsonb NOT NULL DEFAULT '[]'::jsonb, ADD COLUMN result jsonb;`,
  },
];
