import type { Migration } from '@corestone/service-kit';
import { PROCESSING_SECONDS, PROCESSING_TIMES, SUBMITTER_DAYS, YEAR_OF_DATA, YEAR_OF_DATA_USERS } from './year-of-data';

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
  {
    id: '002-attempts-review-directory',
    sql: `
      -- attempt: 1 for the first grading, +1 per retry or regrade (grading events name it).
      -- charge_key: the key the credit in force was charged under (retries: '<id>#<attempt>').
      ALTER TABLE evaluations
        ADD COLUMN attempt int NOT NULL DEFAULT 1,
        ADD COLUMN charge_key text,
        ADD COLUMN ai_feedback text,
        ADD COLUMN reviewed_by text,
        ADD COLUMN reviewed_at timestamptz,
        ADD COLUMN content_key text,
        ADD COLUMN reused_from uuid;
      UPDATE evaluations SET charge_key = id::text;
      CREATE INDEX evaluations_content_key ON evaluations (user_id, content_key) WHERE status = 'completed';
      CREATE INDEX evaluations_created ON evaluations (created_at DESC);
      -- What evaluation knows of every user (fed by users' events): admin search, dashboard figures.
      CREATE TABLE user_directory (
        user_id text PRIMARY KEY,
        email text NOT NULL DEFAULT '',
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        role text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );`,
  },
  {
    id: '003-results-summary',
    sql: `
      -- What a user's list shows of a result (contracts' RESULTS_SUMMARY_FIELDS), kept by Postgres
      -- beside the result itself, so that the list reads a hundred bytes a row instead of each
      -- stored result (≈ 17 KB, TOASTed). jsonb_build_object is only STABLE (it can print any
      -- type); over jsonb values it is immutable, as a generated column needs.
      CREATE FUNCTION evaluation_results_summary(r jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN r IS NULL THEN NULL ELSE jsonb_build_object(
          'overallGrade', r->'overallGrade', 'overallBand', r->'overallBand', 'totalPoints', r->'totalPoints',
          'maxPoints', r->'maxPoints', 'percentage', r->'percentage', 'grader', r->'grader') END
      $$;
      ALTER TABLE evaluations ADD COLUMN results_summary jsonb GENERATED ALWAYS AS (evaluation_results_summary(results)) STORED;`,
  },
  {
    id: '004-one-charging-per-essay',
    sql: `
      -- A user's essay (content key) is charged once at a time: a resubmission while the first still
      -- awaits its credit (billing did not answer) is refused instead of charged again, even when
      -- both arrive together. Rows already waiting twice keep waiting, under a key of their own.
      UPDATE evaluations e SET content_key = e.content_key || ':' || e.id::text
        WHERE e.status = 'charging' AND e.attempt = 1 AND e.content_key IS NOT NULL AND EXISTS (
          SELECT 1 FROM evaluations o WHERE o.status = 'charging' AND o.attempt = 1 AND o.user_id = e.user_id
            AND o.content_key = e.content_key AND o.id < e.id);
      CREATE UNIQUE INDEX evaluations_one_charging_per_essay ON evaluations (user_id, content_key)
        WHERE status = 'charging' AND attempt = 1;`,
  },
  {
    id: '005-essay-in-grading',
    sql: `
      -- A submission looks for the caller's same essay still being graded (pending, processing):
      -- that is not charged again either.
      CREATE INDEX evaluations_essay_in_grading ON evaluations (user_id, content_key)
        WHERE status IN ('pending', 'processing');`,
  },
  {
    id: '006-essay-lookup-index',
    sql: `
      -- A submission's look-ups of the caller's same essay (in flight: 004/005's states; completed: to
      -- carry its result) had partial indexes on (user_id, content_key) beside (user_id, created_at).
      -- Postgres without fresh statistics (a new table; autovacuum off) planned them by user_id alone
      -- and a prepared statement kept that plan: every upload read all of the user's rows. They now
      -- look the essay up by content_key, the only index they can use (store/evaluations.ts).
      CREATE INDEX evaluations_essay ON evaluations (content_key);
      DROP INDEX evaluations_content_key;
      DROP INDEX evaluations_essay_in_grading;`,
  },
  {
    id: '007-review-for-student',
    sql: `
      -- What the student is told of a review (issue 28): the admin notes stay internal unless the
      -- reviewer shows them (notes_for_student); when the feedback last changed and when the
      -- decision was taken; the latest review event, so a mail goes out for the latest review only.
      ALTER TABLE evaluations
        ADD COLUMN notes_for_student boolean NOT NULL DEFAULT false,
        ADD COLUMN feedback_at timestamptz,
        ADD COLUMN decided_at timestamptz,
        ADD COLUMN review_event_id uuid;
      UPDATE evaluations SET feedback_at = reviewed_at WHERE btrim(coalesce(ai_feedback, '')) <> '';
      UPDATE evaluations SET decided_at = reviewed_at WHERE approval_status IN ('approved', 'rejected');
      -- Results an admin saved "out of 100" (28/100 beside criteria adding up to 28/34) go back on
      -- the rubric's scale, with the overall score the admin set.
      UPDATE evaluations SET results = results || jsonb_build_object(
          'totalPoints', overall_score,
          'maxPoints', coalesce((rubric->'scoring_structure'->>'total_points')::float8, 30),
          'percentage', round((overall_score / coalesce((rubric->'scoring_structure'->>'total_points')::float8, 30) * 1000)::numeric) / 10)
        WHERE reviewed_by IS NOT NULL AND results IS NOT NULL AND overall_score IS NOT NULL
          AND (results->>'maxPoints')::float8 = 100
          AND coalesce((rubric->'scoring_structure'->>'total_points')::float8, 30) NOT IN (0, 100);`,
  },
  {
    id: '008-submission-metadata',
    sql: `
      -- What the student stated in the upload wizard (contracts SubmissionDetails): given to the
      -- graders in the job, shown with the result. NULL = not stated (and absent from the job).
      ALTER TABLE evaluations
        ADD COLUMN research_question text,
        ADD COLUMN prescribed_title text,
        ADD COLUMN citation_style text,
        ADD COLUMN aok_focus text,
        ADD COLUMN additional_context text;`,
  },
  {
    id: '009-grading-school-and-queue',
    sql: `
      -- Issue 33: the submitter's school when they submitted (users' view), carried in the grading
      -- job so grading queues essays fairly across schools (NULL: an individual); and where the essay
      -- waits for the AI model, as grading last reported it (stage 'queued'), for the progress events.
      ALTER TABLE evaluations
        ADD COLUMN school_id text,
        ADD COLUMN queue_ahead integer,
        ADD COLUMN queue_start_at timestamptz;`,
  },
  {
    id: '010-assignments',
    sql: `
      -- A submission into a class assignment (issue 31): the assignment as it stood when the essay
      -- came in (schools owns it; title, class name, kind and release mode are kept for the lists),
      -- whether it was late, the teacher's review (contracts TeacherReview without released_at) and
      -- when the result was released to the student. class_school_id: the class's school (tenancy
      -- and agreement; school_id, migration 009, is the submitter's for grading's fair queue). show_ai_marks: the assignment's choice, read
      -- again when the result is released. NULL assignment_id: an essay of the student's own.
      ALTER TABLE evaluations
        ADD COLUMN assignment_id uuid,
        ADD COLUMN class_id text,
        ADD COLUMN class_school_id text,
        ADD COLUMN assignment_title text,
        ADD COLUMN class_name text,
        ADD COLUMN assignment_kind text CHECK (assignment_kind IN ('draft', 'final')),
        ADD COLUMN release_mode text CHECK (release_mode IN ('immediate', 'after_review')),
        ADD COLUMN late boolean NOT NULL DEFAULT false,
        ADD COLUMN teacher_review jsonb,
        ADD COLUMN released_at timestamptz,
        ADD COLUMN show_ai_marks boolean NOT NULL DEFAULT false,
        ADD COLUMN release_event_id uuid;
      CREATE INDEX evaluations_assignment ON evaluations (assignment_id, user_id, created_at DESC) WHERE assignment_id IS NOT NULL;
      CREATE INDEX evaluations_class ON evaluations (class_id, created_at) WHERE class_id IS NOT NULL;
      CREATE INDEX evaluations_school_reviewed ON evaluations (class_school_id) WHERE teacher_review IS NOT NULL AND released_at IS NOT NULL;`,
  },
  {
    // Issue 30: the School overview's "submissions this week" (GET /schools/{id}/activity).
    id: '011-school-activity-index',
    sql: `CREATE INDEX evaluations_school_created ON evaluations (school_id, created_at) WHERE school_id IS NOT NULL;`,
  },
  // Issue 34 §2: lists by keyset with indexes for every filter, trigram search, daily rollups (store/year-of-data.ts).
  YEAR_OF_DATA,
  YEAR_OF_DATA_USERS,
  PROCESSING_TIMES,
  SUBMITTER_DAYS,
  PROCESSING_SECONDS,
];
