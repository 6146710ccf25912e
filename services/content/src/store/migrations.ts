import type { Migration } from '@corestone/service-kit';

export const migrations: Migration[] = [
  {
    id: '001-policies-tok-enquiries',
    sql: `
      -- The working copy (what editors see) and, separately, the last published version (what
      -- the public sees): saving a draft never changes the public page.
      CREATE TABLE policies (
        id text PRIMARY KEY,
        title text NOT NULL,
        content text NOT NULL,
        status text NOT NULL CHECK (status IN ('published', 'draft', 'archived')),
        last_updated timestamptz,
        updated_by text,
        published_title text,
        published_content text,
        published_at timestamptz,
        published_by text
      );
      CREATE TABLE tok_titles (
        id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        session text NOT NULL,
        titles jsonb NOT NULL,
        last_updated timestamptz,
        updated_by text
      );
      CREATE TABLE enquiries (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        school text NOT NULL,
        email text NOT NULL,
        number_of_students int NOT NULL CHECK (number_of_students > 0),
        message text NOT NULL,
        client_address text,
        mail_status text NOT NULL DEFAULT 'pending' CHECK (mail_status IN ('pending', 'sent', 'failed')),
        mail_attempts int NOT NULL DEFAULT 0,
        mail_error text,
        -- A sender holds an enquiry until this time, so two replicas never mail it twice.
        mail_lease_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX enquiries_created ON enquiries (created_at DESC);
      CREATE INDEX enquiries_unsent ON enquiries (created_at) WHERE mail_status <> 'sent';`,
  },
  {
    id: '002-tok-sessions-settings-enquiry-handling',
    sql: `
      -- One list of six TOK prescribed titles per examination session; exactly one is current.
      -- The single 17-title list of 001 is dropped: it was our own practice titles, never the IB's.
      DROP TABLE tok_titles;
      CREATE TABLE tok_sessions (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE,
        titles jsonb NOT NULL CHECK (jsonb_typeof(titles) = 'array' AND jsonb_array_length(titles) = 6),
        is_current boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_updated timestamptz,
        updated_by text
      );
      CREATE UNIQUE INDEX tok_sessions_one_current ON tok_sessions (is_current) WHERE is_current;

      -- Operator settings (organisation details for the policies, the enquiries inbox).
      CREATE TABLE settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        last_updated timestamptz NOT NULL DEFAULT now(),
        updated_by text
      );

      ALTER TABLE enquiries ADD COLUMN handled_at timestamptz, ADD COLUMN handled_by text;
      CREATE INDEX enquiries_unhandled ON enquiries (created_at DESC) WHERE handled_at IS NULL;

      -- Policies seeded by 001 named invented *.corestone.example inboxes: they now read the
      -- organisation settings through placeholders (edited texts without these addresses are untouched).
      UPDATE policies SET
        content = replace(replace(replace(replace(content,
          'privacy@corestone.example', '{{contact_email}}'), 'support@corestone.example', '{{contact_email}}'),
          'integrity@corestone.example', '{{contact_email}}'), 'safeguarding@corestone.example', '{{safeguarding_email}}'),
        published_content = replace(replace(replace(replace(published_content,
          'privacy@corestone.example', '{{contact_email}}'), 'support@corestone.example', '{{contact_email}}'),
          'integrity@corestone.example', '{{contact_email}}'), 'safeguarding@corestone.example', '{{safeguarding_email}}');`,
  },
];
