import type { preHandlerAsyncHookHandler } from 'fastify';
import { Messages } from '@corestone/contracts';
import { forbidden, unauthorized } from '@corestone/service-kit';

/** Rubric management is for super_admin only (spec admin §2, §6). */
export const requireSuperAdmin: preHandlerAsyncHookHandler = async (req) => {
  if (!req.principal) throw unauthorized();
  if (req.principal.role !== 'super_admin') throw forbidden(Messages.ADMIN_REQUIRED);
};
