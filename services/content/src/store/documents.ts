import type { Pool } from 'pg';
import type { Policy, PolicyId, PolicyUpdate } from '@corestone/contracts';
import { SEEDED_POLICIES } from '../domain/policy-texts';
import { publicVersion, type PolicyRow } from '../domain/policies';

/** Policies in Postgres. Reads here are uncached; routes go through the cache. */
export class DocumentStore {
  constructor(readonly pool: Pool) {}

  /** Inserts the seeded texts once, as published; replicas racing here insert each once. */
  async seed(): Promise<void> {
    for (const [id, { title, content }] of Object.entries(SEEDED_POLICIES)) {
      await this.pool.query(
        `INSERT INTO policies (id, title, content, status, last_updated, published_title, published_content, published_at)
         VALUES ($1, $2, $3, 'published', now(), $2, $3, now()) ON CONFLICT (id) DO NOTHING`,
        [id, title, content],
      );
    }
  }

  private async row(id: PolicyId): Promise<PolicyRow | null> {
    const { rows } = await this.pool.query<PolicyRow>(`SELECT * FROM policies WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** What editors see: the working copy, draft or not. */
  async workingCopy(id: PolicyId): Promise<Policy | null> {
    const r = await this.row(id);
    return (
      r && { id: r.id, title: r.title, content: r.content, status: r.status, last_updated: iso(r.last_updated), updated_by: r.updated_by }
    );
  }

  /** What the public sees: the last published version (null when withdrawn or never published). */
  async published(id: PolicyId): Promise<Policy | null> {
    const r = await this.row(id);
    return r ? publicVersion(r) : null;
  }

  /**
   * Saves the working copy (title and status kept when not sent); a published status also makes
   * it the public version.
   */
  async update(id: PolicyId, change: PolicyUpdate, editor: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `WITH next AS (SELECT id, coalesce($2, title) AS title, coalesce($4, status) AS status FROM policies WHERE id = $1)
       UPDATE policies p SET title = next.title, content = $3, status = next.status, last_updated = now(), updated_by = $5,
         published_title = CASE WHEN next.status = 'published' THEN next.title ELSE published_title END,
         published_content = CASE WHEN next.status = 'published' THEN $3 ELSE published_content END,
         published_at = CASE WHEN next.status = 'published' THEN now() ELSE published_at END,
         published_by = CASE WHEN next.status = 'published' THEN $5 ELSE published_by END
       FROM next WHERE p.id = next.id`,
      [id, change.title ?? null, change.content, change.status ?? null, editor],
    );
    return rowCount === 1;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
