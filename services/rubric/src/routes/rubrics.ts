import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { EssayType, ErrorEnvelope, Messages, Codes, Rubric } from '@corestone/contracts';
import { isUuid, notFound, requireAuth } from '@corestone/service-kit';
import type { RubricStore } from '../store/rubrics';

const security = [{ bearer: [] }];

export function rubricRoutes(app: FastifyInstance, store: RubricStore): void {
  app.get(
    '/rubrics/active',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Active rubrics, optionally of one essay type',
        security,
        querystring: Type.Object({ rubric_type: Type.Optional(EssayType) }),
        response: { 200: Type.Array(Rubric), 400: ErrorEnvelope, 401: ErrorEnvelope },
      },
    },
    async (req) => store.listActive((req.query as { rubric_type?: EssayType }).rubric_type),
  );

  app.get(
    '/rubrics/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'One rubric',
        security,
        params: Type.Object({ id: Type.String() }),
        response: { 200: Rubric, 401: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const rubric = isUuid(id) ? await store.get(id) : null;
      if (!rubric) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
      return rubric;
    },
  );
}
