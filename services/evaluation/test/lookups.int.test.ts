/**
 * The submission's two look-ups (src/peers/lookups.ts) against the real NATS: repeated
 * submissions ask neither rubric nor users; a rubric change announced the way the rubric service
 * does (rubric.changed.v1 published before answering) and a users change announced the way users
 * does (users.view_changed.v1 / users.deleted.v1 published before answering) are honoured by the
 * very next submission; a rubric feed that is not current means asking rubric.
 * The rubric service's side of the same contract: services/rubric/test/snapshot-cache.int.test.ts;
 * the whole platform: tests/system/submission-lookups.test.ts. No timing assertions.
 */
import { Codes, Events, Messages, type RubricSnapshot, type User } from '@corestone/contracts';
import { newId, publishEvent } from '@corestone/service-kit';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('evlk');
  await h.lookups.whenCurrent();
});
afterAll(async () => {
  await h?.close();
});

type Submitter = Awaited<ReturnType<Harness['user']>>;

let essays = 0;
function submit(user: Submitter, rubric: RubricSnapshot) {
  essays++;
  return h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate',
    headers: user.headers,
    payload: {
      title: `Essay ${essays}`,
      essay_type: rubric.rubric_type,
      rubric_id: rubric.id,
      essay_content: `Essay number ${essays}. ${'Solar panels on coastal roofs face salt, wind and changing light. '.repeat(30)}`,
    },
  });
}

/** A rubric of this test alone (the stand-in answers every rubric in `h.rubrics`). */
function newRubric(): RubricSnapshot {
  const rubric = { ...h.rubrics.ee, id: newId(), title: 'Lookups rubric', version: 1 };
  h.rubrics[`lookups-${rubric.id}`] = rubric;
  return rubric;
}

/** What the rubric service does: the change, then rubric.changed.v1 acknowledged by JetStream, then the answer. */
const rubricChanged = (id: string) => publishEvent(h.bus, Events.rubricChanged, { rubric_id: id });

/** What the users service does: the change, then users.view_changed.v1 acknowledged by JetStream, then the answer. */
async function usersChange(id: string, patch: Partial<User>) {
  h.users.set(id, { ...h.users.get(id)!, ...patch });
  await publishEvent(h.bus, Events.usersViewChanged, { user_id: id });
}

it('answers repeated submissions without asking rubric or users', async () => {
  const me = await h.user('student', 10);
  const rubric = newRubric();
  expect((await submit(me, rubric)).statusCode).toBe(201);
  const asked = { ...h.asked };
  for (let i = 0; i < 3; i++) expect((await submit(me, rubric)).statusCode).toBe(201);
  expect(h.asked).toEqual(asked);
  expect(h.lookups.submitters.stats.hits).toBeGreaterThanOrEqual(3);
  expect(h.lookups.rubrics.stats.hits).toBeGreaterThanOrEqual(3);
});

it('refuses a rubric archived by its owner at the very next submission, takes it again once active, and snapshots a new version', async () => {
  const me = await h.user('teacher', 10);
  const rubric = newRubric();
  expect((await submit(me, rubric)).statusCode).toBe(201);

  h.inactive.add(rubric.id);
  await rubricChanged(rubric.id);
  const charges = h.ledger.calls;
  const refused = await submit(me, rubric);
  expect([refused.statusCode, refused.json().code]).toEqual([404, Codes.RUBRIC_NOT_FOUND]);
  expect(h.ledger.calls).toBe(charges); // refused before billing was asked

  h.inactive.delete(rubric.id);
  Object.assign(rubric, { title: 'Lookups rubric, second version', version: 2 });
  await rubricChanged(rubric.id);
  const accepted = await submit(me, rubric);
  expect(accepted.statusCode).toBe(201);
  expect(accepted.json().rubric).toMatchObject({ id: rubric.id, title: 'Lookups rubric, second version', version: 2 });
});

it('honours a role or name change and a deactivation at the very next submission', async () => {
  const me = await h.user('student', 10, 'Sam Student');
  const rubric = newRubric();
  expect((await submit(me, rubric)).json()).toMatchObject({ user_type: 'student', user_name: 'Sam Student' });

  await usersChange(me.id, { role: 'teacher', user_type: 'teacher', name: 'Sam Teacher' });
  expect((await submit(me, rubric)).json()).toMatchObject({ user_type: 'teacher', user_name: 'Sam Teacher' });

  await usersChange(me.id, { role: 'admin', user_type: 'admin' });
  const asAdmin = await submit(me, rubric); // the token still says student
  expect([asAdmin.statusCode, asAdmin.json().code]).toEqual([403, Codes.FORBIDDEN]);

  await usersChange(me.id, { role: 'student', user_type: 'student', is_active: false });
  const charges = h.ledger.calls;
  const deactivated = await submit(me, rubric);
  expect([deactivated.statusCode, deactivated.json().code]).toEqual([403, Codes.ACCOUNT_DEACTIVATED]);
  expect(h.ledger.calls).toBe(charges);

  await usersChange(me.id, { is_active: true });
  expect((await submit(me, rubric)).statusCode).toBe(201);
});

it('refuses a deleted account at the very next submission (users.deleted.v1)', async () => {
  const me = await h.user('student', 10);
  const rubric = newRubric();
  expect((await submit(me, rubric)).statusCode).toBe(201);
  h.users.delete(me.id);
  await publishEvent(h.bus, Events.usersDeleted, { user_id: me.id });
  const res = await submit(me, rubric);
  expect([res.statusCode, res.json().detail]).toEqual([404, Messages.USER_NOT_FOUND]);
});

it('asks rubric while the rubric feed is not current, and goes back to the kept snapshot once it is', async () => {
  const me = await h.user('student', 10);
  const rubric = newRubric();
  expect((await submit(me, rubric)).statusCode).toBe(201);
  const ends = jest.spyOn(h.bus.jsm.streams, 'info').mockRejectedValue(new Error('NATS away'));
  try {
    // The sync cannot read the streams' ends: nothing kept is trusted, rubric is asked each time.
    const asked = h.asked.rubric;
    expect((await submit(me, rubric)).statusCode).toBe(201);
    expect((await submit(me, rubric)).statusCode).toBe(201);
    expect(h.asked.rubric).toBe(asked + 2);
    expect(h.lookups.rubrics.current).toBe(false);
  } finally {
    ends.mockRestore();
  }
  await h.lookups.whenCurrent();
  expect((await submit(me, rubric)).statusCode).toBe(201); // the kept snapshot, or loaded and kept again
  const asked = h.asked.rubric;
  expect((await submit(me, rubric)).statusCode).toBe(201);
  expect(h.asked.rubric).toBe(asked);
});
