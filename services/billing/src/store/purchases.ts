import type { Pool, PoolClient } from 'pg';
import type { PurchaseStatus } from '../domain/purchase-state';

export type PaymentProvider = 'stripe' | 'local';

export interface Purchase {
  id: string;
  user_id: string;
  plan: string;
  credits: number;
  amount_cents: number;
  currency: string;
  provider: PaymentProvider;
  provider_session_id: string | null;
  status: PurchaseStatus;
  success_url: string;
  cancel_url: string;
  created_at: Date;
  paid_at: Date | null;
}

export type NewPurchase = Pick<
  Purchase,
  'id' | 'user_id' | 'plan' | 'credits' | 'amount_cents' | 'currency' | 'provider' | 'success_url' | 'cancel_url'
>;

const COLUMNS =
  'id, user_id, plan, credits, amount_cents, currency, provider, provider_session_id, status, success_url, cancel_url, created_at, paid_at';

/** Every checkout started, with what it sells and how far its payment got. */
export class PurchaseStore {
  constructor(private readonly pool: Pool) {}

  async create(p: NewPurchase): Promise<Purchase> {
    const { rows } = await this.pool.query<Purchase>(
      `INSERT INTO purchases (id, user_id, plan, credits, amount_cents, currency, provider, success_url, cancel_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [p.id, p.user_id, p.plan, p.credits, p.amount_cents, p.currency, p.provider, p.success_url, p.cancel_url],
    );
    return rows[0];
  }

  async setProviderSession(id: string, sessionId: string): Promise<void> {
    await this.pool.query(`UPDATE purchases SET provider_session_id = $2, updated_at = now() WHERE id = $1`, [id, sessionId]);
  }

  /** Ids are UUIDs: anything else cannot name a purchase (and must not reach Postgres as one). */
  async get(id: string): Promise<Purchase | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.pool.query<Purchase>(`SELECT ${COLUMNS} FROM purchases WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lockIn(client: PoolClient, id: string): Promise<Purchase | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await client.query<Purchase>(`SELECT ${COLUMNS} FROM purchases WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async setStatusIn(client: PoolClient, id: string, status: PurchaseStatus): Promise<void> {
    await client.query(
      `UPDATE purchases SET status = $2, updated_at = now(), paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE paid_at END WHERE id = $1`,
      [id, status],
    );
  }

  async ofUser(userId: string): Promise<Purchase[]> {
    const { rows } = await this.pool.query<Purchase>(`SELECT ${COLUMNS} FROM purchases WHERE user_id = $1 ORDER BY created_at`, [userId]);
    return rows;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
