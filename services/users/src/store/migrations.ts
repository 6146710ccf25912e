import type { Migration } from '@corestone/service-kit';
import { searchText } from './search-text';

export const migrations: Migration[] = [
  {
    id: '001-accounts',
    sql: `
      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('student', 'teacher', 'admin', 'super_admin')),
        is_active boolean NOT NULL DEFAULT true,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        display_name text,
        is_anonymous boolean NOT NULL DEFAULT false,
        avatar text,
        message_count int NOT NULL DEFAULT 0,
        max_chatbot int NOT NULL DEFAULT 10,
        assigned_personas text[] NOT NULL DEFAULT '{}',
        openai_api_key_sealed text,
        openai_api_key_masked text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX accounts_email_unique ON accounts (lower(email));
      CREATE INDEX accounts_role ON accounts (role);

      -- Billing's credits and plan per user, kept from billing.account_updated.v1 and live reads.
      -- Its own table (not columns of accounts): an update may arrive before the account exists.
      CREATE TABLE credit_mirror (
        user_id text PRIMARY KEY,
        essay_credits int NOT NULL,
        max_essay_credits int NOT NULL,
        subscription_plan text NOT NULL,
        subscription_status text NOT NULL,
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    id: '002-school-mirror',
    sql: `
      -- Each user's school membership, kept from schools.membership_changed.v1 (issue 30): the latest
      -- event is the whole state (school_id null once they left; the row stays so an older event
      -- delivered late cannot bring the membership back). version = the event's SCHOOLS stream sequence.
      CREATE TABLE school_membership (
        user_id text PRIMARY KEY,
        school_id text,
        school_role text,
        status text,
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Each school's name, kept from schools.school_changed.v1 (the view says "Maple High School").
      CREATE TABLE school_names (
        school_id text PRIMARY KEY,
        name text NOT NULL,
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    id: '003-email-notifications',
    sql: `
      -- A user's mail choices (issue 31): the switches they changed; null or absent ones are on.
      ALTER TABLE accounts ADD COLUMN email_notifications jsonb;`,
  },
  {
    id: '004-locale',
    sql: `
      -- Issue 36: the user's own language (null: follow the school's default, then the browser) and
      -- each school's default language, kept from schools.school_changed.v1 (null: not heard yet).
      ALTER TABLE accounts ADD COLUMN locale text CHECK (locale IN ('en', 'fr', 'es'));
      ALTER TABLE school_names ADD COLUMN default_locale text;`,
  },
  {
    id: '005-list-indexes',
    sql: `
      -- Issue 34: the admin users list at 200,000 accounts. Newest first — the first pages and the
      -- pages after a cursor — read from an index instead of sorting every account; with a role, its own.
      CREATE INDEX accounts_created ON accounts (created_at, id);
      CREATE INDEX accounts_role_created ON accounts (role, created_at, id);
      -- The search (part of a name or e-mail, case-insensitive) is one ILIKE over searchText()
      -- (store/accounts.ts), answered by a trigram index where the server has pg_trgm (a contrib
      -- module every managed Postgres offers; trusted since PostgreSQL 13). The extension goes to the
      -- public schema, once per database for every service schema and test run in it; the lock (the
      -- same key as evaluation's migration 012) keeps two first starts from creating it at once.
      -- Without pg_trgm the search reads every account.
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
          PERFORM pg_advisory_xact_lock(hashtext('corestone:create-extension:pg_trgm'));
          CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
          CREATE INDEX accounts_search ON accounts USING gin ((${searchText()}) public.gin_trgm_ops);
        END IF;
      END $$;`,
  },
  {
    id: '006-account-counts',
    sql: `
      -- Issue 34: the users list's total without counting 200,000 accounts on every page: the number
      -- of accounts per role, kept exact by statement triggers in the writing transaction (one update
      -- per role and statement, so a bulk insert or COPY adds its rows at once). A search still counts.
      CREATE TABLE account_counts (role text PRIMARY KEY, n bigint NOT NULL CHECK (n >= 0));
      INSERT INTO account_counts (role, n)
        SELECT r, (SELECT count(*) FROM accounts WHERE role = r) FROM unnest(ARRAY['student', 'teacher', 'admin', 'super_admin']) r;
      CREATE FUNCTION account_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE account_counts c SET n = c.n + d.n FROM (SELECT role, count(*) AS n FROM changed_new GROUP BY role) d WHERE c.role = d.role;
          RETURN NULL;
        END $$;
      CREATE FUNCTION account_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE account_counts c SET n = c.n - d.n FROM (SELECT role, count(*) AS n FROM changed_old GROUP BY role) d WHERE c.role = d.role;
          RETURN NULL;
        END $$;
      CREATE TRIGGER account_counts_insert AFTER INSERT ON accounts REFERENCING NEW TABLE AS changed_new
        FOR EACH STATEMENT EXECUTE FUNCTION account_counts_add();
      CREATE TRIGGER account_counts_delete AFTER DELETE ON accounts REFERENCING OLD TABLE AS changed_old
        FOR EACH STATEMENT EXECUTE FUNCTION account_counts_remove();
      -- A role change: out of the old role, into the new (an UPDATE that kept the role moves nothing).
      CREATE FUNCTION account_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE account_counts c SET n = c.n + d.n FROM (
            SELECT role, sum(k) AS n FROM (SELECT role, -1 AS k FROM changed_old UNION ALL SELECT role, 1 FROM changed_new) m GROUP BY role
          ) d WHERE c.role = d.role AND d.n <> 0;
          RETURN NULL;
        END $$;
      CREATE TRIGGER account_counts_update AFTER UPDATE ON accounts REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
        FOR EACH STATEMENT EXECUTE FUNCTION account_counts_move();`,
  },
];
