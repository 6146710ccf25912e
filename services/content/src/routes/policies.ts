import { Type } from '@sinclair/typebox';
import { ADMIN_ROLES, ContentFailure, PolicyUpdated, Messages, PolicyResponse, PolicyUpdate } from '@corestone/contracts';
import { principalOf, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import { readPolicy, savePolicy, type PolicyDeps } from '../app/policies';

export interface DocumentRouteDeps extends PolicyDeps {
  editorName: (userId: string) => Promise<string>;
}

const Resource = Type.Object({ resource: Type.String({ maxLength: 100 }) });

/**
 * Policies: the public reads the published version with the organisation's details filled in
 * (`{{contact_email}}` …, domain/placeholders.ts); editors read and save the working copy as written.
 */
export const documentRoutes: RoutePlugin<DocumentRouteDeps> = async (app, deps) => {
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
      // Editors load the screen through this route too: they must see their draft, not the public page.
      const editor = !!req.principal && ADMIN_ROLES.includes(req.principal.role);
      return { success: true as const, data: await readPolicy(deps, req.params.resource, editor) };
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
      await savePolicy(deps, req.params.resource, req.body, await deps.editorName(principalOf(req).id));
      return { message: Messages.CONTENT_UPDATED };
    },
  );
};
