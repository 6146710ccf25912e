import type { FastifyError, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ADMIN_ROLES, Codes, Messages } from '@corestone/contracts';
import { HttpError, forbidden, unauthorized, type Principal } from '@corestone/service-kit';
import type { Sessions } from '../app/sessions';

/** A valid access token whose session (sid) is still live: logout and revocations take effect at once here. */
export function requireSession(sessions: Sessions): preHandlerAsyncHookHandler {
  return async (req) => {
    const p = req.principal;
    if (!p) throw unauthorized();
    await checkSession(sessions, p);
  };
}

export const sessionEnded = () => unauthorized('Session has ended. Please sign in again.', Codes.UNAUTHENTICATED);

/** 401 unless the principal's session is still live. */
export async function checkSession(sessions: Sessions, p: Principal): Promise<void> {
  if (!(await sessions.isLive(p.sessionId, p.id))) throw sessionEnded();
}

export function requireAdmin(sessions: Sessions): preHandlerAsyncHookHandler {
  const live = requireSession(sessions);
  return async function (this: unknown, req, reply) {
    await live.call(this as never, req, reply);
    if (!ADMIN_ROLES.includes(req.principal!.role)) throw forbidden(Messages.ADMIN_REQUIRED);
  };
}

/**
 * Error handler of the two routes that keep the spec's `{success, message}` shape:
 * failures answer `{success:false, message, detail, code}`.
 */
export function successFailureHandler(err: FastifyError | HttpError, req: FastifyRequest, reply: FastifyReply) {
  let status: number;
  let code: string;
  let detail: string;
  if (err instanceof HttpError) {
    reply.headers(err.headers);
    ({ statusCode: status, code, detail } = err);
  } else if ((err as FastifyError).validation) {
    status = 400;
    code = Codes.VALIDATION;
    detail = err.message;
  } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    status = err.statusCode;
    code = Codes.VALIDATION;
    detail = err.message;
  } else {
    req.log.error({ err }, 'unhandled error');
    status = 500;
    code = Codes.INTERNAL;
    detail = Messages.INTERNAL;
  }
  return reply.status(status).send({ success: false, message: detail, detail, code });
}
