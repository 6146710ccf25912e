import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  Codes,
  ContentFailure,
  PolicyUpdated,
  Messages,
  PolicyResponse,
  type PolicyId,
  PolicyUpdate,
} from '@corestone/contracts';
import { notFound, principalOf, requireRole, security, type GenerationCache, type RoutePlugin } from '@corestone/service-kit';
import { isPolicyId } from '../domain/policies';
import { fillPlaceholders } from '../domain/placeholders';
import type { DocumentStore } from '../store/documents';
import type { SettingsStore } from '../store/settings';
import { ORGANISATION } from './settings';

export interface DocumentRouteDeps {
  documents: DocumentStore;
  settings: SettingsStore;
  cache: GenerationCache;
  editorName: (userId: string) => Promise<string>;
}

const Resource = Type.Object({ resource: Type.String({ maxLength: 100 }) });
const contentNotFound = () => notFound(Messages.CONTENT_NOT_FOUND, Codes.CONTENT_NOT_FOUND);

/**
 * Policies: the public reads the published version with the organisation's details filled in
 * (`{{contact_email}}` …, domain/placeholders.ts); editors read and save the working copy as written.
 */
export const documentRoutes: RoutePlugin<DocumentRouteDeps> = async (app, { documents, settings, cache, editorName }) => {
  const published = async (id: PolicyId) => {
    const [policy, organisation] = await Promise.all([
      cache.get(`policy:${id}`, () => documents.published(id)),
      cache.get(ORGANISATION, () => settings.organisation()),
    ]);
    return policy && { ...policy, content: fillPlaceholders(policy.content, organisation) };
  };

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
      const { resource } = req.params;
      if (!isPolicyId(resource)) throw contentNotFound();
      // Editors load the screen through this route too: they must see their draft, not the public page.
      const editor = req.principal && ADMIN_ROLES.includes(req.principal.role);
      const data = editor ? await documents.workingCopy(resource) : await published(resource);
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
      const { resource } = req.params;
      if (!isPolicyId(resource)) throw contentNotFound();
      if (!(await documents.update(resource, req.body, await editorName(principalOf(req).id)))) throw contentNotFound();
      await cache.invalidate(`policy:${resource}`);
      return { message: Messages.CONTENT_UPDATED };
    },
  );
};
