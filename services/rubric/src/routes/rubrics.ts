import { Type } from '@sinclair/typebox';
import {
  Codes,
  EssayType,
  ErrorEnvelope,
  Messages,
  Rubric,
  RubricInput,
  RubricDeleted,
  RubricQuery,
  RubricUpdate,
  RubricUsageStats,
} from '@corestone/contracts';
import {
  HttpError,
  requestLocale,
  conflict,
  errorResponses,
  isUuid,
  notFound,
  principalOf,
  requireAuth,
  security,
  type RoutePlugin,
} from '@corestone/service-kit';
import { checkedScoring, criteriaTextFor, prepareRubric, requiredTitle, scoringFromText } from '../domain/rubric-input';
import { checkedTranslations, fittedTranslations, localizedRubric } from '../domain/translations';
import type { Refusal, RubricChanges, RubricStore } from '../store/rubrics';
import type { UsageStore } from '../store/usage';
import { requireSuperAdmin } from './access';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const errors = errorResponses(400, 401, 403, 404);

const REFUSALS: Record<Refusal, () => HttpError> = {
  not_found: () => notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND),
  is_default: () => conflict(Messages.RUBRIC_IS_DEFAULT, Codes.RUBRIC_IS_DEFAULT),
  in_use: () => conflict(Messages.RUBRIC_IN_USE, Codes.RUBRIC_IN_USE),
  not_active: () => conflict(Messages.RUBRIC_NOT_ACTIVE, Codes.RUBRIC_NOT_ACTIVE),
};

function orRefuse<T>(result: T | Refusal): T {
  if (typeof result === 'string' && result in REFUSALS) throw REFUSALS[result as Refusal]();
  return result as T;
}

/** A malformed id is simply not found. */
const rubricId = (id: string) => {
  if (!isUuid(id)) throw REFUSALS.not_found();
  return id;
};

export interface RubricRouteDeps {
  store: RubricStore;
  usage: UsageStore;
}

export const rubricRoutes: RoutePlugin<RubricRouteDeps> = async (app, { store, usage }) => {
  app.get(
    '/rubrics/active',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Active rubrics (any signed-in user), the default of each type first',
        description: "In the request's language (Accept-Language) where a translation exists, English otherwise (field by field).",
        security,
        querystring: Type.Object({ rubric_type: Type.Optional(EssayType) }),
        response: { 200: Type.Array(Rubric), 400: ErrorEnvelope, 401: ErrorEnvelope },
      },
    },
    async (req) => {
      const locale = requestLocale(req);
      const rubrics = await store.list({ rubric_type: req.query.rubric_type, status: 'active' });
      return rubrics.map((r) => localizedRubric(r, locale));
    },
  );

  for (const url of ['/rubrics', '/rubrics/']) {
    app.get(
      url,
      {
        preHandler: requireSuperAdmin,
        schema: {
          summary: 'Every rubric, optionally of one type and status (super_admin)',
          security,
          hide: url.endsWith('/'),
          querystring: RubricQuery,
          response: { 200: Type.Array(Rubric), ...errors },
        },
      },
      async (req) => {
        const q = req.query;
        return store.list({ rubric_type: q.rubric_type ?? q.type, status: q.status });
      },
    );

    app.post(
      url,
      {
        preHandler: requireSuperAdmin,
        schema: {
          summary: 'Create a rubric from its scoring structure or criteria text (super_admin)',
          security,
          hide: url.endsWith('/'),
          body: RubricInput,
          response: { 201: Rubric, ...errors },
        },
      },
      async (req, reply) => {
        const rubric = await store.create(prepareRubric(req.body));
        return reply.status(201).send(rubric);
      },
    );
  }

  app.get(
    '/rubrics/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'One rubric: any signed-in user may read an active one, super_admin any',
        description:
          "In the request's language where a translation exists (field by field), English otherwise; super_admin gets the management view (English with `translations`), as the editor needs.",
        security,
        params: IdParams,
        response: { 200: Rubric, ...errors },
      },
    },
    async (req) => {
      const rubric = await store.get(rubricId(req.params.id));
      const manager = principalOf(req).role === 'super_admin';
      if (!rubric || (!rubric.is_active && !manager)) throw REFUSALS.not_found();
      return manager ? rubric : localizedRubric(rubric, requestLocale(req));
    },
  );

  app.put(
    '/rubrics/:id',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Update a rubric; each update is a new version (super_admin)',
        description:
          'Changed criteria_text is read again into the scoring structure unless a scoring_structure is sent too. The type never changes.',
        security,
        params: IdParams,
        body: RubricUpdate,
        response: { 200: Rubric, 409: ErrorEnvelope, ...errors },
      },
    },
    async (req) => {
      const id = rubricId(req.params.id);
      const body = req.body;
      const current = await store.get(id);
      if (!current) throw REFUSALS.not_found();
      const changes: RubricChanges = { status: body.status };
      if (body.title !== undefined) changes.title = requiredTitle(body.title);
      if (body.description !== undefined) changes.description = body.description.trim();
      if (body.scoring_structure) {
        changes.scoring_structure = checkedScoring(body.scoring_structure);
        changes.criteria_text = criteriaTextFor(changes.scoring_structure, body.criteria_text);
      } else if (body.criteria_text !== undefined && body.criteria_text.trim() !== current.criteria_text.trim()) {
        changes.scoring_structure = scoringFromText(body.criteria_text, current.scoring_structure);
        changes.criteria_text = body.criteria_text.trim();
      }
      const structure = changes.scoring_structure ?? current.scoring_structure;
      // Languages sent replace theirs; the others are kept, less what a new structure no longer has.
      if (body.translations || changes.scoring_structure) {
        const kept = fittedTranslations(current.translations ?? {}, structure);
        changes.translations = { ...kept, ...checkedTranslations(body.translations ?? {}, structure) };
      }
      return orRefuse(await store.update(id, changes));
    },
  );

  app.delete(
    '/rubrics/:id',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Delete a rubric no evaluation uses and that is not a default (super_admin)',
        security,
        params: IdParams,
        response: { 200: RubricDeleted, 409: ErrorEnvelope, ...errors },
      },
    },
    async (req) => {
      const id = rubricId(req.params.id);
      orRefuse(await store.delete(id));
      return { success: true as const, message: Messages.RUBRIC_DELETED, id };
    },
  );

  app.post(
    '/rubrics/:id/make-default',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: "Make an active rubric its type's default (listed first, preselected in the upload wizard) (super_admin)",
        security,
        params: IdParams,
        response: { 200: Rubric, 409: ErrorEnvelope, ...errors },
      },
    },
    async (req) => orRefuse(await store.makeDefault(rubricId(req.params.id))),
  );

  app.get(
    '/rubrics/:id/usage-stats',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'How many evaluations were submitted with a rubric and how many still exist (super_admin)',
        security,
        params: IdParams,
        response: { 200: RubricUsageStats, ...errors },
      },
    },
    async (req) => {
      const rubric = await store.get(rubricId(req.params.id));
      if (!rubric) throw REFUSALS.not_found();
      const figures = await usage.figures(rubric.id);
      return {
        rubric_id: rubric.id,
        title: rubric.title,
        version: rubric.version,
        status: rubric.status,
        is_default: rubric.is_default,
        ...figures,
        can_delete: !rubric.is_default && figures.evaluations_in_use === 0,
      };
    },
  );
};
