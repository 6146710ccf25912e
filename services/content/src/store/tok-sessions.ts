import type { Pool, PoolClient } from 'pg';
import { Codes, Messages, type TokSession, type TokSessionInput, type TokTitles } from '@corestone/contracts';
import { conflict, newId, notFound, withTransaction } from '@corestone/service-kit';
import { numberTitles } from '../domain/policies';
import { SEEDED_TOK_SESSION, SEEDED_TOK_TITLES } from '../domain/tok-titles';

interface Row {
  id: string;
  name: string;
  titles: string[];
  is_current: boolean;
  last_updated: Date | null;
  updated_by: string | null;
}

const toSession = (r: Row): TokSession => ({
  id: r.id,
  session: r.name,
  titles: r.titles,
  current: r.is_current,
  last_updated: r.last_updated ? r.last_updated.toISOString() : null,
  updated_by: r.updated_by,
});

const sessionNotFound = () => notFound(Messages.TOK_SESSION_NOT_FOUND, Codes.TOK_SESSION_NOT_FOUND);
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === UNIQUE_VIOLATION;

/** The TOK prescribed titles, one list of six per examination session; exactly one session is current. */
export class TokSessionStore {
  constructor(private readonly pool: Pool) {}

  /** A fresh installation's example session (current); nothing when any session exists. */
  async seed(): Promise<void> {
    await this.pool.query(
      `INSERT INTO tok_sessions (id, name, titles, is_current, last_updated)
       SELECT $1, $2, $3, true, now() WHERE NOT EXISTS (SELECT 1 FROM tok_sessions) ON CONFLICT DO NOTHING`,
      [newId(), SEEDED_TOK_SESSION, JSON.stringify(SEEDED_TOK_TITLES)],
    );
  }

  async list(): Promise<TokSession[]> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM tok_sessions ORDER BY is_current DESC, created_at DESC, id DESC`);
    return rows.map(toSession);
  }

  /** What the wizard lists: the current session's titles, numbered; null if there is none. */
  async current(): Promise<TokTitles | null> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM tok_sessions WHERE is_current`);
    const r = rows[0];
    if (!r) return null;
    const { session, last_updated, updated_by } = toSession(r);
    return { session, titles: numberTitles(r.titles), last_updated, updated_by };
  }

  async create(input: TokSessionInput, editor: string): Promise<TokSession> {
    return this.writing(async (db) => {
      const id = newId();
      if (input.current) await db.query(`UPDATE tok_sessions SET is_current = false WHERE is_current`);
      const { rows } = await db.query<Row>(
        `INSERT INTO tok_sessions (id, name, titles, is_current, last_updated, updated_by) VALUES ($1, $2, $3, $4, now(), $5) RETURNING *`,
        [id, input.session.trim(), JSON.stringify(input.titles.map((t) => t.trim())), input.current === true, editor],
      );
      return toSession(rows[0]);
    });
  }

  async update(id: string, input: TokSessionInput, editor: string): Promise<TokSession> {
    return this.writing(async (db) => {
      const { rows } = await db.query<Row>(
        `UPDATE tok_sessions SET name = $2, titles = $3, last_updated = now(), updated_by = $4 WHERE id = $1 RETURNING *`,
        [id, input.session.trim(), JSON.stringify(input.titles.map((t) => t.trim())), editor],
      );
      if (!rows[0]) throw sessionNotFound();
      return toSession(rows[0]);
    });
  }

  /** Makes one session the current one (the wizard lists its titles from now on). */
  async makeCurrent(id: string, editor: string): Promise<TokSession> {
    return this.writing(async (db) => {
      const exists = await db.query(`SELECT 1 FROM tok_sessions WHERE id = $1`, [id]);
      if (!exists.rowCount) throw sessionNotFound();
      await db.query(`UPDATE tok_sessions SET is_current = false WHERE is_current AND id <> $1`, [id]);
      const { rows } = await db.query<Row>(
        `UPDATE tok_sessions SET is_current = true, last_updated = CASE WHEN is_current THEN last_updated ELSE now() END,
           updated_by = CASE WHEN is_current THEN updated_by ELSE $2 END
         WHERE id = $1 RETURNING *`,
        [id, editor],
      );
      return toSession(rows[0]);
    });
  }

  /** Deletes a session that is not the current one. */
  async remove(id: string): Promise<void> {
    await this.writing(async (db) => {
      const { rows } = await db.query<Row>(`SELECT * FROM tok_sessions WHERE id = $1`, [id]);
      if (!rows[0]) throw sessionNotFound();
      if (rows[0].is_current) throw conflict(Messages.TOK_SESSION_CURRENT, Codes.TOK_SESSION_CURRENT);
      await db.query(`DELETE FROM tok_sessions WHERE id = $1`, [id]);
    });
  }

  /**
   * Every change runs alone (the table is tiny and rarely written): "exactly one current" holds
   * under concurrent editors without retry loops. A duplicate name is a 409.
   */
  private async writing<T>(fn: (db: PoolClient) => Promise<T>): Promise<T> {
    try {
      return await withTransaction(this.pool, async (db) => {
        await db.query(`LOCK TABLE tok_sessions IN SHARE ROW EXCLUSIVE MODE`);
        return fn(db);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(Messages.TOK_SESSION_EXISTS, Codes.TOK_SESSION_EXISTS);
      throw err;
    }
  }
}
