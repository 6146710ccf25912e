import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { MAX_PASSWORD_LENGTH, PASSWORD_FIELDS } from '@corestone/contracts';
import { badRequest } from '@corestone/service-kit';
import type { RouteTable } from '../domain/route-table';
import { API_PREFIX } from '../domain/urls';
import { forward } from './forward';
import { quietWhenClientLeft } from './proxy';

const FORM = 'application/x-www-form-urlencoded';

/** 400 when a password field is longer than MAX_PASSWORD_LENGTH (hashing a huge one is a cheap DoS). */
function checkPasswords(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  for (const field of PASSWORD_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length > MAX_PASSWORD_LENGTH) {
      throw badRequest(`${field}: must be at most ${MAX_PASSWORD_LENGTH} characters`);
    }
  }
}

/** A body the form parser below read (field name → value) encoded again as a form. */
function formEncoded(body: unknown): string {
  const form = new URLSearchParams();
  if (body && typeof body === 'object') for (const [name, value] of Object.entries(body)) form.append(name, String(value));
  return form.toString();
}

function serialise(req: FastifyRequest): { data: string; contentType: string } | undefined {
  if (req.body === undefined) return undefined;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith(FORM)) return { data: formEncoded(req.body), contentType: FORM };
  return { data: JSON.stringify(req.body), contentType: 'application/json' };
}

/**
 * The routes whose policy says `passwords`: the gateway reads their JSON or form body (never
 * logged) and caps password lengths before auth hashes anything. (The per-account lockout of
 * failed sign-ins is auth's own; its 429 passes through.)
 */
export function registerCredentialRoutes(
  app: FastifyInstance,
  deps: { table: RouteTable; urls: Record<string, string>; dispatcher: Dispatcher },
): void {
  void app.register(async (scope) => {
    quietWhenClientLeft(scope);
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    for (const { method, path, service } of deps.table.passwordRoutes) {
      const target = { dispatcher: deps.dispatcher, origin: deps.urls[service], service };
      scope.route({
        method,
        url: `${API_PREFIX}${path}`,
        schema: { hide: true } as Record<string, unknown>,
        handler: (req, reply) => {
          checkPasswords(req.body);
          const q = req.url.indexOf('?');
          forward(req, reply, { ...target, path: q < 0 ? path : path + req.url.slice(q), body: serialise(req) });
        },
      });
    }
  });
}
