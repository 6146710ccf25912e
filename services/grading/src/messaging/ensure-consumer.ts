/**
 * `node dist/messaging/ensure-consumer.js`: creates the evaluation stream and grading's durable consumer, then
 * exits. The Helm chart runs it as a post-install/post-upgrade hook, so KEDA finds the consumer's lag
 * even while the workers are scaled to zero.
 */
import { connectBus, loadConfig } from '@corestone/service-kit';
import { GradingConfig } from '../config';
import { ensureGradingConsumer } from './worker';

async function main() {
  const config = loadConfig(GradingConfig);
  const bus = await connectBus({ url: config.NATS_URL, prefix: config.NATS_PREFIX, name: 'grading-ensure-consumer' });
  try {
    const { stream, durable } = await ensureGradingConsumer(bus, {
      concurrency: config.GRADING_CONCURRENCY,
      ackWaitMs: config.GRADING_ACK_WAIT_MS,
    });
    console.log(JSON.stringify({ msg: 'consumer ready', stream, durable }));
  } finally {
    await bus.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
