import type { Queryable } from '@corestone/service-kit';

/**
 * `user_directory`: what evaluation knows of every user, fed by users' events (created, access
 * changed, deleted) and completed by every submitter seen, for the admin search and the dashboard's
 * user figures. Each change is idempotent: replaying an event leaves the same row.
 */
export const directory = {
  async created(db: Queryable, u: { user_id: string; email: string; first_name: string; last_name: string; role: string }, at: string) {
    await db.query(
      `INSERT INTO user_directory (user_id, email, first_name, last_name, role, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name,
         last_name = EXCLUDED.last_name, created_at = LEAST(user_directory.created_at, EXCLUDED.created_at)`,
      [u.user_id, u.email, u.first_name, u.last_name, u.role, at],
    );
  },

  async accessChanged(db: Queryable, u: { user_id: string; role: string; is_active: boolean }, at: string) {
    await db.query(
      `INSERT INTO user_directory (user_id, role, is_active, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, is_active = EXCLUDED.is_active`,
      [u.user_id, u.role, u.is_active, at],
    );
  },

  async deleted(db: Queryable, userId: string, at: string) {
    await db.query(
      `INSERT INTO user_directory (user_id, role, created_at, deleted_at) VALUES ($1, 'student', $2, $2)
       ON CONFLICT (user_id) DO UPDATE SET deleted_at = COALESCE(user_directory.deleted_at, EXCLUDED.deleted_at),
         email = '', first_name = '', last_name = ''`,
      [userId, at],
    );
  },
};

export interface Submitter {
  user_id: string;
  email: string;
  name: string;
  role: string;
}

/**
 * `directory.seen` as SQL with its five parameters numbered from `first` (user_id, email, first
 * name, last name, role: `seenValues`), so a submission can note its submitter in the statement
 * that writes the evaluation (one round trip).
 */
export function seenStatement(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `INSERT INTO user_directory (user_id, email, first_name, last_name, role) VALUES (${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})
       ON CONFLICT (user_id) DO NOTHING`;
}

export function seenValues(u: Submitter): unknown[] {
  const [first, ...rest] = u.name.trim().split(/\s+/);
  return [u.user_id, u.email, first ?? '', rest.join(' '), u.role];
}
