import type { Migration } from '@corestone/service-kit';

export const migrations: Migration[] = [
  {
    id: '001-links-clicks',
    sql: `
      CREATE TABLE links (
        id uuid PRIMARY KEY,
        title text NOT NULL,
        url text NOT NULL,
        description text NOT NULL,
        category text NOT NULL CHECK (category IN
          ('instagram', 'linkedin', 'youtube', 'twitter', 'facebook', 'tiktok', 'academic', 'resource', 'tool', 'reference')),
        featured boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        -- The running total, kept by the same statement that counts the day (clicks_daily).
        clicks bigint NOT NULL DEFAULT 0 CHECK (clicks >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX links_created ON links (created_at DESC, id);
      -- One row per link and UTC day: a click is one atomic increment, and the table grows by
      -- days, not by clicks. No user agent or address is kept.
      CREATE TABLE clicks_daily (
        link_id uuid NOT NULL REFERENCES links (id) ON DELETE CASCADE,
        day date NOT NULL,
        clicks bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (link_id, day)
      );
      CREATE INDEX clicks_daily_day ON clicks_daily (day);
      -- Seeds applied once (a deleted seeded link stays deleted).
      CREATE TABLE seeds (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
  },
];
