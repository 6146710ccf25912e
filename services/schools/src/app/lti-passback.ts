import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import type { EventData, Events, LtiPassback, LtiPassbackList } from '@corestone/contracts';
import { isUuid, markProcessed, withTransaction, type Principal } from '@corestone/service-kit';
import { AssignmentRules } from '../domain/assignments';
import type { LtiPlatformPeer } from '../peers/lti-platform';
import type { AssignmentStore } from '../store/assignments';
import { LtiStore, type PassbackRow } from '../store/lti';
import type { SchoolStore } from '../store/schools';
import { assignmentNotFound } from './assignments';
import type { ToolKeys } from './lti-keys';
import { reachClass } from './tenancy';

export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
/** Attempts before a passback is failed for good (the teacher may retry it). */
export const PASSBACK_MAX_ATTEMPTS = 5;
/** Backoff after attempt n: BASE × 4^(n-1) seconds (30 s, 2 min, 8 min, 32 min). */
const BACKOFF_BASE_SECONDS = 30;
/** A claimed passback is someone else's to try again after this long (a replica that died mid-send). */
const CLAIM_SECONDS = 120;
const BATCH = 20;

export const PASSBACK_CONSUMER = 'schools-lti-passback';

const view = (r: PassbackRow): LtiPassback => ({
  id: r.id,
  evaluation_id: r.evaluation_id,
  user_id: r.user_id,
  lineitem_url: r.lineitem_url,
  score_given: r.score_given,
  score_maximum: r.score_maximum,
  status: r.status,
  attempts: r.attempts,
  last_error: r.last_error,
  next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
  sent_at: r.sent_at?.toISOString() ?? null,
});

/**
 * AGS grade passback (issue 32): a released result (evaluation.released with its mark) becomes a
 * row per LMS line item of the assignment (`lti_passbacks`, written with the event's processed mark:
 * the table is the outbox), sent by `runOnce` — a client-credentials token with a JWT assertion
 * signed by the tool, then the score to `<lineitem>/scores` — and tried again with backoff
 * (PASSBACK_MAX_ATTEMPTS, then `failed`). Any replica may send: rows are claimed with SKIP LOCKED.
 * The teacher sees each passback's status and retries failed ones.
 */
export class LtiPassbacks {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly d: {
      pool: Pool;
      lti: LtiStore;
      schools: SchoolStore;
      assignments: AssignmentStore;
      platform: LtiPlatformPeer;
      keys: ToolKeys;
      logger: FastifyBaseLogger;
    },
  ) {}

  /** evaluation.released: the passbacks it needs, once per event. */
  async released(eventId: string, data: EventData<typeof Events.evaluationReleased>): Promise<number> {
    const score = data.score;
    const queued = await withTransaction(this.d.pool, async (client) => {
      if (!(await markProcessed(client, PASSBACK_CONSUMER, eventId))) return 0;
      if (!score || !isUuid(data.assignment_id) || !isUuid(data.user_id)) return 0;
      return new LtiStore(client).queuePassbacks({
        evaluation_id: data.evaluation_id,
        user_id: data.user_id,
        assignment_id: data.assignment_id,
        given: score.given,
        maximum: score.maximum,
        comment: score.comment,
      });
    });
    if (queued) this.kick();
    return queued;
  }

  /** Sends what is due now (one pass at a time in this process). */
  runOnce(): Promise<void> {
    this.running = this.running.then(() => this.pass()).catch((err: unknown) => this.d.logger.error({ err }, 'LTI passback pass failed'));
    return this.running;
  }

  kick(): void {
    void this.runOnce();
  }

  start(everyMs: number): void {
    if (everyMs > 0) this.timer = setInterval(() => this.kick(), everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async pass(): Promise<void> {
    for (;;) {
      const due = await this.d.lti.claimDuePassbacks(BATCH, CLAIM_SECONDS);
      if (!due.length) return;
      for (const p of due) await this.send(p);
    }
  }

  private async send(p: PassbackRow): Promise<void> {
    try {
      const platform = await this.d.lti.getPlatform(p.platform_id);
      if (!platform) throw new Error('platform no longer registered');
      const assertion = await this.d.keys.clientAssertion(platform);
      const token = await this.d.platform.accessToken(platform.auth_token_url, assertion, [AGS_SCORE_SCOPE]);
      await this.d.platform.postScore(p.lineitem_url, token, {
        userId: p.lti_sub,
        scoreGiven: p.score_given,
        scoreMaximum: p.score_maximum,
        comment: p.comment || undefined,
        timestamp: new Date().toISOString(),
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      });
      await this.d.lti.passbackSent(p.id);
    } catch (err) {
      const retry = p.attempts >= PASSBACK_MAX_ATTEMPTS ? null : BACKOFF_BASE_SECONDS * 4 ** (p.attempts - 1);
      this.d.logger.warn({ err: (err as Error).message, passback: p.id, attempt: p.attempts }, 'LTI grade passback failed');
      await this.d.lti.passbackFailed(p.id, (err as Error).message, retry);
    }
  }

  // ---- the teacher's view ----

  private async reach(principal: Principal, assignmentId: string) {
    const stored = isUuid(assignmentId) ? await this.d.assignments.get(assignmentId) : null;
    if (!stored) throw assignmentNotFound();
    await reachClass(this.d.schools, principal, stored.assignment.class_id, AssignmentRules.manage, assignmentNotFound);
  }

  async list(principal: Principal, assignmentId: string): Promise<LtiPassbackList> {
    await this.reach(principal, assignmentId);
    return { passbacks: (await this.d.lti.passbacksOf(assignmentId)).map(view) };
  }

  /** Failed passbacks of the assignment (or the one named) are tried again now. */
  async retry(principal: Principal, assignmentId: string, passbackId: string | null): Promise<{ retried: number }> {
    await this.reach(principal, assignmentId);
    if (passbackId && !isUuid(passbackId)) return { retried: 0 };
    const retried = await this.d.lti.retryPassbacks(assignmentId, passbackId);
    if (retried) this.kick();
    return { retried };
  }
}
