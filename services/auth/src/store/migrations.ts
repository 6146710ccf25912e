import type { Migration } from '@corestone/service-kit';

export const migrations: Migration[] = [
  {
    id: '001-auth',
    sql: `
      -- One credential per user account. 'pending' while users has not confirmed the account yet:
      -- a retry completes it (claim_id names the request allowed to activate it).
      CREATE TABLE credentials (
        user_id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text,
        google_sub text UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'active')),
        role text NOT NULL CHECK (role IN ('student', 'teacher', 'admin', 'super_admin')),
        is_active boolean NOT NULL DEFAULT true,
        origin text NOT NULL CHECK (origin IN ('signup', 'admin', 'setup', 'google')),
        profile jsonb NOT NULL DEFAULT '{}',
        claim_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX credentials_privileged ON credentials (role) WHERE role IN ('admin', 'super_admin');

      -- A session = one refresh-token family (the access token's sid).
      CREATE TABLE session_families (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        revoked_reason text
      );
      CREATE INDEX session_families_live ON session_families (user_id) WHERE revoked_at IS NULL;

      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY,
        family_id uuid NOT NULL REFERENCES session_families (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz,
        successor_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
      CREATE INDEX refresh_tokens_expiry ON refresh_tokens (expires_at);

      CREATE TABLE reset_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES credentials (user_id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX reset_tokens_user ON reset_tokens (user_id);

      -- First-admin setup: closed for good once completed_at is set.
      CREATE TABLE setup_state (
        id int PRIMARY KEY CHECK (id = 1),
        admin_user_id uuid,
        completed_at timestamptz
      );
      INSERT INTO setup_state (id) VALUES (1);`,
  },
  {
    id: '002-auth-school-origin',
    sql: `
      -- Accounts a school invited (rpc.auth.provision_user, issue 30).
      ALTER TABLE credentials DROP CONSTRAINT credentials_origin_check;
      ALTER TABLE credentials ADD CONSTRAINT credentials_origin_check CHECK (origin IN ('signup', 'admin', 'setup', 'google', 'school'));`,
  },
  {
    id: '003-auth-school-sso',
    sql: `
      -- Issue 32: Microsoft Entra ID identities (Google's stay in credentials.google_sub).
      CREATE TABLE sso_identities (
        provider text NOT NULL CHECK (provider IN ('microsoft')),
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES credentials (user_id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, subject),
        UNIQUE (provider, user_id)
      );
      ALTER TABLE credentials DROP CONSTRAINT credentials_origin_check;
      ALTER TABLE credentials ADD CONSTRAINT credentials_origin_check
        CHECK (origin IN ('signup', 'admin', 'setup', 'google', 'school', 'microsoft'));
      -- How and when the account last signed in (the School area's members list).
      ALTER TABLE credentials ADD COLUMN last_sign_in_method text CHECK (last_sign_in_method IN ('password', 'google', 'microsoft'));
      ALTER TABLE credentials ADD COLUMN last_sign_in_at timestamptz;
      -- Schools requiring SSO, from schools.school_changed.v1 (the newest event per school wins).
      CREATE TABLE school_policies (
        school_id uuid PRIMARY KEY,
        require_sso boolean NOT NULL,
        event_at timestamptz NOT NULL
      );`,
  },
];
