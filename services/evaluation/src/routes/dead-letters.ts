import { ADMIN_ROLES, DeadLetterQuery, DeadLetterReport } from '@corestone/contracts';
import {
  deadLetterCounts,
  errorResponses,
  listDeadLetters,
  requireRole,
  security,
  type Bus,
  type RoutePlugin,
} from '@corestone/service-kit';

/**
 * GET /dashboard/dead-letters: the messages consumers gave up on, for operators in the admin area
 * (the same list as `npm run deadletters`). Counts per consumer and, oldest first, what each was,
 * why it was given up on and when — never its data (a grading job carries an essay). Served by
 * evaluation because it owns the admin dashboard; the dead-letter stream is the platform's.
 */
export const deadLetterRoutes: RoutePlugin<{ bus: Bus }> = async (app, { bus }) => {
  app.get(
    '/dashboard/dead-letters',
    {
      preHandler: requireRole(...ADMIN_ROLES),
      schema: {
        summary: 'Dead-lettered messages per consumer, and the kept ones oldest first (admin, super admin)',
        security,
        querystring: DeadLetterQuery,
        response: { 200: DeadLetterReport, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { consumer, limit } = req.query;
      const counts = await deadLetterCounts(bus);
      const items = await listDeadLetters(bus, { consumer, limit: limit ?? 100 });
      return {
        counts,
        total: Object.values(counts).reduce((a, b) => a + b, 0),
        items: items.map((d) => ({
          seq: d.seq,
          consumer: d.consumer,
          original_subject: d.originalSubject,
          error: d.error,
          deliveries: d.deliveries,
          time: d.time,
          event_id: d.eventId,
          event_type: d.eventType,
        })),
      };
    },
  );
};
