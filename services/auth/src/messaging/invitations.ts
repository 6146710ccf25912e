import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData } from '@corestone/contracts';
import { startConsumer, type Bus, type RunningConsumer } from '@corestone/service-kit';
import { INVITATIONS_CONSUMER, type InvitationMails } from '../app/invitations';

/** Invitation mails worked on at once: each pull takes up to this many events off the AUTH stream. */
const BATCH = 16;

/**
 * Consumer `auth-invitations` of auth's own `auth.invitation_requested.v1`: the set-password mails
 * of accounts schools invited, sent in batches of up to BATCH events per pull, each exactly once
 * (app/invitations.ts). A mail that fails (SMTP down) is handed back and retried with backoff
 * (250 ms doubling to 30 s, up to 10 deliveries, then dead-lettered for an operator).
 */
export function startInvitationConsumer(bus: Bus, mails: InvitationMails, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'auth',
    durable: INVITATIONS_CONSUMER,
    subjects: [Events.authInvitationRequested.subject],
    concurrency: BATCH,
    maxDeliver: 10,
    logger,
    handler: async (event) => {
      await mails.send(event.id, event.data as EventData<typeof Events.authInvitationRequested>);
    },
  });
}
