import type { Pool } from 'pg';
import type { ExternalLink, ExternalLinkInput, ExternalLinkUpdate, LinkCategory } from '@corestone/contracts';
import { isUuid, newId, withTransaction } from '@corestone/service-kit';
import type { SeedLink } from '../domain/seed';

interface LinkRow {
  id: string;
  title: string;
  url: string;
  description: string;
  category: LinkCategory;
  featured: boolean;
  is_active: boolean;
  clicks: string;
  created_at: Date;
  updated_at: Date;
}

export interface LinkFilter {
  category?: LinkCategory;
  is_featured?: boolean;
  is_active?: boolean;
  limit: number;
  offset: number;
}

/** Ids are UUIDv7; anything else names no link (and never reaches Postgres as a malformed uuid). */
const isLinkId = (id: string) => isUuid(id);

function toLink(r: LinkRow): ExternalLink {
  return {
    id: r.id,
    title: r.title,
    url: r.url,
    description: r.description,
    category: r.category,
    featured: r.featured,
    is_featured: r.featured,
    is_active: r.is_active,
    clicks: Number(r.clicks),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const today = `(now() AT TIME ZONE 'UTC')::date`;

/** External links and their click counters in Postgres. */
export class LinkStore {
  constructor(
    readonly pool: Pool,
    /** Where clicks are counted (store/click-pool.ts); the main pool when not given. */
    private readonly clickPool: Pool = pool,
  ) {}

  /** Inserts the seed links on the very first start only; replicas racing here insert them once. */
  async seed(name: string, links: SeedLink[]): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(`INSERT INTO seeds (name) VALUES ($1) ON CONFLICT DO NOTHING`, [name]);
      if (rowCount !== 1) return false;
      for (const l of links) {
        await client.query(`INSERT INTO links (id, title, url, description, category, featured) VALUES ($1, $2, $3, $4, $5, $6)`, [
          newId(),
          l.title,
          l.url,
          l.description,
          l.category,
          l.featured,
        ]);
      }
      return true;
    });
  }

  async create(input: ExternalLinkInput & { title: string }): Promise<ExternalLink> {
    const { rows } = await this.pool.query<LinkRow>(
      `INSERT INTO links (id, title, url, description, category, featured, is_active) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [newId(), input.title, input.url, input.description, input.category, input.featured ?? false, input.is_active ?? true],
    );
    return toLink(rows[0]);
  }

  async get(id: string): Promise<ExternalLink | null> {
    if (!isLinkId(id)) return null;
    const { rows } = await this.pool.query<LinkRow>(`SELECT * FROM links WHERE id = $1`, [id]);
    return rows[0] ? toLink(rows[0]) : null;
  }

  async list(filter: LinkFilter): Promise<{ links: ExternalLink[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.category !== undefined) where.push(`category = $${params.push(filter.category)}`);
    if (filter.is_featured !== undefined) where.push(`featured = $${params.push(filter.is_featured)}`);
    if (filter.is_active !== undefined) where.push(`is_active = $${params.push(filter.is_active)}`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const { rows } = await this.pool.query<LinkRow & { total: string }>(
      `SELECT *, count(*) OVER () AS total FROM links ${clause} ORDER BY created_at DESC, id
       LIMIT $${params.push(filter.limit)} OFFSET $${params.push(filter.offset)}`,
      params,
    );
    const total = rows[0] ? Number(rows[0].total) : filter.offset === 0 ? 0 : await this.count(clause, params.slice(0, -2));
    return { links: rows.map(toLink), total };
  }

  private async count(clause: string, params: unknown[]): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM links ${clause}`, params);
    return Number(rows[0].n);
  }

  /** Active links for the public footer: featured first, then by category and title. */
  async listPublic(): Promise<ExternalLink[]> {
    const { rows } = await this.pool.query<LinkRow>(`SELECT * FROM links WHERE is_active ORDER BY featured DESC, category, title, id`);
    return rows.map(toLink);
  }

  async popular(limit: number): Promise<ExternalLink[]> {
    const { rows } = await this.pool.query<LinkRow>(`SELECT * FROM links ORDER BY clicks DESC, title, id LIMIT $1`, [limit]);
    return rows.map(toLink);
  }

  async update(id: string, change: ExternalLinkUpdate): Promise<ExternalLink | null> {
    if (!isLinkId(id)) return null;
    const { rows } = await this.pool.query<LinkRow>(
      `UPDATE links SET
         title = coalesce($2, title), url = coalesce($3, url), description = coalesce($4, description),
         category = coalesce($5, category), featured = coalesce($6, featured), is_active = coalesce($7, is_active),
         updated_at = now()
       WHERE id = $1 RETURNING *`,
      [
        id,
        change.title ?? null,
        change.url ?? null,
        change.description ?? null,
        change.category ?? null,
        change.featured ?? null,
        change.is_active ?? null,
      ],
    );
    return rows[0] ? toLink(rows[0]) : null;
  }

  async remove(id: string): Promise<boolean> {
    if (!isLinkId(id)) return false;
    const { rowCount } = await this.pool.query(`DELETE FROM links WHERE id = $1`, [id]);
    return rowCount === 1;
  }

  async bulkUpdate(ids: string[], change: Pick<ExternalLinkUpdate, 'is_active' | 'featured' | 'category'>): Promise<number> {
    const valid = ids.filter(isLinkId);
    if (!valid.length) return 0;
    const { rowCount } = await this.pool.query(
      `UPDATE links SET featured = coalesce($2, featured), is_active = coalesce($3, is_active), category = coalesce($4, category), updated_at = now()
       WHERE id = ANY($1::uuid[])`,
      [valid, change.featured ?? null, change.is_active ?? null, change.category ?? null],
    );
    return rowCount ?? 0;
  }

  async bulkDelete(ids: string[]): Promise<number> {
    const valid = ids.filter(isLinkId);
    if (!valid.length) return 0;
    const { rowCount } = await this.pool.query(`DELETE FROM links WHERE id = ANY($1::uuid[])`, [valid]);
    return rowCount ?? 0;
  }

  /**
   * Counts one click of an active link, exactly: one statement increments the link's total and
   * its day's counter (row locks serialise concurrent clicks on the same link; nothing is read
   * and written back). Answers the new total, or null when no active link has this id.
   */
  async click(id: string): Promise<number | null> {
    if (!isLinkId(id)) return null;
    const { rows } = await this.clickPool.query<{ clicks: string }>(
      `WITH hit AS (UPDATE links SET clicks = clicks + 1 WHERE id = $1 AND is_active RETURNING id, clicks),
            counted AS (
              INSERT INTO clicks_daily (link_id, day, clicks) SELECT id, ${today}, 1 FROM hit
              ON CONFLICT (link_id, day) DO UPDATE SET clicks = clicks_daily.clicks + 1)
       SELECT clicks FROM hit`,
      [id],
    );
    return rows[0] ? Number(rows[0].clicks) : null;
  }

  /** Clicks per UTC day since `since` (inclusive), for one link or all. */
  async clicksPerDay(since: string, linkId?: string): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ day: string; clicks: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(clicks) AS clicks FROM clicks_daily
       WHERE day >= $1::date AND ($2::uuid IS NULL OR link_id = $2) GROUP BY day`,
      [since, linkId ?? null],
    );
    return new Map(rows.map((r) => [r.day, Number(r.clicks)]));
  }

  /** Per link: its total and its clicks since `since`. */
  async clicksSince(since: string): Promise<Array<ExternalLink & { clicks_in_period: number }>> {
    const { rows } = await this.pool.query<LinkRow & { in_period: string }>(
      `SELECT l.*, coalesce(p.clicks, 0) AS in_period FROM links l
       LEFT JOIN (SELECT link_id, sum(clicks) AS clicks FROM clicks_daily WHERE day >= $1::date GROUP BY link_id) p ON p.link_id = l.id
       ORDER BY in_period DESC, l.clicks DESC, l.title, l.id`,
      [since],
    );
    return rows.map((r) => ({ ...toLink(r), clicks_in_period: Number(r.in_period) }));
  }

  async counters(): Promise<{ total: number; active: number; featured: number; clicks: number; byCategory: Record<string, number> }> {
    const { rows } = await this.pool.query<{ category: string; n: string; active: string; featured: string; clicks: string }>(
      `SELECT category, count(*) AS n, count(*) FILTER (WHERE is_active) AS active, count(*) FILTER (WHERE featured) AS featured,
              coalesce(sum(clicks), 0) AS clicks
       FROM links GROUP BY category`,
    );
    const sum = (k: 'n' | 'active' | 'featured' | 'clicks') => rows.reduce((s, r) => s + Number(r[k]), 0);
    return {
      total: sum('n'),
      active: sum('active'),
      featured: sum('featured'),
      clicks: sum('clicks'),
      byCategory: Object.fromEntries(rows.map((r) => [r.category, Number(r.n)])),
    };
  }

  /** Every link, oldest first (the export). */
  async all(): Promise<ExternalLink[]> {
    const { rows } = await this.pool.query<LinkRow>(`SELECT * FROM links ORDER BY created_at, id`);
    return rows.map(toLink);
  }
}
