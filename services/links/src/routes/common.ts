import type { FastifyError, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Codes, LINK_CATEGORIES, Messages, type Role } from '@corestone/contracts';
import { badRequest, notFound, requireRole, type GenerationCache } from '@corestone/service-kit';
import { isCategory, type Checked } from '../domain/links';
import type { LinkStore } from '../store/links';

export interface LinkRouteDeps {
  links: LinkStore;
  /** The public list, cached in Redis; every admin change invalidates it. */
  cache: GenerationCache;
}

export const PUBLIC_LIST = 'public';
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const linkNotFound = () => notFound(Messages.LINK_NOT_FOUND, Codes.LINK_NOT_FOUND);

/**
 * Management routes check the role before the body is looked at: a caller without the right
 * gets 401/403, never a validation answer about a body they may not send.
 */
export const adminsOnly = requireRole(...(['admin', 'super_admin'] as Role[])) as unknown as onRequestAsyncHookHandler;

/** `?category=` checked with a message naming the categories (the schema takes any short string). */
export function categoryFilter(value: string | undefined) {
  if (value === undefined || value === '') return undefined;
  if (!isCategory(value)) throw badRequest(`category must be one of: ${Object.keys(LINK_CATEGORIES).join(', ')}`);
  return value;
}

/**
 * Routes using `attachValidation`: a body the schema refused gets the spec's message where the
 * admin form has one (admin §5), else the usual validation answer.
 */
export function rejectInvalid<T>(req: FastifyRequest, specCheck: (body: Record<string, unknown>) => Checked<T>): void {
  const err = req.validationError as (FastifyError & { validationContext?: string }) | undefined;
  if (!err) return;
  const body = req.body;
  if (err.validationContext === 'body' && body && typeof body === 'object' && !Array.isArray(body)) {
    const checked = specCheck(body as Record<string, unknown>);
    if (!checked.ok) throw badRequest(checked.detail, checked.code);
  }
  throw err;
}

export function orFail<T>(checked: Checked<T>): T {
  if (!checked.ok) throw badRequest(checked.detail, checked.code);
  return checked.value;
}
