import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { resolveLocale, type Assignment } from '@corestone/contracts';
import { startSingletonJob, type Mailer, type SingletonJob } from '@corestone/service-kit';
import { REMINDER_WINDOW_MS, assignmentMail, mailDecision, type AssignmentMailKind } from '../domain/assignments';
import type { AssignmentPeers } from '../peers/assignment-peers';
import type { AssignmentStore, MailCandidate } from '../store/assignments';

/** Most students one pass mails per kind (the rest go in the next pass). */
const PASS_LIMIT = 2000;
const KINDS: readonly AssignmentMailKind[] = ['opened', 'due_soon'];

export interface AssignmentMailsDeps {
  pool: Pool;
  store: AssignmentStore;
  peers: AssignmentPeers;
  mailer: Mailer;
  /** PUBLIC_BASE_URL: the mails link the student's overview. */
  baseUrl: string;
  logger: FastifyBaseLogger;
}

export interface MailPass {
  sent: number;
  skipped: number;
  /** Mails whose send failed (tried again next pass) and assignments left for the next pass (evaluation did not answer). */
  failed: number;
}

/**
 * The "assignment open" and "due in 24 h" mails (issue 31), sent by a scheduled pass in the one
 * replica holding the job's lease (the kit's singleton jobs: it moves when its holder dies). Each
 * mail goes at most once per student, assignment and kind: the marker is written in the
 * transaction that sends, so a failed send is rolled back and tried in the next pass, and a second
 * replica or pass finds the marker. Skipped mails are marked too
 * (submitted, switched off, told the deadline in the open mail, no account) and never asked again.
 * A crash between the send and the commit can send one mail twice (at least once, never lost).
 */
export class AssignmentMails {
  private job: SingletonJob | null = null;
  private scheduled = false;
  /** A kicked pass is queued and has not started: further kicks are covered by it. */
  private kicked = false;

  constructor(private readonly deps: AssignmentMailsDeps) {}

  /** A pass every `everyMs` under the lease (0: no schedule; tests run passes with runOnce). */
  start(everyMs: number): void {
    this.scheduled = everyMs > 0;
    this.job = startSingletonJob({
      pool: this.deps.pool,
      name: 'schools.assignment-mails',
      everyMs,
      logger: this.deps.logger,
      run: () => {
        this.kicked = false;
        return this.runOnce();
      },
    });
  }

  /** An assignment was set or changed: a pass soon rather than at the next round (when scheduled at all). */
  kick(): void {
    if (!this.scheduled || this.kicked) return;
    this.kicked = true;
    void this.runScheduled();
  }

  /** The scheduled pass now, after any under way: false when another replica holds the lease. */
  runScheduled(): Promise<boolean> {
    return this.job ? this.job.runNow() : Promise.resolve(false);
  }

  async stop(): Promise<void> {
    await this.job?.stop();
    this.job = null;
  }

  /**
   * One pass at `now`. Safe beside another pass (the markers above send each mail once); the lease
   * only keeps the replicas from all doing the same work.
   */
  async runOnce(now: Date = new Date()): Promise<MailPass> {
    const pass: MailPass = { sent: 0, skipped: 0, failed: 0 };
    for (const kind of KINDS) await this.mailKind(kind, now, pass);
    return pass;
  }

  private async mailKind(kind: AssignmentMailKind, now: Date, pass: MailPass): Promise<void> {
    const { store, peers, logger } = this.deps;
    const candidates = await store.mailCandidates(kind, now, REMINDER_WINDOW_MS, PASS_LIMIT);
    if (candidates.length === 0) return;
    const assignments = new Map<string, Assignment>();
    const submitted = new Map<string, Set<string>>();
    for (const id of new Set(candidates.map((c) => c.assignment_id))) {
      const stored = await store.get(id);
      if (!stored) continue;
      if (kind === 'due_soon') {
        try {
          submitted.set(id, await peers.submitters(id));
        } catch (err) {
          // Without the submitters nobody is reminded: those who submitted must not be told they have not.
          logger.warn({ err, assignment: id }, 'reminder postponed: evaluation did not say who has submitted');
          pass.failed += 1;
          continue;
        }
      }
      assignments.set(id, stored.assignment);
    }
    const choices = await peers.mailChoices([...new Set(candidates.map((c) => c.user_id))]);
    for (const c of candidates) {
      const a = assignments.get(c.assignment_id);
      if (!a) continue;
      const choice = choices.get(c.user_id) ?? null;
      const decision = mailDecision({
        kind,
        due_at: a.due_at,
        submitted: submitted.get(a.id)?.has(c.user_id) ?? false,
        opened_mail_at: c.opened_mail_at,
        switches: choice?.email_notifications ?? null,
      });
      if (!decision.send || !choice) {
        await store.mark({ ...marker(c, kind, now), outcome: 'skipped', reason: decision.send ? undefined : decision.reason });
        pass.skipped += 1;
        continue;
      }
      try {
        const sent = await store.transaction(async (tx) => {
          if (!(await tx.mark({ ...marker(c, kind, now), outcome: 'sent' }))) return false;
          await this.deps.mailer.send(
            assignmentMail({
              kind,
              assignment: a,
              to: choice.email,
              name: choice.name,
              baseUrl: this.deps.baseUrl,
              locale: resolveLocale(choice.locale, choice.school_default_locale),
            }),
          );
          return true;
        });
        if (sent) pass.sent += 1;
      } catch (err) {
        logger.warn({ err, assignment: a.id, kind }, 'assignment mail not sent; the next pass tries again');
        pass.failed += 1;
      }
    }
  }
}

const marker = (c: MailCandidate, kind: AssignmentMailKind, at: Date) => ({ assignment_id: c.assignment_id, user_id: c.user_id, kind, at });
