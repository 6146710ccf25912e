import type { RouteTable } from './route-table';
import { API_PREFIX } from './urls';

export interface OpenApiDoc {
  openapi?: string;
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: Array<{ name: string; description?: string }>;
  [key: string]: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * One document for the whole API: each service's paths that the gateway routes to it, under
 * /api/v1, tagged with the service's name; public operations say so (`security: []`).
 */
export function mergeOpenApi(
  table: RouteTable,
  parts: Array<{ service: string; doc: OpenApiDoc }>,
  missing: string[],
  own?: OpenApiDoc,
): OpenApiDoc {
  const paths: NonNullable<OpenApiDoc['paths']> = {};
  const schemas: Record<string, unknown> = {};
  const add = (service: string, path: string, item: Record<string, Record<string, unknown>>) => {
    const target = (paths[path] ??= {});
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method) || !op || typeof op !== 'object') continue;
      const upstreamPath = path.slice(API_PREFIX.length).replace(/\{[^}]+\}/g, 'x');
      target[method] = {
        ...op,
        tags: [service],
        // The gateway's own routes (no service owns them) take no token.
        security: table.lookup(method.toUpperCase(), upstreamPath)?.public !== false ? [] : [{ bearer: [] }],
      };
    }
  };
  for (const { service, doc } of parts) {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (table.ownerOf(path) !== service) continue; // not reachable through the gateway
      add(service, `${API_PREFIX}${path}`, item);
    }
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) schemas[name] ??= schema;
  }
  for (const [path, item] of Object.entries(own?.paths ?? {})) {
    if (path.startsWith(`${API_PREFIX}/`)) add('gateway', path, item);
  }
  const services = parts.map((p) => p.service);
  const description = [
    'Every route of the Corestone API, gathered from the services behind the gateway. Send the access token as `Authorization: Bearer <token>`.',
    missing.length ? `Not included (service not answering): ${missing.join(', ')}.` : 'All services answered.',
  ].join('\n\n');
  return {
    openapi: '3.0.3',
    info: { title: 'Corestone API', version: '1.0.0', description },
    paths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    tags: [...services, 'gateway'].map((name) => ({ name })),
  };
}
