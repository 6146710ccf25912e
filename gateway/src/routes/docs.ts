import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import type { Dispatcher } from 'undici';
import { mergeOpenApi, type OpenApiDoc } from '../domain/openapi';
import type { RouteTable } from '../domain/route-table';
import { getJson } from './upstream-fetch';

/**
 * The merged OpenAPI document at GET /api/docs/json and a browsable page at /api/docs.
 * Services that do not answer are skipped (the description names them).
 */
export function registerDocs(
  app: FastifyInstance,
  deps: { table: RouteTable; urls: Record<string, string>; dispatcher: Dispatcher; timeoutMs: number; cacheMs: number },
): void {
  let cached: { doc: OpenApiDoc; at: number } | null = null;
  let pending: Promise<void> | null = null;

  const refresh = async () => {
    const withRoutes = [...new Set(deps.table.upstreams.map((u) => u.service))];
    const results = await Promise.all(
      withRoutes.map(async (service) => ({
        service,
        res: await getJson(deps.dispatcher, `${deps.urls[service]}/openapi.json`, deps.timeoutMs),
      })),
    );
    const parts: Array<{ service: string; doc: OpenApiDoc }> = [];
    const missing: string[] = [];
    for (const { service, res } of results) {
      if (res.ok && res.status === 200 && res.body && typeof res.body === 'object') parts.push({ service, doc: res.body as OpenApiDoc });
      else missing.push(service);
    }
    cached = { doc: mergeOpenApi(deps.table, parts, missing, (app as unknown as { swagger(): OpenApiDoc }).swagger()), at: Date.now() };
  };

  void app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, validatorUrl: null } as never,
    transformSpecificationClone: false,
    transformSpecification: () => cached?.doc ?? mergeOpenApi(deps.table, [], [], undefined),
    uiHooks: {
      onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
        if (!/^\/api\/docs\/(json|yaml)(\?|$)/.test(req.url)) return;
        reply.header('cache-control', 'no-cache');
        if (cached && Date.now() - cached.at < deps.cacheMs) return;
        pending ??= refresh().finally(() => (pending = null));
        await pending;
      },
    },
  });
}
