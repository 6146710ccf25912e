import type { Migration } from '@corestone/service-kit';

/**
 * Assignments of a class (issue 31) and the sent-markers of their mails: one row per assignment,
 * student and kind of mail (`opened`, `due_soon`) once it was sent or deliberately skipped (the
 * student switched the mail off, has no account any more, or was told the deadline already), so a
 * mail goes at most once however often the scheduler passes.
 */
export const assignmentMigrations: Migration[] = [
  {
    id: '003-assignments',
    sql: `
      CREATE TABLE assignments (
        id uuid PRIMARY KEY,
        class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
        title text NOT NULL,
        instructions text NOT NULL DEFAULT '',
        essay_type text NOT NULL CHECK (essay_type IN ('ee', 'tok')),
        rubric_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('draft', 'final')),
        opens_at timestamptz,
        due_at timestamptz NOT NULL,
        allow_late boolean NOT NULL,
        release_mode text NOT NULL CHECK (release_mode IN ('immediate', 'after_review')),
        show_ai_marks boolean NOT NULL,
        created_by uuid NOT NULL,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (opens_at IS NULL OR opens_at < due_at)
      );
      CREATE INDEX assignments_class ON assignments (class_id, due_at, id);
      -- The mail scheduler's scan: current assignments by deadline.
      CREATE INDEX assignments_current ON assignments (due_at) WHERE archived_at IS NULL;
      CREATE TABLE assignment_mails (
        assignment_id uuid NOT NULL REFERENCES assignments (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('opened', 'due_soon')),
        outcome text NOT NULL CHECK (outcome IN ('sent', 'skipped')),
        reason text,
        at timestamptz NOT NULL,
        PRIMARY KEY (assignment_id, user_id, kind)
      );`,
  },
];
