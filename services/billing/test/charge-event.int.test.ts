/**
 * The charge's `billing.account_updated.v1` is the one billing event whose data is built as JSON
 * inside SQL (`consume_credit`, enqueued through the kit's `kit_enqueue_event`): nothing checks it
 * against its contract when it is written, so this test does, on what the relay published.
 */
import { Value } from '@sinclair/typebox/value';
import { Events, streamName, type EventEnvelope } from '@corestone/contracts';
import { newId, parseEvent } from '@corestone/service-kit';
import { startBilling, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startBilling('bilchg');
});
afterAll(async () => {
  await h?.close();
});

/** The user's billing.account_updated.v1 events in the stream, in order (waits until `count` are there). */
async function publishedFor(userId: string, count: number): Promise<EventEnvelope<unknown>[]> {
  const bus = h.service.infra.bus;
  const name = streamName(bus.prefix, 'billing');
  for (let attempt = 0; attempt < 100; attempt++) {
    await h.service.messaging.relay.flush();
    const info = await bus.jsm.streams.info(name);
    const found: EventEnvelope<unknown>[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const msg = await bus.jsm.streams.getMessage(name, { seq }).catch(() => null);
      const event = msg && (parseEvent(msg.data) as EventEnvelope<{ user_id?: string }>);
      if (event && event.type === Events.billingAccountUpdated.subject && event.data.user_id === userId) found.push(event);
    }
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('gave up waiting for the events');
}

it('the charge event built in SQL satisfies the billing.account_updated.v1 contract exactly', async () => {
  const user = newId();
  await h.service.store.consume(user, newId()); // opens (event from TypeScript) and charges (event from SQL)
  const [, charged] = await publishedFor(user, 2);
  const schema = Events.billingAccountUpdated.schema;
  expect([...Value.Errors(schema, charged.data)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
  // no field beyond the contract's, none missing
  expect(Object.keys(charged.data as object).sort()).toEqual(Object.keys(schema.properties).sort());
  // (its values: billing.int.test.ts, 'writes the charge event through the outbox in the shape enqueueEvent gives')
  expect(charged.data).toMatchObject({ user_id: user, essay_credits: 0, version: 2 });
  expect(charged).toMatchObject({ type: Events.billingAccountUpdated.subject, version: Events.billingAccountUpdated.version });
});

it('a charge of a paid balance (pack plan, several credits) satisfies the contract too', async () => {
  const user = newId();
  await h.service.store.setCredits(user, 5, 5); // open + set: two events from TypeScript
  await h.service.store.consume(user, newId());
  const events = await publishedFor(user, 3);
  const charged = events[2];
  expect(Value.Check(Events.billingAccountUpdated.schema, charged.data)).toBe(true);
  expect(charged.data).toMatchObject({ user_id: user, essay_credits: 4, max_essay_credits: 5, version: 3 });
});
