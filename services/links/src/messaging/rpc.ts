import type { FastifyBaseLogger } from 'fastify';
import { Rpc } from '@corestone/contracts';
import { serveRpc, type Bus } from '@corestone/service-kit';
import { fillDays, lastDays } from '../domain/links';
import type { LinkStore } from '../store/links';

/**
 * `rpc.links.click_summary`: the admin dashboard's links analytics (evaluation's
 * `/dashboard/analytics/links`) asks for clicks per UTC day over the last `days` days, today
 * included, and each link's clicks in that period, most clicked first.
 */
export function serveLinksRpc(bus: Bus, links: LinkStore, log: FastifyBaseLogger) {
  return [
    serveRpc(
      bus,
      Rpc.linksClickSummary,
      async ({ days }) => {
        const range = lastDays(days);
        const [perDay, perLink] = await Promise.all([links.clicksPerDay(range[0]), links.clicksSince(range[0])]);
        return {
          clicks_per_day: fillDays(range, perDay),
          links: perLink.map((l) => ({ link_id: l.id, title: l.title, category: l.category, clicks: l.clicks_in_period })),
        };
      },
      log,
    ),
  ];
}
