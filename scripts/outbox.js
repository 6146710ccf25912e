#!/usr/bin/env node
/**
 * Operator tool for a service's parked outbox events (events that failed to publish too often):
 *   npm run outbox -- <service> list
 *   npm run outbox -- <service> replay [event-id …]     (all parked events when no id is given)
 * Uses DATABASE_URL and PG_SCHEMA_PREFIX like the services do. Needs `npm run build` first.
 */
const { Pool } = require('pg');
const { DEFAULT_DATABASE_URL, listParkedEvents, quoteIdent, replayParkedEvents } = require('@corestone/service-kit');

async function main() {
  const [service, action = 'list', ...ids] = process.argv.slice(2);
  if (!service || !['list', 'replay'].includes(action)) {
    console.error('usage: npm run outbox -- <service> list | replay [event-id …]');
    process.exit(2);
  }
  const schema = `${process.env.PG_SCHEMA_PREFIX ?? ''}${service}`.toLowerCase();
  const pool = new Pool({
    connectionString: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    options: `-c search_path=${quoteIdent(schema)}`,
  });
  try {
    if (action === 'list') {
      const parked = await listParkedEvents(pool, 1000);
      if (parked.length === 0) console.log(`${service}: no parked events`);
      for (const e of parked)
        console.log(`${e.id}  ${e.subject}  attempts=${e.attempts}  parked=${new Date(e.parked_at).toISOString()}  ${e.last_error ?? ''}`);
    } else {
      const n = await replayParkedEvents(pool, ids.length ? ids : undefined);
      console.log(`${service}: ${n} event(s) back in the outbox; the running service publishes them now`);
    }
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
