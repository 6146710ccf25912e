import type { FastifyBaseLogger } from 'fastify';
import { ensureStream, startOutboxRelay, type Bus, type Database, type Lifecycle } from '@corestone/service-kit';
import type { AccountStore } from '../store/accounts';
import type { SchoolCopyStore } from '../store/schools';
import { serveBillingRpc } from './rpc';
import { startRefundConsumer } from './refunds';
import { startSchoolsConsumer } from './schools';

/** Starts billing's messaging: outbox relay, RPC responders, the refund and schools consumers; registers their shutdown. */
export async function startBillingMessaging(opts: {
  bus: Bus;
  db: Database;
  store: AccountStore;
  schools: SchoolCopyStore;
  lifecycle: Lifecycle;
  logger: FastifyBaseLogger;
}) {
  const { bus, db, store, schools, lifecycle, logger } = opts;
  await ensureStream(bus, 'billing'); // the stream our outbox publishes into
  // Answers wait for their credit events: users' credit view is read right after a charge.
  const relay = startOutboxRelay({ pool: db.pool, schema: db.schema, bus, logger, holdAnswers: true });
  lifecycle.onClose('outbox', () => relay.stop());
  const subs = serveBillingRpc(bus, { accounts: store, schools }, logger);
  lifecycle.onClose('rpc', async () => subs.forEach((s) => s.unsubscribe()));
  const refunds = await startRefundConsumer(bus, store, logger);
  lifecycle.onClose('refunds', () => refunds.stop());
  const schoolCopy = await startSchoolsConsumer(bus, schools, logger);
  lifecycle.onClose('schools', () => schoolCopy.stop());
  return { relay, refunds, schools: schoolCopy };
}
