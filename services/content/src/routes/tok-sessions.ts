import { Type } from '@sinclair/typebox';
import { ADMIN_ROLES, ContentFailure, TokSessionInput, TokSessionList, TokSessionResponse, TokTitlesResponse } from '@corestone/contracts';
import { principalOf, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import {
  TOK_TITLES,
  createSession,
  currentTitles,
  makeSessionCurrent,
  removeSession,
  updateSession,
  type TokSessionDeps,
} from '../app/tok-sessions';

export interface TokSessionRouteDeps extends TokSessionDeps {
  editorName: (userId: string) => Promise<string>;
}
const SessionId = Type.Object({ id: Type.String({ format: 'uuid' }) });
const failures = { 400: ContentFailure, 401: ContentFailure, 403: ContentFailure, 404: ContentFailure, 409: ContentFailure };

/**
 * TOK prescribed titles per examination session: the public reads the current session's six
 * titles (the upload wizard); admins read every session; a super admin creates, edits, chooses the
 * current session and deletes the others.
 */
export const tokSessionRoutes: RoutePlugin<TokSessionRouteDeps> = async (app, deps) => {
  const superAdmin = requireRole('super_admin');

  app.get(
    `/general/${TOK_TITLES}`,
    {
      schema: {
        summary: "The current session's TOK prescribed titles the upload wizard lists (public)",
        response: { 200: TokTitlesResponse, 404: ContentFailure },
      },
    },
    async () => ({ success: true as const, data: await currentTitles(deps) }),
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
    async () => ({ success: true as const, sessions: await deps.sessions.list() }),
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
      const data = await createSession(deps, req.body, await deps.editorName(principalOf(req).id));
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
      return {
        success: true as const,
        data: await updateSession(deps, req.params.id, req.body, await deps.editorName(principalOf(req).id)),
      };
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
      return { success: true as const, data: await makeSessionCurrent(deps, req.params.id, await deps.editorName(principalOf(req).id)) };
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
      await removeSession(deps, req.params.id);
      return { success: true as const, message: 'TOK session deleted' };
    },
  );
};
