/**
 * The overview's figures (spec admin §2 "Admin overview", §9). `GET /dashboard/stats` answers them
 * when the evaluation service offers it; until then (404) they are computed here from the lists
 * the admin may read. Growth is real: the last 30 days against the 30 before (the spec fixes it at 0).
 */
import { isApiError, type CorestoneClient, type DashboardStats, type EvaluationListItem, type Health, type User } from '@corestone/sdk';
import { type IntlShape } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

const DAY = 86_400_000;

/** Percent change of `current` against `previous`; null when there is nothing to compare with. */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Counts dates within the last `days` and the `days` before that. */
export function periodCounts(dates: Array<string | null | undefined>, now = Date.now(), days = 30) {
  let current = 0;
  let previous = 0;
  for (const d of dates) {
    const t = d ? Date.parse(d) : NaN;
    if (Number.isNaN(t)) continue;
    const age = now - t;
    if (age < 0) continue;
    if (age <= days * DAY) current++;
    else if (age <= 2 * days * DAY) previous++;
  }
  return { current, previous, change_percent: growthPercent(current, previous) };
}

/** Success rate label (spec §9): Excellent ≥ 90, Good ≥ 70, else Needs Improvement. */
export function successLabel(rate: number | null): string {
  if (rate === null) return 'No data yet';
  if (rate >= 90) return 'Excellent';
  if (rate >= 70) return 'Good';
  return 'Needs Improvement';
}

/** Average score: the mean percent of completed evaluations. */
export function averagePercent(evaluations: Pick<EvaluationListItem, 'status' | 'results'>[]): number | null {
  const pcts = evaluations.filter((e) => e.status === 'completed' && e.results).map((e) => e.results!.percentage);
  if (!pcts.length) return null;
  return Math.round((pcts.reduce((a, b) => a + b, 0) / pcts.length) * 10) / 10;
}

export function successRate(completed: number, failed: number): number | null {
  return completed + failed === 0 ? null : Math.round((completed / (completed + failed)) * 1000) / 10;
}

export interface OverviewFigures {
  stats: DashboardStats;
  /** false when the viewer may not read submission figures (only a super admin may) */
  submissionsVisible: boolean;
}

const LIST_LIMIT = 1000;

async function computeStats(client: CorestoneClient, superAdmin: boolean, now: number): Promise<OverviewFigures> {
  const [users, rubrics] = await Promise.all([client.users.list({ limit: LIST_LIMIT }), client.rubrics.active()]);
  const byRole: Record<string, number> = {};
  for (const u of users.users as User[]) byRole[u.role] = (byRole[u.role] ?? 0) + 1;
  let submissions: EvaluationListItem[] = [];
  let counts = { total: 0, completed: 0, processing: 0, failed: 0 };
  if (superAdmin) {
    const [list, s] = await Promise.all([client.admin.submissions({ limit: LIST_LIMIT }), client.admin.submissionStats()]);
    submissions = list.evaluations;
    counts = { total: s.total, completed: s.completed, processing: s.processing, failed: s.failed };
  }
  return {
    submissionsVisible: superAdmin,
    stats: {
      total_users: users.total,
      total_submissions: counts.total,
      active_rubrics: rubrics.length,
      average_score: averagePercent(submissions),
      success_rate: successRate(counts.completed, counts.failed),
      completed: counts.completed,
      processing: counts.processing,
      failed: counts.failed,
      users_by_role: byRole,
      growth: {
        users: periodCounts(
          users.users.map((u) => u.created_at),
          now,
        ),
        submissions: periodCounts(
          submissions.map((e) => e.created_at),
          now,
        ),
      },
    },
  };
}

export async function loadOverview(client: CorestoneClient, superAdmin: boolean, now = Date.now()): Promise<OverviewFigures> {
  try {
    return { stats: await client.admin.stats(), submissionsVisible: superAdmin };
  } catch (e) {
    if (!isApiError(e) || (e.status !== 404 && e.status !== 405)) throw e;
    return computeStats(client, superAdmin, now);
  }
}

export interface CheckRow {
  name: string;
  ok: boolean | null;
  detail: string;
}

/** The System Status panel's live checks from GET /api/v1/health (`name` is the check's key; the panel translates it). */
export function systemChecks(health: Health | null | 'error', intl: IntlShape = ENGLISH): CheckRow[] {
  if (health === null) {
    const checking = intl.formatMessage({ id: 'overview.check.checking', defaultMessage: 'Checking...' });
    return ['API', 'Database', 'Message Bus', 'AI Service'].map((name) => ({ name, ok: null, detail: checking }));
  }
  if (health === 'error') {
    const unknown = intl.formatMessage({ id: 'overview.check.unknown', defaultMessage: 'Unknown' });
    return [
      { name: 'API', ok: false, detail: intl.formatMessage({ id: 'overview.check.notReachable', defaultMessage: 'Not reachable' }) },
      ...['Database', 'Message Bus', 'AI Service'].map((name) => ({ name, ok: null, detail: unknown })),
    ];
  }
  const failing = (dep: string) =>
    Object.entries(health.services)
      .filter(([, s]) => !s.ready && (s.detail ?? '').includes(dep))
      .map(([n]) => n);
  const row = (name: string, bad: string[], okText: string): CheckRow => ({
    name,
    ok: bad.length === 0,
    detail: bad.length
      ? intl.formatMessage({ id: 'overview.check.failingIn', defaultMessage: 'Failing in {services}' }, { services: bad.join(', ') })
      : okText,
  });
  const down = health.not_ready.filter((n) => !(health.services[n]?.detail ?? '').match(/postgres|nats/));
  const grading = health.services.grading;
  return [
    row(
      'API',
      down.filter((n) => n !== 'grading'),
      intl.formatMessage(
        { id: 'overview.check.servicesReady', defaultMessage: '{count} services ready' },
        { count: Object.keys(health.services).length },
      ),
    ),
    row('Database', failing('postgres'), intl.formatMessage({ id: 'overview.check.postgres', defaultMessage: 'PostgreSQL connected' })),
    row('Message Bus', failing('nats'), intl.formatMessage({ id: 'overview.check.nats', defaultMessage: 'NATS JetStream connected' })),
    grading
      ? {
          name: 'AI Service',
          ok: grading.ready,
          detail: grading.ready
            ? intl.formatMessage({ id: 'overview.check.gradingReady', defaultMessage: 'Grading workers ready' })
            : (grading.detail ?? intl.formatMessage({ id: 'overview.check.notReady', defaultMessage: 'Not ready' })),
        }
      : { name: 'AI Service', ok: null, detail: intl.formatMessage({ id: 'overview.check.notReported', defaultMessage: 'Not reported' }) },
  ];
}
