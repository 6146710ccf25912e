import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import type { Assignment } from '@corestone/contracts';
import type { Mailer } from '@corestone/service-kit';
import { REMINDER_WINDOW_MS, assignmentMail, mailDecision, type AssignmentMailKind } from '../domain/assignments';
import type { AssignmentPeers } from '../peers/assignment-peers';
import type { AssignmentStore, MailCandidate } from '../store/assignments';
import { withLease } from '../store/lease';

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
  /** The lease's name (with the schema in it: one scheduler per deployment, test runs apart). */
  leaseName: string;
  logger: FastifyBaseLogger;
}

export interface MailPass {
  /** false: another replica held the lease; this pass did nothing. */
  held: boolean;
  sent: number;
  skipped: number;
  /** Mails whose send failed (tried again next pass) and assignments left for the next pass (evaluation did not answer). */
  failed: number;
}

/**
 * The "assignment open" and "due in 24 h" mails (issue 31), sent by a scheduled pass that holds a
 * lease (one replica at a time). Each mail goes at most once per student, assignment and kind: the
 * marker is written in the transaction that sends, so a failed send is rolled back and tried in
 * the next pass, and a second replica or pass finds the marker. Skipped mails are marked too
 * (submitted, switched off, told the deadline in the open mail, no account) and never asked again.
 * A crash between the send and the commit can send one mail twice (at least once, never lost).
 */
export class AssignmentMails {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** A kick came while a pass ran: one more pass after it (the new assignment may have come too late for it). */
  private again = false;

  constructor(private readonly deps: AssignmentMailsDeps) {}

  /** A pass every `everyMs` (0: none; tests run passes with runOnce). */
  start(everyMs: number): void {
    if (everyMs <= 0) return;
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  /** An assignment was set or changed: a pass soon rather than at the next round (when scheduled at all). */
  kick(): void {
    if (this.timer) setImmediate(() => this.tick());
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.runOnce()
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'assignment mail pass failed; the next one tries again'))
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) this.tick();
      });
  }

  /** One pass at `now`, under the lease. */
  async runOnce(now: Date = new Date()): Promise<MailPass> {
    const leased = await withLease(this.deps.pool, this.deps.leaseName, async () => {
      const pass: MailPass = { held: true, sent: 0, skipped: 0, failed: 0 };
      for (const kind of KINDS) await this.mailKind(kind, now, pass);
      return pass;
    });
    return leased.held ? leased.value : { held: false, sent: 0, skipped: 0, failed: 0 };
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
            assignmentMail({ kind, assignment: a, to: choice.email, name: choice.name, baseUrl: this.deps.baseUrl }),
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
