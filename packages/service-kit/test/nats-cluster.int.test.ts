/**
 * Streams on a three-node NATS cluster (three nats-server processes this test starts on its own
 * ports and folders): replicas come from configuration, a publish whose acknowledgement is lost in
 * a leader election is sent again under the same message id and stored once, and a durable
 * consumer goes on after the node leading its stream is killed or cut off from the others.
 */
import { Events, streamName } from '@corestone/contracts';
import { connectBus, createServiceApp, ensureStream, newId, publishEvent, startConsumer, type Bus } from '@corestone/service-kit';
import { startNatsCluster, type NatsCluster } from '../src/testing';

jest.setTimeout(180_000);

let cluster: NatsCluster;
let bus: Bus;
const log = createServiceApp({ name: 'cluster-test', logLevel: 'silent' }).log;

beforeAll(async () => {
  cluster = await startNatsCluster();
  bus = await connectBus({ url: cluster.url, prefix: 'ct', name: 'cluster-test', replicas: 3 });
});
afterAll(async () => {
  await bus?.close();
  await cluster?.destroy();
});

beforeEach(async () => {
  await until(
    'JetStream answering on every server',
    () => bus.jsm.getAccountInfo(),
    (i) => !!i,
  );
});

async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined as T);
    if (v !== undefined && ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms} ms (last ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a stream gets the configured number of replicas (NATS_STREAM_REPLICAS=3 here) and the declared duplicate window', async () => {
  const name = await ensureStream(bus, 'grading');
  const info = await bus.jsm.streams.info(name);
  expect(info.config.num_replicas).toBe(3);
  expect(info.config.duplicate_window).toBe(2 * 60 * 1e9);
  const replicas = await until(
    'two followers current',
    () => bus.jsm.streams.info(name),
    (i) => (i.cluster?.replicas ?? []).filter((r) => r.current).length === 2,
  );
  expect(replicas.cluster?.leader).toBeTruthy();
});

/**
 * Publishes events one after another (each waiting for its acknowledgement, retried under its id),
 * while `fault` runs; then checks the consumer saw each acknowledged event, the stream holds each
 * once, and nothing failed to publish.
 */
async function publishThrough(fault: () => Promise<void>) {
  const name = await ensureStream(bus, 'grading');
  const seen = new Map<string, number>();
  const consumer = await startConsumer({
    bus,
    stream: 'grading',
    durable: 'cluster-reader',
    subjects: [Events.gradingProgress.subject],
    logger: log,
    ackWaitMs: 5_000,
    handler: async (event) => void seen.set(event.id, (seen.get(event.id) ?? 0) + 1),
  });
  const before = (await bus.jsm.streams.info(name)).state.messages;
  const acked: string[] = [];
  const failed: string[] = [];
  let publishing = true;
  const publisher = (async () => {
    while (publishing) {
      const id = newId();
      await publishEvent(bus, Events.gradingProgress, { evaluation_id: id, stage: 'reading', percent: 10 }, id).then(
        () => acked.push(id),
        () => failed.push(id),
      );
    }
  })();
  try {
    await until(
      'some published',
      async () => acked.length,
      (n) => n >= 20,
    );
    await fault();
    const after = acked.length;
    await until(
      'more published after the fault',
      async () => acked.length,
      (n) => n >= after + 20,
    );
  } finally {
    publishing = false; // also when the test fails: the loop must not outlive it
    await publisher;
  }
  await until(
    'every acknowledged event consumed',
    async () => acked.filter((id) => seen.has(id)).length,
    (n) => n === acked.length,
  );
  await consumer.stop();
  const stored = await until(
    'the stream holds them',
    async () => (await bus.jsm.streams.info(name)).state.messages - before,
    (n) => n >= acked.length,
  );
  return { acked: acked.length, failed: failed.length, stored, handledTwice: [...seen.values()].filter((n) => n > 1).length };
}

test('killing the node that leads the stream loses and doubles nothing; the consumer carries on', async () => {
  // progress events go to the grading stream: the prefix is the test's own ("ct")
  const stream = streamName(bus.prefix, 'grading');
  const result = await publishThrough(async () => {
    const leader = await until(
      'a leader',
      () => cluster.streamLeader(stream),
      (i) => i >= 0,
    );
    await cluster.stop(leader, 'SIGKILL');
    const next = await until(
      'a new leader',
      () => cluster.streamLeader(stream),
      (i) => i >= 0 && i !== leader,
    );
    expect(next).not.toBe(leader);
    await cluster.start(leader);
  });
  expect(result.failed).toBe(0);
  expect(result.stored).toBe(result.acked); // no double in the stream
  expect(result.acked).toBeGreaterThanOrEqual(40);
});

test('cutting the leading node off from the others loses and doubles nothing', async () => {
  const stream = streamName(bus.prefix, 'grading');
  const result = await publishThrough(async () => {
    const leader = await until(
      'a leader',
      () => cluster.streamLeader(stream),
      (i) => i >= 0,
    );
    cluster.partition(leader);
    const others = [0, 1, 2].filter((i) => i !== leader);
    await until(
      'a leader among the others',
      () => cluster.streamLeader(stream, others),
      (i) => i >= 0 && i !== leader,
    );
    cluster.heal(leader);
  });
  expect(result.failed).toBe(0);
  expect(result.stored).toBe(result.acked);
});

test('a bus connected to a server cut off from the others moves to another one, and its requests are answered again', async () => {
  // NATS_URL lists the cluster's servers (a server cut off from the others would tell its clients
  // of itself only); the one this bus happens to be on is cut off
  const alone = await connectBus({ url: cluster.url, prefix: 'ct', name: 'cluster-test-alone', replicas: 3 });
  const cutOff = cluster.nodes.findIndex((n) => n.name === alone.nc.info?.server_name);
  const other = cluster.nodes.find((_, i) => i !== cutOff)!;
  const responder = await connectBus({ url: other.url, prefix: 'ct', name: 'cluster-test-responder', replicas: 3 });
  const sub = responder.nc.subscribe('ct.rpc.echo', { callback: (_err, msg) => void msg.respond(msg.data) });
  await responder.nc.flush();
  try {
    await until(
      'the request answered before',
      () => alone.nc.request('ct.rpc.echo', 'hi', { timeout: 1000 }),
      (m) => !!m,
    );
    cluster.partition(cutOff);
    const answered = await until(
      'answered through another server',
      () => alone.nc.request('ct.rpc.echo', 'hi', { timeout: 1000 }).then(() => alone.nc.info?.server_name),
      (server) => !!server && server !== cluster.nodes[cutOff].name,
    );
    expect(answered).not.toBe(cluster.nodes[cutOff].name);
  } finally {
    cluster.heal(cutOff);
    sub.unsubscribe();
    await alone.close();
    await responder.close();
  }
});
