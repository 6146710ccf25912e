import type { Pool } from 'pg';
import type { ContactEnquiry, ContactEnquiryInput } from '@corestone/contracts';
import { newId } from '@corestone/service-kit';

interface Row extends Omit<ContactEnquiry, 'created_at'> {
  created_at: Date;
  mail_attempts: number;
}

const toEnquiry = (r: Row): ContactEnquiry => ({
  id: r.id,
  name: r.name,
  school: r.school,
  email: r.email,
  number_of_students: r.number_of_students,
  message: r.message,
  mail_status: r.mail_status,
  created_at: r.created_at.toISOString(),
});

/** Institution enquiries: stored first, mailed afterwards (and retried), so none is ever lost. */
export class EnquiryStore {
  constructor(private readonly pool: Pool) {}

  async add(input: ContactEnquiryInput, clientAddress: string): Promise<ContactEnquiry> {
    const { rows } = await this.pool.query<Row>(
      `INSERT INTO enquiries (id, name, school, email, number_of_students, message, client_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [newId(), input.name, input.school, input.email, input.number_of_students, input.message, clientAddress],
    );
    return toEnquiry(rows[0]);
  }

  async list(limit: number, offset: number): Promise<{ enquiries: ContactEnquiry[]; total: number }> {
    const [page, count] = await Promise.all([
      this.pool.query<Row>(`SELECT * FROM enquiries ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [limit, offset]),
      this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM enquiries`),
    ]);
    return { enquiries: page.rows.map(toEnquiry), total: Number(count.rows[0].n) };
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
