#!/usr/bin/env node
/**
 * Operator tool: the messages consumers gave up on (kept 30 days in the dead-letter stream).
 *   npm run deadletters                 all consumers
 *   npm run deadletters -- <consumer>   one consumer (its durable name, e.g. grading-worker)
 * Uses NATS_URL and NATS_PREFIX like the services do. Counts per consumer are also in each
 * service's /metrics (nats_dead_letters_stored, nats_consumer_dead_letters_total) and, for admins, at
 * GET /api/v1/dashboard/dead-letters. Needs `npm run build` first.
 */
const { connectBus, deadLetterCounts, listDeadLetters } = require('@corestone/service-kit');

async function main() {
  const consumer = process.argv[2];
  const bus = await connectBus({
    url: process.env.NATS_URL || 'nats://127.0.0.1:4222',
    prefix: process.env.NATS_PREFIX || '',
    name: 'deadletters-cli',
  });
  try {
    const counts = await deadLetterCounts(bus);
    for (const [name, n] of Object.entries(counts)) if (!consumer || name === consumer) console.log(`${name}: ${n} kept`);
    const list = await listDeadLetters(bus, { consumer, limit: 1000 });
    if (list.length === 0) console.log('no dead letters');
    for (const d of list) {
      console.log(`${d.time}  ${d.consumer}  ${d.eventType ?? '(malformed)'} ${d.eventId ?? ''}  deliveries=${d.deliveries}  ${d.error}`);
    }
  } finally {
    await bus.close();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
