import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  Codes,
  ContentFailure,
  PolicyUpdated,
  Messages,
  PolicyResponse,
  PolicyUpdate,
  TokTitlesResponse,
  TokTitlesUpdate,
} from '@corestone/contracts';
import { notFound, principalOf, requireRole, type GenerationCache } from '@corestone/service-kit';
import { isPolicyId } from '../domain/policies';
import type { DocumentStore } from '../store/documents';

export interface DocumentRouteDeps {
  documents: DocumentStore;
  cache: GenerationCache;
  editorName: (userId: string) => Promise<string>;
}

const security = [{ bearer: [] }];
const TOK_TITLES = 'tok-prescribed-titles';
const Resource = Type.Object({ resource: Type.String({ maxLength: 100 }) });
const contentNotFound = () => notFound(Messages.CONTENT_NOT_FOUND, Codes.CONTENT_NOT_FOUND);

/** Policies (public read of the published version; super_admin edits) and the TOK titles. */
export function documentRoutes(app: FastifyInstance, { documents, cache, editorName }: DocumentRouteDeps): void {
  app.get(
    `/general/${TOK_TITLES}`,
    {
      schema: { summary: 'The TOK prescribed titles the upload wizard lists (public)', response: { 200: TokTitlesResponse } },
    },
    async () => ({ success: true as const, data: await cache.get(TOK_TITLES, () => documents.tokTitles()) }),
  );

  app.put(
    `/general/${TOK_TITLES}`,
    {
      preHandler: requireRole('super_admin'),
      schema: {
        summary: 'Replace the TOK prescribed titles (super admin)',
        security,
        body: TokTitlesUpdate,
        response: { 200: PolicyUpdated, 400: ContentFailure, 401: ContentFailure, 403: ContentFailure },
      },
    },
    async (req) => {
      await documents.setTokTitles(req.body as TokTitlesUpdate, await editorName(principalOf(req).id));
      await cache.invalidate(TOK_TITLES);
      return { message: Messages.CONTENT_UPDATED };
    },
  );

  app.get(
    '/general/:resource',
    {
      schema: {
        summary:
          'A policy: privacy, safeguarding, client-terms, academic-integrity (public: the published version; admins: the working copy)',
        params: Resource,
        response: { 200: PolicyResponse, 404: ContentFailure },
      },
    },
    async (req) => {
      const { resource } = req.params as { resource: string };
      if (!isPolicyId(resource)) throw contentNotFound();
      // Editors load the screen through this route too: they must see their draft, not the public page.
      const editor = req.principal && ADMIN_ROLES.includes(req.principal.role);
      const data = editor
        ? await documents.workingCopy(resource)
        : await cache.get(`policy:${resource}`, () => documents.published(resource));
      if (!data) throw contentNotFound();
      return { success: true as const, data };
    },
  );

  app.put(
    '/general/:resource',
    {
      preHandler: requireRole('super_admin'),
      schema: {
        summary: 'Save a policy; status published makes it the public version (super admin)',
        security,
        params: Resource,
        body: PolicyUpdate,
        response: { 200: PolicyUpdated, 400: ContentFailure, 401: ContentFailure, 403: ContentFailure, 404: ContentFailure },
      },
    },
    async (req) => {
      const { resource } = req.params as { resource: string };
      if (!isPolicyId(resource)) throw contentNotFound();
      if (!(await documents.update(resource, req.body as PolicyUpdate, await editorName(principalOf(req).id)))) throw contentNotFound();
      await cache.invalidate(`policy:${resource}`);
      return { message: Messages.CONTENT_UPDATED };
    },
  );
}
