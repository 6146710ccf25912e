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
];
