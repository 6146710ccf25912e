import { AiEndpointTestResult, SchoolAiEndpoint, SchoolAiEndpointAnswer, SchoolAiEndpointInput } from '@corestone/contracts';
import { Type } from '@sinclair/typebox';
import { errorResponses, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import type { AiEndpointUseCases } from '../app/ai-endpoint';
import { SchoolParams, signedIn } from './common';

/** Issue 33 §2: the school's own model endpoint (school admins and super admins). */
export const aiEndpointRoutes: RoutePlugin<{ aiEndpoints: AiEndpointUseCases }> = async (app, { aiEndpoints }) => {
  const errors = errorResponses(400, 401, 403, 404);
  app.get(
    '/schools/:id/ai-endpoint',
    {
      onRequest: signedIn,
      schema: {
        summary: "The school's own model endpoint, null when it uses the platform's (the key only masked)",
        security,
        params: SchoolParams,
        response: { 200: SchoolAiEndpointAnswer, ...errors },
      },
    },
    async (req) => aiEndpoints.get(principalOf(req), req.params.id),
  );
  app.put(
    '/schools/:id/ai-endpoint',
    {
      onRequest: signedIn,
      schema: {
        summary: "Set the school's own OpenAI-compatible or Azure OpenAI endpoint (school admins, super admins)",
        description: 'A key left out keeps the stored one; an empty key removes it. The key is encrypted at rest and never answered.',
        security,
        params: SchoolParams,
        body: SchoolAiEndpointInput,
        response: { 200: Type.Object({ endpoint: SchoolAiEndpoint }), ...errors },
      },
    },
    async (req) => aiEndpoints.put(principalOf(req), req.params.id, req.body),
  );
  app.delete(
    '/schools/:id/ai-endpoint',
    {
      onRequest: signedIn,
      schema: {
        summary: "Remove the school's endpoint: its essays go back to the platform's model",
        security,
        params: SchoolParams,
        response: { 200: Type.Object({ endpoint: Type.Null() }), ...errors },
      },
    },
    async (req) => aiEndpoints.remove(principalOf(req), req.params.id),
  );
  app.post(
    '/schools/:id/ai-endpoint/test',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Test connection: one small chat completion to the stored endpoint',
        security,
        params: SchoolParams,
        response: { 200: AiEndpointTestResult, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req) => aiEndpoints.test(principalOf(req), req.params.id),
  );
};
