import type { Migration } from '@corestone/service-kit';

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
];
