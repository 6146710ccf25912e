import type { FastifyBaseLogger } from 'fastify';
import { Rpc, type Role, type RpcResponse, type RubricTexts } from '@corestone/contracts';
import { EventFedCache, callRpc, type Bus } from '@corestone/service-kit';

/** What a submission takes from its submitter's users view (credits are billing's to check, when it charges). */
export interface SubmitterView {
  role: Role;
  name: string;
  email: string;
  is_active: boolean;
  /** The school they are an active member of (users' view, from schools' events); null: an individual. */
  school_id: string | null;
}

export type RubricAnswer = RpcResponse<typeof Rpc.rubricGetSnapshot>;

/** Snapshots kept at most (≤ 6 KB of JSON each; an installation has tens of rubrics in use). */
const RUBRICS_KEPT = 1_000;
/** Safety net only: rubric announces every change (rubric.changed.v1). */
const RUBRIC_KEPT_MS = 300_000;

/** Longest a reader's answer waits for rubric's texts (issue 36) before showing the stored English. */
const RUBRIC_TEXTS_WAIT_MS = 1_500;

export interface LookupsDeps {
  bus: Bus;
  log: FastifyBaseLogger;
  rpcTimeoutMs: number;
}

/**
 * The two questions every submission asks, without a NATS round trip to another service in the
 * common case (services/evaluation/README.md, "Rubric and submitter look-ups"). Both are the kit's
 * one read-your-writes mechanism, an `EventFedCache` per process fed by the owner's stream, used
 * only once every event published there before the request has been handled here (the owners
 * publish before they answer a change): no window, on every replica. A miss, or a feed that is not
 * current, asks the owner.
 * - the rubric snapshot (`rpc.rubric.get_snapshot`'s answer), dropped by `rubric.changed.v1`
 *   (RUBRIC stream), by its `rubric_id`; refusals (404) are never kept;
 * - the submitter (role, name, e-mail, activation), dropped by any event of the USERS stream
 *   naming their `user_id`.
 * And, for readers of results (issue 36), a rubric's current texts and translations
 * (`rpc.rubric.texts`), kept and dropped like the snapshot; an unknown or deleted rubric is kept as
 * null (its results keep their stored English), and rubric not answering is null too, never kept.
 */
export class Lookups {
  readonly submitters: EventFedCache<SubmitterView>;
  readonly rubrics: EventFedCache<RubricAnswer>;
  readonly rubricTexts: EventFedCache<RubricTexts | null>;

  constructor(private readonly deps: LookupsDeps) {
    this.submitters = new EventFedCache<SubmitterView>(deps.bus, deps.log, {
      streams: ['users'],
      label: 'submitter cache',
      fallback: 'asking users on every submission',
    });
    this.rubrics = new EventFedCache<RubricAnswer>(deps.bus, deps.log, {
      streams: ['rubric'],
      keyField: 'rubric_id',
      label: 'rubric snapshot cache',
      fallback: 'asking rubric on every submission',
      max: RUBRICS_KEPT,
      ttlMs: RUBRIC_KEPT_MS,
    });
    this.rubricTexts = new EventFedCache<RubricTexts | null>(deps.bus, deps.log, {
      streams: ['rubric'],
      keyField: 'rubric_id',
      label: 'rubric texts cache',
      fallback: 'asking rubric on every read in another language',
      max: RUBRICS_KEPT,
      ttlMs: RUBRIC_KEPT_MS,
    });
  }

  /** Starts the users and rubric feeds; until then every submission asks users and rubric. */
  async start(): Promise<void> {
    await this.submitters.start();
    await this.rubrics.start();
    await this.rubricTexts.start();
  }

  stop(): void {
    this.submitters.stop();
    this.rubrics.stop();
    this.rubricTexts.stop();
  }

  /** Resolves once the feeds are current (tests). */
  async whenCurrent(): Promise<void> {
    await this.submitters.whenCurrent();
    await this.rubrics.whenCurrent();
    await this.rubricTexts.whenCurrent();
  }

  /** The snapshot and whether the rubric takes submissions; 404 as rubric answers it (never cached). */
  rubric(rubricId: string): Promise<RubricAnswer> {
    return this.rubrics.get(rubricId, () =>
      callRpc(this.deps.bus, Rpc.rubricGetSnapshot, { rubric_id: rubricId }, { timeoutMs: this.deps.rpcTimeoutMs }),
    );
  }

  /**
   * A rubric's current English texts and translations, any status (issue 36); null for an unknown or
   * deleted rubric, and — not kept — when rubric does not answer within 1.5 s: a reader is never
   * refused or held up for a translation.
   */
  async rubricTextsOf(rubricId: string): Promise<RubricTexts | null> {
    try {
      return await this.rubricTexts.get(rubricId, async () => {
        const { rubric } = await callRpc(
          this.deps.bus,
          Rpc.rubricTexts,
          { rubric_id: rubricId },
          { timeoutMs: Math.min(RUBRIC_TEXTS_WAIT_MS, this.deps.rpcTimeoutMs) },
        );
        return rubric;
      });
    } catch (err) {
      this.deps.log.warn({ err, rubric_id: rubricId }, 'rubric texts not available: the stored English is shown');
      return null;
    }
  }

  /** The submitter as users knows them now; 404 USER_NOT_FOUND for a deleted account (never cached). */
  submitter(userId: string): Promise<SubmitterView> {
    return this.submitters.get(userId, async () => {
      const { user } = await callRpc(this.deps.bus, Rpc.usersGetView, { user_id: userId }, { timeoutMs: this.deps.rpcTimeoutMs });
      return {
        role: user.role,
        name: user.name,
        email: user.email,
        is_active: user.is_active,
        school_id: user.school?.status === 'active' ? user.school.id : null,
      };
    });
  }
}
