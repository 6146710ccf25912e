import type { Migration } from '@corestone/service-kit';

/**
 * LTI 1.3 (issue 32): the tool's signing keys (private halves encrypted with the platform data
 * key), the platforms schools registered, the login states of launches under way (single use), the
 * accounts linked by (issuer, sub), the LMS contexts mapped to classes, and the launches (what a
 * deep-linking response needs), the resource links placed by deep linking.
 */
export const ltiMigrations: Migration[] = [
  {
    id: '004-lti',
    sql: `
      CREATE TABLE lti_tool_keys (
        kid text PRIMARY KEY,
        private_jwk_sealed text NOT NULL,
        public_jwk jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('next', 'current', 'retired')),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- One key signs at a time; at most one waits to take over.
      CREATE UNIQUE INDEX lti_tool_keys_one_current ON lti_tool_keys (status) WHERE status IN ('current', 'next');

      CREATE TABLE lti_platforms (
        id uuid PRIMARY KEY,
        school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
        issuer text NOT NULL,
        client_id text NOT NULL,
        deployment_ids text[] NOT NULL,
        auth_login_url text NOT NULL,
        auth_token_url text NOT NULL,
        key_set_url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (issuer, client_id)
      );
      CREATE INDEX lti_platforms_school ON lti_platforms (school_id, created_at);

      CREATE TABLE lti_login_states (
        state text PRIMARY KEY,
        nonce text NOT NULL,
        platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX lti_login_states_expiry ON lti_login_states (expires_at);

      CREATE TABLE lti_accounts (
        platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
        sub text NOT NULL,
        user_id uuid NOT NULL,
        PRIMARY KEY (platform_id, sub)
      );

      CREATE TABLE lti_contexts (
        platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
        context_id text NOT NULL,
        class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
        PRIMARY KEY (platform_id, context_id)
      );

      CREATE TABLE lti_launches (
        id uuid PRIMARY KEY,
        platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        class_id uuid REFERENCES classes (id) ON DELETE CASCADE,
        message_type text NOT NULL,
        deployment_id text NOT NULL,
        claims jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE lti_resource_links (
        platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
        resource_link_id text NOT NULL,
        assignment_id uuid NOT NULL REFERENCES assignments (id) ON DELETE CASCADE,
        lineitem_url text,
        PRIMARY KEY (platform_id, resource_link_id)
      );
      CREATE INDEX lti_resource_links_assignment ON lti_resource_links (assignment_id);`,
  },
  {
    // AGS grade passback: one row per released result and line item, sent (and retried) by app/lti-passback.ts.
    id: '004-lti-passbacks',
    sql: `
      CREATE TABLE lti_passbacks (
        id uuid PRIMARY KEY,
        platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
        assignment_id uuid NOT NULL REFERENCES assignments (id) ON DELETE CASCADE,
        evaluation_id text NOT NULL,
        user_id uuid NOT NULL,
        lti_sub text NOT NULL,
        lineitem_url text NOT NULL,
        score_given double precision NOT NULL,
        score_maximum double precision NOT NULL,
        comment text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (evaluation_id, lineitem_url)
      );
      CREATE INDEX lti_passbacks_due ON lti_passbacks (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX lti_passbacks_assignment ON lti_passbacks (assignment_id, created_at);`,
  },
  {
    // NRPS: the course's membership service, learnt at a launch (app/lti-roster.ts syncs the class from it).
    id: '004-lti-nrps',
    sql: `ALTER TABLE lti_contexts ADD COLUMN memberships_url text;`,
  },
];
