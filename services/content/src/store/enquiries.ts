import type { Pool } from 'pg';
import { Codes, Messages, type ContactEnquiry, type ContactEnquiryInput, type EnquiryFilter } from '@corestone/contracts';
import { newId, notFound } from '@corestone/service-kit';

interface Row extends Omit<ContactEnquiry, 'created_at' | 'handled_at'> {
  created_at: Date;
  handled_at: Date | null;
  mail_attempts: number;
}

const FILTERS: Record<EnquiryFilter, string> = {
  all: 'true',
  unhandled: 'handled_at IS NULL',
  handled: 'handled_at IS NOT NULL',
};
/** The most rows one export holds (far above what a back office receives in years). */
const EXPORT_MAX_ROWS = 50_000;

const toEnquiry = (r: Row): ContactEnquiry => ({
  id: r.id,
  name: r.name,
  school: r.school,
  email: r.email,
  number_of_students: r.number_of_students,
  message: r.message,
  mail_status: r.mail_status,
  created_at: r.created_at.toISOString(),
  handled_at: r.handled_at ? r.handled_at.toISOString() : null,
  handled_by: r.handled_by,
});

/** Institution enquiries: stored first, mailed afterwards (and retried), so none is ever lost. */
export class EnquiryStore {
  constructor(readonly pool: Pool) {}

  async add(input: ContactEnquiryInput, clientAddress: string): Promise<ContactEnquiry> {
    const { rows } = await this.pool.query<Row>(
      `INSERT INTO enquiries (id, name, school, email, number_of_students, message, client_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [newId(), input.name, input.school, input.email, input.number_of_students, input.message, clientAddress],
    );
    return toEnquiry(rows[0]);
  }

  /** A page of enquiries, newest first, with the filter's total and the count still waiting. */
  async list(
    filter: EnquiryFilter,
    limit: number,
    offset: number,
  ): Promise<{ enquiries: ContactEnquiry[]; total: number; unhandled: number }> {
    const where = FILTERS[filter];
    const [page, count] = await Promise.all([
      this.pool.query<Row>(`SELECT * FROM enquiries WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [limit, offset]),
      this.pool.query<{ n: string; unhandled: string }>(
        `SELECT count(*) FILTER (WHERE ${where}) AS n, count(*) FILTER (WHERE handled_at IS NULL) AS unhandled FROM enquiries`,
      ),
    ]);
    return { enquiries: page.rows.map(toEnquiry), total: Number(count.rows[0].n), unhandled: Number(count.rows[0].unhandled) };
  }

  /** Every enquiry the filter matches, newest first (the CSV export). */
  async all(filter: EnquiryFilter): Promise<ContactEnquiry[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM enquiries WHERE ${FILTERS[filter]} ORDER BY created_at DESC, id DESC LIMIT $1`,
      [EXPORT_MAX_ROWS],
    );
    return rows.map(toEnquiry);
  }

  async get(id: string): Promise<ContactEnquiry> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM enquiries WHERE id = $1`, [id]);
    if (!rows[0]) throw notFound(Messages.ENQUIRY_NOT_FOUND, Codes.ENQUIRY_NOT_FOUND);
    return toEnquiry(rows[0]);
  }

  /**
   * Marks an enquiry handled by `editor` (kept as it was when it already is), or back to waiting.
   */
  async setHandled(id: string, handled: boolean, editor: string): Promise<ContactEnquiry> {
    const { rows } = await this.pool.query<Row>(
      handled
        ? `UPDATE enquiries SET handled_at = coalesce(handled_at, now()), handled_by = CASE WHEN handled_at IS NULL THEN $2 ELSE handled_by END
           WHERE id = $1 RETURNING *`
        : `UPDATE enquiries SET handled_at = NULL, handled_by = NULL WHERE id = $1 AND $2::text IS NOT NULL RETURNING *`,
      [id, editor],
    );
    if (!rows[0]) throw notFound(Messages.ENQUIRY_NOT_FOUND, Codes.ENQUIRY_NOT_FOUND);
    return toEnquiry(rows[0]);
  }

  /** Enquiries whose mail has not gone out yet, oldest first, below the attempt limit. */
  async unsent(maxAttempts: number, limit = 20): Promise<ContactEnquiry[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM enquiries WHERE mail_status <> 'sent' AND mail_attempts < $1 ORDER BY created_at LIMIT $2`,
      [maxAttempts, limit],
    );
    return rows.map(toEnquiry);
  }

  /**
   * Takes a lease on one enquiry for sending and counts the attempt; false when it was sent,
   * has used its attempts, or another sender holds it.
   */
  async claim(id: string, maxAttempts: number, leaseMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE enquiries SET mail_attempts = mail_attempts + 1, mail_lease_until = now() + $3 * interval '1 millisecond'
       WHERE id = $1 AND mail_status <> 'sent' AND mail_attempts < $2 AND (mail_lease_until IS NULL OR mail_lease_until < now())`,
      [id, maxAttempts, leaseMs],
    );
    return rowCount === 1;
  }

  async markSent(id: string): Promise<void> {
    await this.pool.query(`UPDATE enquiries SET mail_status = 'sent', mail_error = NULL WHERE id = $1`, [id]);
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.pool.query(`UPDATE enquiries SET mail_status = 'failed', mail_error = $2, mail_lease_until = NULL WHERE id = $1`, [
      id,
      error.slice(0, 500),
    ]);
  }
}
