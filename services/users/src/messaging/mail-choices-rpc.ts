import type { Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { isUuid, serveRpc, type Bus, type Queryable } from '@corestone/service-kit';
import { emailNotificationsOf, nameOf } from '../domain/view';
import { readMailChoices } from '../store/mail-choices';

/**
 * `rpc.users.email_notifications` (issue 31): for the services that mail users on their own
 * (schools' assignment mails, evaluation's "result released"), each user's address, name and mail
 * switches. Deleted and deactivated accounts are left out: nobody mails them.
 */
export function serveMailChoicesRpc(bus: Bus, db: Queryable, log: FastifyBaseLogger): Subscription {
  return serveRpc(
    bus,
    Rpc.usersEmailNotifications,
    async ({ user_ids }) => {
      const rows = await readMailChoices(db, [...new Set(user_ids.filter((id) => isUuid(id)))]);
      return {
        users: rows.map((r) => ({
          user_id: r.id,
          email: r.email,
          name: nameOf(r),
          email_notifications: emailNotificationsOf(r),
          locale: r.locale,
          school_default_locale: r.school_default_locale,
        })),
      };
    },
    log,
  );
}
