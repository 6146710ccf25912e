import type { Migration } from '@corestone/service-kit';

/** The school usage totals (migration 007) counted from the whole ledger, into empty tables. */
export const schoolUsageBackfill = `
  INSERT INTO school_student_usage (school_id, user_id, used)
    SELECT school_id, user_id, -SUM(credits) FROM school_ledger
    WHERE kind IN ('use', 'refund') AND user_id IS NOT NULL GROUP BY school_id, user_id;
  INSERT INTO school_class_usage (school_id, class_id, used, refunded)
    SELECT school_id, class_id, -SUM(credits), COUNT(*) FILTER (WHERE kind = 'refund') FROM school_ledger
    WHERE kind IN ('use', 'refund') AND class_id IS NOT NULL AND user_id IS NOT NULL GROUP BY school_id, class_id;`;

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
  {
    // Schools (issue 30): billing's copy of each school's settings and of each user's membership
    // (fed by schools.school_changed.v1 / schools.membership_changed.v1, messaging/schools.ts; the
    // highest stream sequence wins), and a credit pool per school with its append-only ledger.
    id: '005-school-pools',
    sql: `
      CREATE TABLE schools (
        school_id text PRIMARY KEY,
        name text NOT NULL,
        students_may_buy_credits boolean NOT NULL,
        ai_grader_enabled boolean NOT NULL,
        pool_enabled boolean NOT NULL,
        pool_cap_per_student int CHECK (pool_cap_per_student >= 0),
        stream_seq bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE school_members (
        user_id text PRIMARY KEY,
        school_id text,
        school_role text,
        status text,
        stream_seq bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX school_members_school ON school_members (school_id) WHERE school_id IS NOT NULL;

      -- The pool: always balance = granted_total - used_total (used: uses minus refunds).
      CREATE TABLE school_pools (
        school_id text PRIMARY KEY,
        balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
        granted_total bigint NOT NULL DEFAULT 0 CHECK (granted_total >= 0),
        used_total bigint NOT NULL DEFAULT 0 CHECK (used_total >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE school_ledger (
        id uuid PRIMARY KEY,
        school_id text NOT NULL REFERENCES school_pools (school_id),
        kind text NOT NULL CHECK (kind IN ('grant', 'use', 'refund')),
        credits int NOT NULL,
        user_id text,
        charge_key text,
        note text,
        idempotency_key text NOT NULL,
        actor text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX school_ledger_idempotency_key ON school_ledger (idempotency_key);
      -- One use and one refund per charge key, whatever the races.
      CREATE UNIQUE INDEX school_ledger_once_per_charge ON school_ledger (kind, charge_key) WHERE charge_key IS NOT NULL;
      CREATE INDEX school_ledger_recent ON school_ledger (school_id, created_at DESC, id DESC);
      CREATE INDEX school_ledger_usage ON school_ledger (school_id, user_id) WHERE kind IN ('use', 'refund');
      CREATE TRIGGER school_ledger_append_only BEFORE UPDATE OR DELETE ON school_ledger
        FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION ledger_append_only();

      -- The charge of 004, now choosing between the user's account and their school's pool. The
      -- caller (app/consume.ts) passes the ledger the credit rule chose: p_school_id null = personal,
      -- else that school's pool with p_cap (null = no cap) the most pool credits this user may use;
      -- p_refuse 'ai_disabled' refuses. Whatever is passed, an earlier charge of the same key — in
      -- either ledger — answers first (the first outcome, nothing charged), so a retried request
      -- never charges twice nor is refused after being charged.
      DROP FUNCTION IF EXISTS consume_credit(text, text, int, uuid, text, uuid, text, text, jsonb);
      CREATE FUNCTION consume_credit(
        p_user_id text, p_evaluation_id text, p_unlimited int, p_line_id uuid, p_actor text,
        p_event_id uuid, p_subject text, p_payload_head text, p_headers jsonb,
        p_school_id text, p_cap int, p_refuse text,
        OUT outcome text, OUT charged boolean, OUT account json, OUT enqueued boolean,
        OUT charged_ledger text, OUT charged_school_id text
      ) LANGUAGE plpgsql AS $$
      DECLARE
        acc accounts%ROWTYPE;
        prior record;
        used bigint;
      BEGIN
        enqueued := false;
        -- Every charge of a user takes the account lock first (pool charges too): two requests of
        -- one key are serialised whichever ledger each would choose.
        SELECT * INTO acc FROM accounts WHERE user_id = p_user_id FOR UPDATE;
        IF NOT FOUND THEN
          outcome := 'missing';
          RETURN;
        END IF;
        -- Each statement of a (volatile) function takes a fresh snapshot: read after taking the
        -- account lock, a concurrent charge for this key has committed by now and is seen.
        SELECT l.user_id, l.delta, 'personal' AS ledger, NULL::text AS school_id INTO prior
          FROM ledger l WHERE l.kind = 'consume' AND l.evaluation_id = p_evaluation_id
        UNION ALL
        SELECT s.user_id, s.credits, 'school', s.school_id
          FROM school_ledger s WHERE s.kind = 'use' AND s.charge_key = p_evaluation_id;
        IF FOUND THEN
          outcome := CASE WHEN prior.user_id = p_user_id THEN 'repeat' ELSE 'other_user' END;
          charged := prior.delta <> 0;
          charged_ledger := prior.ledger;
          charged_school_id := prior.school_id;
        ELSIF p_refuse IS NOT NULL THEN
          outcome := p_refuse;
          RETURN;
        ELSIF p_school_id IS NOT NULL THEN
          charged_ledger := 'school';
          charged_school_id := p_school_id;
          -- The pool's lock serialises the school's charges: the balance and the cap hold.
          PERFORM 1 FROM school_pools p WHERE p.school_id = p_school_id FOR UPDATE;
          IF NOT FOUND THEN
            outcome := 'pool_empty';
            RETURN;
          END IF;
          IF p_cap IS NOT NULL THEN
            SELECT COALESCE(-SUM(s.credits), 0) INTO used FROM school_ledger s
              WHERE s.school_id = p_school_id AND s.user_id = p_user_id AND s.kind IN ('use', 'refund');
            IF used >= p_cap THEN
              outcome := 'pool_cap';
              RETURN;
            END IF;
          END IF;
          UPDATE school_pools p SET balance = p.balance - 1, used_total = p.used_total + 1, updated_at = now()
            WHERE p.school_id = p_school_id AND p.balance > 0;
          IF NOT FOUND THEN
            outcome := 'pool_empty';
            RETURN;
          END IF;
          INSERT INTO school_ledger (id, school_id, kind, credits, user_id, charge_key, idempotency_key, actor)
            VALUES (p_line_id, p_school_id, 'use', -1, p_user_id, p_evaluation_id, 'use:' || p_evaluation_id, p_actor);
          outcome := 'charged_pool';
          charged := true;
        ELSIF acc.max_essay_credits = p_unlimited THEN
          charged_ledger := 'personal';
          INSERT INTO ledger (id, user_id, evaluation_id, kind, delta, idempotency_key, actor)
            VALUES (p_line_id, p_user_id, p_evaluation_id, 'consume', 0, 'consume:' || p_evaluation_id, p_actor);
          outcome := 'unlimited';
          charged := false;
        ELSE
          charged_ledger := 'personal';
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
  {
    // Issue 30: pool use per class and a cap per class. The ledger line of a pool use (and its
    // refund) records the class of the assignment the essay went into (rpc consume_credit's
    // class_id); school_classes is billing's copy of schools.class_changed.v1 (a class's pool_cap,
    // the newest stream sequence wins); consume_credit (005's) checks the class's cap under the
    // pool's lock, as it checks the cap per student.
    id: '006-class-pool-use',
    sql: `
      ALTER TABLE school_ledger ADD COLUMN class_id text;
      CREATE INDEX school_ledger_class_usage ON school_ledger (school_id, class_id) WHERE class_id IS NOT NULL AND kind IN ('use', 'refund');
      CREATE TABLE school_classes (
        class_id text PRIMARY KEY,
        school_id text NOT NULL,
        pool_cap int CHECK (pool_cap >= 0),
        stream_seq bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX school_classes_school ON school_classes (school_id);

      DROP FUNCTION IF EXISTS consume_credit(text, text, int, uuid, text, uuid, text, text, jsonb, text, int, text);
      CREATE FUNCTION consume_credit(
        p_user_id text, p_evaluation_id text, p_unlimited int, p_line_id uuid, p_actor text,
        p_event_id uuid, p_subject text, p_payload_head text, p_headers jsonb,
        p_school_id text, p_cap int, p_refuse text, p_class_id text,
        OUT outcome text, OUT charged boolean, OUT account json, OUT enqueued boolean,
        OUT charged_ledger text, OUT charged_school_id text, OUT class_cap int
      ) LANGUAGE plpgsql AS $$
      DECLARE
        acc accounts%ROWTYPE;
        prior record;
        used bigint;
        line_class text;
      BEGIN
        enqueued := false;
        -- Every charge of a user takes the account lock first (pool charges too): two requests of
        -- one key are serialised whichever ledger each would choose.
        SELECT * INTO acc FROM accounts WHERE user_id = p_user_id FOR UPDATE;
        IF NOT FOUND THEN
          outcome := 'missing';
          RETURN;
        END IF;
        -- Each statement of a (volatile) function takes a fresh snapshot: read after taking the
        -- account lock, a concurrent charge for this key has committed by now and is seen.
        SELECT l.user_id, l.delta, 'personal' AS ledger, NULL::text AS school_id INTO prior
          FROM ledger l WHERE l.kind = 'consume' AND l.evaluation_id = p_evaluation_id
        UNION ALL
        SELECT s.user_id, s.credits, 'school', s.school_id
          FROM school_ledger s WHERE s.kind = 'use' AND s.charge_key = p_evaluation_id;
        IF FOUND THEN
          outcome := CASE WHEN prior.user_id = p_user_id THEN 'repeat' ELSE 'other_user' END;
          charged := prior.delta <> 0;
          charged_ledger := prior.ledger;
          charged_school_id := prior.school_id;
        ELSIF p_refuse IS NOT NULL THEN
          outcome := p_refuse;
          RETURN;
        ELSIF p_school_id IS NOT NULL THEN
          charged_ledger := 'school';
          charged_school_id := p_school_id;
          -- The pool's lock serialises the school's charges: the balance and the cap hold.
          PERFORM 1 FROM school_pools p WHERE p.school_id = p_school_id FOR UPDATE;
          IF NOT FOUND THEN
            outcome := 'pool_empty';
            RETURN;
          END IF;
          IF p_cap IS NOT NULL THEN
            SELECT COALESCE(-SUM(s.credits), 0) INTO used FROM school_ledger s
              WHERE s.school_id = p_school_id AND s.user_id = p_user_id AND s.kind IN ('use', 'refund');
            IF used >= p_cap THEN
              outcome := 'pool_cap';
              RETURN;
            END IF;
          END IF;
          -- The class's cap (schools' class pool_cap, billing's copy), under the same lock: the
          -- class's uses minus refunds. A class billing knows as another school's is not recorded.
          IF p_class_id IS NOT NULL THEN
            SELECT c.pool_cap INTO class_cap FROM school_classes c WHERE c.class_id = p_class_id AND c.school_id = p_school_id;
            line_class := CASE WHEN EXISTS (SELECT 1 FROM school_classes c WHERE c.class_id = p_class_id AND c.school_id <> p_school_id)
              THEN NULL ELSE p_class_id END;
            IF class_cap IS NOT NULL THEN
              SELECT COALESCE(-SUM(s.credits), 0) INTO used FROM school_ledger s
                WHERE s.school_id = p_school_id AND s.class_id = p_class_id AND s.kind IN ('use', 'refund');
              IF used >= class_cap THEN
                outcome := 'class_cap';
                RETURN;
              END IF;
            END IF;
          END IF;
          UPDATE school_pools p SET balance = p.balance - 1, used_total = p.used_total + 1, updated_at = now()
            WHERE p.school_id = p_school_id AND p.balance > 0;
          IF NOT FOUND THEN
            outcome := 'pool_empty';
            RETURN;
          END IF;
          INSERT INTO school_ledger (id, school_id, kind, credits, user_id, charge_key, idempotency_key, actor, class_id)
            VALUES (p_line_id, p_school_id, 'use', -1, p_user_id, p_evaluation_id, 'use:' || p_evaluation_id, p_actor, line_class);
          outcome := 'charged_pool';
          charged := true;
        ELSIF acc.max_essay_credits = p_unlimited THEN
          charged_ledger := 'personal';
          INSERT INTO ledger (id, user_id, evaluation_id, kind, delta, idempotency_key, actor)
            VALUES (p_line_id, p_user_id, p_evaluation_id, 'consume', 0, 'consume:' || p_evaluation_id, p_actor);
          outcome := 'unlimited';
          charged := false;
        ELSE
          charged_ledger := 'personal';
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
  {
    // Issue 34 §2: a school's credits view summed every use and refund of the school (~8,800 lines
    // a year, 17–29 ms CPU a read). The pool's use per member and per class is now kept as totals,
    // written by a trigger in the transaction of each ledger line (both writers, consume_credit and
    // the refund, hold the pool row's lock, so a school's totals change one line at a time), and
    // backfilled from the ledger. The trigger exists before the backfill reads: its lock on
    // school_ledger makes a line written meanwhile wait, then count once through the trigger.
    id: '007-school-usage-totals',
    sql: `
      CREATE TABLE school_student_usage (
        school_id text NOT NULL,
        user_id text NOT NULL,
        used bigint NOT NULL, -- uses minus refunds
        PRIMARY KEY (school_id, user_id)
      );
      CREATE TABLE school_class_usage (
        school_id text NOT NULL,
        class_id text NOT NULL,
        used bigint NOT NULL, -- uses minus refunds
        refunded bigint NOT NULL, -- refund lines
        PRIMARY KEY (school_id, class_id)
      );
      CREATE FUNCTION school_usage_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO school_student_usage AS t (school_id, user_id, used) VALUES (NEW.school_id, NEW.user_id, -NEW.credits)
          ON CONFLICT (school_id, user_id) DO UPDATE SET used = t.used + EXCLUDED.used;
        IF NEW.class_id IS NOT NULL THEN
          INSERT INTO school_class_usage AS t (school_id, class_id, used, refunded)
            VALUES (NEW.school_id, NEW.class_id, -NEW.credits, CASE WHEN NEW.kind = 'refund' THEN 1 ELSE 0 END)
            ON CONFLICT (school_id, class_id) DO UPDATE SET used = t.used + EXCLUDED.used, refunded = t.refunded + EXCLUDED.refunded;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER school_ledger_usage_totals AFTER INSERT ON school_ledger
        FOR EACH ROW WHEN (NEW.kind IN ('use', 'refund') AND NEW.user_id IS NOT NULL) EXECUTE FUNCTION school_usage_add();
      ${schoolUsageBackfill}`,
  },
];
