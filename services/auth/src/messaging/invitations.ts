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
 * (500 ms doubling to 5 minutes, up to MAX_DELIVERIES — about three hours of an SMTP server away —
 * then dead-lettered for an operator; the AUTH stream keeps events a day).
 */
const MAX_DELIVERIES = 45;
const backoffMs = (delivery: number) => Math.min(5 * 60_000, 500 * 2 ** (delivery - 1));

export function startInvitationConsumer(bus: Bus, mails: InvitationMails, logger: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    stream: 'auth',
    durable: INVITATIONS_CONSUMER,
    subjects: [Events.authInvitationRequested.subject],
    concurrency: BATCH,
    maxDeliver: MAX_DELIVERIES,
    backoffMs,
    logger,
    handler: async (event) => {
      await mails.send(event.id, event.data as EventData<typeof Events.authInvitationRequested>);
    },
  });
}
