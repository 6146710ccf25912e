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
  {
    id: '002-ledger-keys-purchases-stripe-events',
    sql: `
      -- Every ledger line carries its idempotency key and who caused it (append-only: never updated).
      ALTER TABLE ledger ADD COLUMN idempotency_key text, ADD COLUMN actor text NOT NULL DEFAULT 'system';
      UPDATE ledger SET idempotency_key = kind || ':' || coalesce(evaluation_id, user_id || ':' || id::text);
      ALTER TABLE ledger ALTER COLUMN idempotency_key SET NOT NULL;
      CREATE UNIQUE INDEX ledger_idempotency_key ON ledger (idempotency_key);
      ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
      ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN ('open', 'consume', 'refund', 'set', 'grant'));
      CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the ledger is append-only'; END $$;
      CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger
        FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION ledger_append_only();

      CREATE TABLE purchases (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        plan text NOT NULL,
        credits int NOT NULL,
        amount_cents int NOT NULL CHECK (amount_cents > 0),
        currency text NOT NULL,
        provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
        provider_session_id text UNIQUE,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'awaiting_payment', 'paid', 'failed', 'cancelled')),
        success_url text NOT NULL,
        cancel_url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz
      );
      CREATE INDEX purchases_user ON purchases (user_id, created_at);

      -- Stripe event ids handled, so a retried or duplicated delivery changes nothing.
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        purchase_id uuid,
        outcome text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];
