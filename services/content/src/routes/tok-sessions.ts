import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  Codes,
  ContentFailure,
  Messages,
  TokSessionInput,
  TokSessionList,
  TokSessionResponse,
  TokTitlesResponse,
} from '@corestone/contracts';
import { notFound, principalOf, requireRole, security, type GenerationCache, type RoutePlugin } from '@corestone/service-kit';
import type { TokSessionStore } from '../store/tok-sessions';

export interface TokSessionRouteDeps {
  sessions: TokSessionStore;
  cache: GenerationCache;
  editorName: (userId: string) => Promise<string>;
}

/** The cache entry of the public list (the current session's titles). */
export const TOK_TITLES = 'tok-prescribed-titles';
const SessionId = Type.Object({ id: Type.String({ format: 'uuid' }) });
const failures = { 400: ContentFailure, 401: ContentFailure, 403: ContentFailure, 404: ContentFailure, 409: ContentFailure };

/**
 * TOK prescribed titles per examination session: the public reads the current session's six
 * titles (the upload wizard); admins read every session; a super admin creates, edits, chooses the
 * current session and deletes the others.
 */
export const tokSessionRoutes: RoutePlugin<TokSessionRouteDeps> = async (app, { sessions, cache, editorName }) => {
  const superAdmin = requireRole('super_admin');
  const changed = async () => cache.invalidate(TOK_TITLES);

  app.get(
    `/general/${TOK_TITLES}`,
    {
      schema: {
        summary: "The current session's TOK prescribed titles the upload wizard lists (public)",
        response: { 200: TokTitlesResponse, 404: ContentFailure },
      },
    },
    async () => {
      const data = await cache.get(TOK_TITLES, () => sessions.current());
      if (!data) throw notFound(Messages.CONTENT_NOT_FOUND, Codes.CONTENT_NOT_FOUND);
      return { success: true as const, data };
    },
  );

  app.get(
    '/general/tok-sessions',
    {
      preHandler: requireRole(...ADMIN_ROLES),
      schema: {
        summary: 'Every TOK session with its six titles, the current one first (admins)',
        security,
        response: { 200: TokSessionList, 401: ContentFailure, 403: ContentFailure },
      },
    },
    async () => ({ success: true as const, sessions: await sessions.list() }),
  );

  app.post(
    '/general/tok-sessions',
    {
      preHandler: superAdmin,
      schema: {
        summary: "Create a session's six TOK titles; current: true makes it the one the wizard lists (super admin)",
        security,
        body: TokSessionInput,
        response: { 201: TokSessionResponse, ...failures },
      },
    },
    async (req, reply) => {
      const data = await sessions.create(req.body, await editorName(principalOf(req).id));
      await changed();
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/general/tok-sessions/:id',
    {
      preHandler: superAdmin,
      schema: {
        summary: "Replace a session's name and six titles (super admin)",
        security,
        params: SessionId,
        body: Type.Omit(TokSessionInput, ['current']),
        response: { 200: TokSessionResponse, ...failures },
      },
    },
    async (req) => {
      const { id } = req.params;
      const data = await sessions.update(id, req.body, await editorName(principalOf(req).id));
      await changed();
      return { success: true as const, data };
    },
  );

  app.post(
    '/general/tok-sessions/:id/current',
    {
      preHandler: superAdmin,
      schema: {
        summary: 'Make this session the one the upload wizard lists (super admin)',
        security,
        params: SessionId,
        response: { 200: TokSessionResponse, ...failures },
      },
    },
    async (req) => {
      const { id } = req.params;
      const data = await sessions.makeCurrent(id, await editorName(principalOf(req).id));
      await changed();
      return { success: true as const, data };
    },
  );

  app.delete(
    '/general/tok-sessions/:id',
    {
      preHandler: superAdmin,
      schema: {
        summary: 'Delete a session that is not the current one (super admin)',
        security,
        params: SessionId,
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }), ...failures },
      },
    },
    async (req) => {
      await sessions.remove(req.params.id);
      await changed();
      return { success: true as const, message: 'TOK session deleted' };
    },
  );
};
