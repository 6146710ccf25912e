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
  {
    // Superseded by 004. On databases that ran it, 003 created the first consume_credit, which wrote
    // the kit's outbox table by hand; 004 drops that and creates the function of today. Its SQL is
    // gone so that a fresh database goes straight to 004 and no code of ours writes the kit's tables
    // (migrations run once by id and are not checksummed, so databases that ran it are unaffected).
    id: '003-consume-credit-function',
    sql: `SELECT 1`,
  },
  {
    // The charge of an evaluation in one round trip (AccountStore.charge explains why a function).
    // It replaced 003's first version (same arguments and decisions), which wrote the kit's outbox
    // by hand; here the charge's event goes through the kit's door (kit_enqueue_event, kit
    // migration kit-005), and the function says whether it enqueued one (`enqueued`, read by the
    // kit's queryWithSqlEvent). The credit rule itself is described at AccountStore.consume and in
    // the README ("The credit rule").
    id: '004-consume-credit-through-kit',
    sql: `
      DROP FUNCTION IF EXISTS consume_credit(text, text, int, uuid, text, uuid, text, text, jsonb);
      CREATE FUNCTION consume_credit(
        p_user_id text, p_evaluation_id text, p_unlimited int, p_line_id uuid, p_actor text,
        p_event_id uuid, p_subject text, p_payload_head text, p_headers jsonb,
        OUT outcome text, OUT charged boolean, OUT account json, OUT enqueued boolean
      ) LANGUAGE plpgsql AS $$
      DECLARE
        acc accounts%ROWTYPE;
        prior record;
      BEGIN
        enqueued := false;
        SELECT * INTO acc FROM accounts WHERE user_id = p_user_id FOR UPDATE;
        IF NOT FOUND THEN
          outcome := 'missing';
          RETURN;
        END IF;
        -- Each statement of a (volatile) function takes a fresh snapshot: read after taking the
        -- account lock, a concurrent charge for this evaluation has committed by now and is seen.
        SELECT user_id, delta INTO prior FROM ledger WHERE kind = 'consume' AND evaluation_id = p_evaluation_id;
        IF FOUND THEN
          outcome := CASE WHEN prior.user_id = p_user_id THEN 'repeat' ELSE 'other_user' END;
          charged := prior.delta <> 0;
        ELSIF acc.max_essay_credits = p_unlimited THEN
          INSERT INTO ledger (id, user_id, evaluation_id, kind, delta, idempotency_key, actor)
            VALUES (p_line_id, p_user_id, p_evaluation_id, 'consume', 0, 'consume:' || p_evaluation_id, p_actor);
          outcome := 'unlimited';
          charged := false;
        ELSE
          -- Conditional as well as locked: the balance can never go below zero.
          UPDATE accounts SET essay_credits = essay_credits - 1, version = version + 1, updated_at = now()
            WHERE user_id = p_user_id AND essay_credits > 0 RETURNING * INTO acc;
          IF NOT FOUND THEN
            outcome := 'no_credits';
            RETURN;
          END IF;
          INSERT INTO ledger (id, user_id, evaluation_id, kind, delta, idempotency_key, actor)
            VALUES (p_line_id, p_user_id, p_evaluation_id, 'consume', -1, 'consume:' || p_evaluation_id, p_actor);
          outcome := 'charged';
          charged := true;
        END IF;
        -- The CreditAccount, serialised as JSON.stringify would (to_json of a record is compact).
        SELECT to_json(a) INTO account FROM (SELECT acc.user_id, acc.essay_credits, acc.max_essay_credits,
          acc.subscription_plan, acc.subscription_status, acc.version) a;
        IF outcome = 'charged' THEN
          -- billing.account_updated.v1, its data the account, ordered per user (as enqueueEvent orders it).
          enqueued := kit_enqueue_event(p_event_id, p_subject, p_payload_head, account, p_headers, p_user_id);
        END IF;
      END $$;`,
  },
];
