import type { User } from '@corestone/sdk';

/** Credits: integers ≥ 0; bad input → 0 for current credits, 1 for the maximum (spec §2). */
export function creditValue(v: unknown, fallback: 0 | 1): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** Counters: Admins counts admin and super_admin. */
export function userCounters(users: Pick<User, 'role'>[]) {
  return {
    total: users.length,
    students: users.filter((u) => u.role === 'student').length,
    teachers: users.filter((u) => u.role === 'teacher').length,
    admins: users.filter((u) => u.role === 'admin' || u.role === 'super_admin').length,
  };
}
