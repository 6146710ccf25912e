/**
 * The KEDA trigger's lag query, for real: a nats-server of our own (JetStream in a temporary store,
 * monitoring port on), the stream and durable consumer created by grading's own code, jobs published
 * to the subject evaluation publishes, then the lag read exactly as KEDA's nats-jetstream scaler reads
 * it — GET /jsz?acc=<account>&consumers=true&config=true, lag = num_pending + num_ack_pending — for
 * the stream and consumer named in the rendered chart.
 */
import fs from 'node:fs';
import { Events } from '@corestone/contracts';
import { connectBus, type Bus } from '@corestone/service-kit';
import { ensureGradingConsumer } from '@corestone/grading/consumer';
import { expectedFile, exampleValueFiles, parseManifests, startNatsServer } from './support';

let nats: Awaited<ReturnType<typeof startNatsServer>>;
beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(() => nats?.stop());

interface Trigger {
  account: string;
  stream: string;
  consumer: string;
  lagThreshold: string;
}

/** The nats-jetstream trigger and NATS_PREFIX of a rendering of the chart (chart.test.ts proves the
 * committed renderings are what helm renders today). */
function chartTrigger(name: string): { trigger: Trigger; prefix: string } {
  const manifests = parseManifests(fs.readFileSync(expectedFile(name), 'utf8'));
  const scaled = manifests.find((m) => m.kind === 'ScaledObject')!;
  const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.endsWith('-config'))!;
  return { trigger: scaled.spec.triggers[0].metadata, prefix: config.data!.NATS_PREFIX };
}

/** What KEDA computes from the monitoring endpoint; null when the stream or consumer is not there. */
async function kedaLag(t: Trigger): Promise<number | null> {
  const res = await fetch(`${nats.monitorUrl}/jsz?acc=${encodeURIComponent(t.account)}&consumers=true&config=true`);
  const jsz = (await res.json()) as {
    account_details?: Array<{
      name: string;
      stream_detail?: Array<{ name: string; consumer_detail?: Array<{ name: string; num_pending: number; num_ack_pending: number }> }>;
    }>;
  };
  const account = jsz.account_details?.find((a) => a.name === t.account);
  const consumer = account?.stream_detail?.find((s) => s.name === t.stream)?.consumer_detail?.find((c) => c.name === t.consumer);
  return consumer ? consumer.num_pending + consumer.num_ack_pending : null;
}

async function withBus<T>(prefix: string, fn: (bus: Bus) => Promise<T>): Promise<T> {
  const bus = await connectBus({ url: nats.url, prefix, name: 'keda-lag-test' });
  try {
    return await fn(bus);
  } finally {
    await bus.close();
  }
}

const cases = ['default', ...exampleValueFiles().map((e) => e.name)];

describe.each(cases)('chart values: %s', (name) => {
  it('finds the consumer grading creates and reads pending + unacknowledged jobs as its lag', async () => {
    const { trigger, prefix } = chartTrigger(name);
    expect(await kedaLag(trigger)).toBeNull(); // nothing yet: a wrong name would stay null below

    await withBus(prefix, async (bus) => {
      // As the chart's hook Job does before any worker runs (grading's own code and settings).
      const created = await ensureGradingConsumer(bus, { concurrency: 4, ackWaitMs: 120_000 });
      expect(await kedaLag(trigger)).toBe(0);

      // Five jobs as evaluation's outbox relay publishes them (the subject and msg ids are what count here).
      for (let i = 0; i < 5; i++) {
        await bus.js.publish(bus.subject(Events.evaluationSubmitted.subject), JSON.stringify({ i }), { msgID: `${prefix}-job-${i}` });
      }
      expect(await kedaLag(trigger)).toBe(5);

      // A worker holding two jobs: still lag (ack pending) until they are acknowledged.
      const consumer = await bus.js.consumers.get(created.stream, created.durable);
      const batch = await consumer.fetch({ max_messages: 2, expires: 2000 });
      const held = [];
      for await (const msg of batch) held.push(msg);
      expect(held).toHaveLength(2);
      expect(await kedaLag(trigger)).toBe(5);
      for (const msg of held) await msg.ackAck();
      expect(await kedaLag(trigger)).toBe(3);
      // Values files sharing a stream name start again from nothing.
      await bus.jsm.streams.delete(created.stream);
    });
  });
});
