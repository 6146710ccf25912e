import type { Migration } from '@corestone/service-kit';

/** Issue 33 §2: a school's own model endpoint, the key sealed with the platform data key (AES-256-GCM). */
export const aiEndpointMigrations: Migration[] = [
  {
    id: '005-ai-endpoints',
    sql: `
      CREATE TABLE school_ai_endpoints (
        school_id uuid PRIMARY KEY REFERENCES schools (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('openai', 'azure')),
        base_url text NOT NULL,
        model text NOT NULL,
        azure_deployment text,
        azure_api_version text,
        api_key_sealed text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];
