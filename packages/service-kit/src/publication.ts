/**
 * Answers leave after their events are published. An HTTP or RPC answer waits (at most
 * `PUBLICATION_WAIT_MS`) until the outbox events written while it was being made have been
 * published to JetStream by this process's outbox relay. So whoever has read an answer can rely
 * on its events being in their streams and on their way to every subscriber — which is what makes
 * a read model fed by those events read-your-writes (users' credit view: docs/decisions.md).
 *
 * Tracked per process with a counter rather than per request: an answer waits for the events
 * committed since its request arrived, its own and those of requests running at the same time
 * (the relay publishes them in the same round). Only while a relay runs in this process;
 * events of a rolled-back transaction are never waited for.
 */

export const PUBLICATION_WAIT_MS = 1000;

/** Event ids written by an open transaction (withTransaction), tracked once it commits. */
const inTransaction = new WeakMap<object, string[]>();
/** Committed events not yet published: id → the number they were committed as. */
const unpublished = new Map<string, number>();
const waiters = new Set<() => void>();
const relayKicks = new Set<() => void>();
let committed = 0;

const tracking = () => relayKicks.size > 0;

function track(id: string): void {
  unpublished.set(id, ++committed);
}

/** A relay started in this process (it calls the returned function when it stops). */
export function registerRelay(kick: () => void): () => void {
  relayKicks.add(kick);
  return () => {
    relayKicks.delete(kick);
    if (!tracking()) {
      unpublished.clear();
      for (const wake of [...waiters]) wake();
    }
  };
}

/** enqueueEvent: an event row was written through `db` (a transaction's client, or autocommit). */
export function noteEnqueued(db: object, id: string): void {
  if (!tracking()) return;
  const open = inTransaction.get(db);
  if (open) open.push(id);
  else track(id);
}

/** withTransaction: BEGIN, then COMMIT or ROLLBACK of `client`. */
export function transactionBegun(client: object): void {
  if (tracking()) inTransaction.set(client, []);
}
export function transactionEnded(client: object, outcome: 'commit' | 'rollback'): void {
  const ids = inTransaction.get(client);
  inTransaction.delete(client);
  if (outcome === 'commit' && ids) ids.forEach(track);
}

/** The relay published (or parked) an event: answers waiting for it may leave. */
export function notePublished(id: string): void {
  if (!unpublished.delete(id)) return;
  for (const wake of [...waiters]) wake();
}

/** Taken when a request arrives; give it to `awaitPublication` before answering. */
export function publicationMark(): number {
  return committed;
}

/** Waits until every event committed after `mark` (and up to now) is published; bounded by `timeoutMs`. */
export async function awaitPublication(mark: number, timeoutMs = PUBLICATION_WAIT_MS): Promise<void> {
  if (committed === mark || !tracking()) return;
  const upTo = committed;
  const done = () => {
    for (const n of unpublished.values()) if (n > mark && n <= upTo) return false;
    return true;
  };
  if (done()) return;
  for (const kick of relayKicks) kick();
  await new Promise<void>((resolve) => {
    const finish = () => {
      waiters.delete(check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (!tracking() || done()) finish();
    };
    const timer = setTimeout(() => {
      // Not published in time (NATS away, or a row the relay keeps retrying): answer anyway and
      // stop waiting for these events on later answers too.
      for (const [id, n] of unpublished) if (n > mark && n <= upTo) unpublished.delete(id);
      finish();
    }, timeoutMs);
    timer.unref?.();
    waiters.add(check);
  });
}
