import type { Migration } from '@corestone/service-kit';

export const migrations: Migration[] = [
  {
    id: '001-accounts-ledger',
    sql: `
      CREATE TABLE accounts (
        user_id text PRIMARY KEY,
        essay_credits int NOT NULL CHECK (essay_credits >= 0),
        max_essay_credits int NOT NULL CHECK (max_essay_credits >= -1),
        subscription_plan text NOT NULL DEFAULT 'free',
        subscription_status text NOT NULL DEFAULT 'active',
        version bigint NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE ledger (
        id uuid PRIMARY KEY,
        user_id text NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
        evaluation_id text,
        kind text NOT NULL CHECK (kind IN ('open', 'consume', 'refund', 'set', 'purchase')),
        delta int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- One charge and one refund per evaluation, whatever the races: the idempotency key.
      CREATE UNIQUE INDEX ledger_once_per_evaluation ON ledger (kind, evaluation_id)
        WHERE evaluation_id IS NOT NULL AND kind IN ('consume', 'refund');
      CREATE INDEX ledger_user ON ledger (user_id, created_at);`,
  },
];
