import { Events } from '@corestone/contracts';
import { awaitPublication, enqueueEvent, publicationMark, type Queryable } from '@corestone/service-kit';
import type { SnapshotsChanged } from '../store/rubrics';

/**
 * `rubric.changed.v1 {rubric_id}` for every rubric whose `rpc.rubric.get_snapshot` answer a write
 * may have changed (edit, status change, new version, delete; every rubric after the migrations
 * and seeds at start-up), enqueued in the write's own transaction through the kit's outbox. The
 * relay runs with `holdAnswers` (start.ts), so the event is in the RUBRIC stream before the write is
 * answered: evaluation, which keeps snapshots in its own process memory, drops the rubric's at the
 * next submission (services/evaluation/README.md, "Rubric and submitter look-ups"). rubric writes
 * no cache of anyone else's.
 */
export const announceSnapshotChanges: SnapshotsChanged = async (db: Queryable, ids: string[]) => {
  for (const id of ids) await enqueueEvent(db, Events.rubricChanged, { rubric_id: id });
};

/**
 * Runs a write outside any request (the seeds at start-up) and returns once the events it
 * enqueued are published, as an answer would (at most `PUBLICATION_WAIT_MS`): a rubric replica that
 * restarts with new seed texts has had every caller drop its kept snapshots when it is ready.
 */
export async function announcedBeforeReturning<T>(write: () => Promise<T>): Promise<T> {
  const mark = publicationMark();
  const result = await write();
  await awaitPublication(mark);
  return result;
}
