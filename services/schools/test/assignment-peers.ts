import type { Subscription } from '@nats-io/transport-node';
import { Codes, DEFAULT_EMAIL_NOTIFICATIONS, Rpc, type EmailNotifications, type Locale, type RubricSnapshot } from '@corestone/contracts';
import { newId, notFound, serveRpc, unavailable } from '@corestone/service-kit';
import type { Harness } from './harness';

/**
 * Stand-ins on the real NATS for what assignments ask other services (issue 31): rubric's
 * `rpc.rubric.get_snapshot`, evaluation's `rpc.evaluation.assignment_submitters` and users'
 * `rpc.users.email_notifications` (the accounts of the harness's AccountDirectory, every mail on
 * unless a test switches it off). The services' own tests answer these for real.
 */
export class AssignmentPeersStandIn {
  readonly rubrics = new Map<string, { type: 'ee' | 'tok'; active: boolean }>();
  /** Who has submitted into each assignment. */
  readonly submitters = new Map<string, Set<string>>();
  /** Mail switches a test changed, by user id. */
  readonly switches = new Map<string, Partial<EmailNotifications>>();
  /** Users' languages (issue 36), answered with the mail choices. */
  readonly languages = new Map<string, { locale: Locale | null; school_default_locale: Locale | null }>();
  /** Accounts users no longer has (left out of its answer). */
  readonly deleted = new Set<string>();
  /** evaluation not answering (503, as a timeout gives). */
  evaluationDown = false;
  readonly asked = { submitters: 0 };
  private subs: Subscription[] = [];

  constructor(private readonly h: Harness) {}

  /** An active rubric of `type` (or a draft one): its id. */
  rubric(type: 'ee' | 'tok', active = true): string {
    const id = newId();
    this.rubrics.set(id, { type, active });
    return id;
  }

  submitted(assignmentId: string, userId: string): void {
    const set = this.submitters.get(assignmentId) ?? new Set<string>();
    set.add(userId);
    this.submitters.set(assignmentId, set);
  }

  start(): this {
    const { bus } = this.h.service.infra;
    const log = this.h.service.app.log;
    this.subs = [
      serveRpc(
        bus,
        Rpc.rubricGetSnapshot,
        async ({ rubric_id }) => {
          const r = this.rubrics.get(rubric_id);
          if (!r) throw notFound('Rubric not found', Codes.RUBRIC_NOT_FOUND);
          const rubric: RubricSnapshot = {
            id: rubric_id,
            title: `${r.type.toUpperCase()} rubric`,
            rubric_type: r.type,
            scoring_structure: { total_points: 34, criteria: [], grade_boundaries: [], scoring_method: 'weighted_sum', pass_threshold: 0 },
            version: 1,
          };
          return { rubric, is_active: r.active };
        },
        log,
      ),
      serveRpc(
        bus,
        Rpc.evaluationAssignmentSubmitters,
        async ({ assignment_id }) => {
          this.asked.submitters += 1;
          if (this.evaluationDown) throw unavailable('evaluation service unavailable');
          return { user_ids: [...(this.submitters.get(assignment_id) ?? [])] };
        },
        log,
      ),
      serveRpc(
        bus,
        Rpc.usersEmailNotifications,
        async ({ user_ids }) => {
          const users = [];
          for (const [email, a] of this.h.accounts.byEmail) {
            if (!user_ids.includes(a.id) || this.deleted.has(a.id)) continue;
            users.push({
              user_id: a.id,
              email,
              name: a.name,
              email_notifications: { ...DEFAULT_EMAIL_NOTIFICATIONS, ...this.switches.get(a.id) },
              ...this.languages.get(a.id),
            });
          }
          return { users };
        },
        log,
      ),
    ];
    return this;
  }

  stop(): void {
    for (const s of this.subs) s.unsubscribe();
  }
}
