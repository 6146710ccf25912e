import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  Codes,
  CreatedUserResponse,
  ErrorEnvelope,
  MAX_PASSWORD_LENGTH,
  Messages,
  SuccessFailure,
  SuccessMessage,
} from '@corestone/contracts';
import { HttpError, badRequest, forbidden, principalOf } from '@corestone/service-kit';
import { checkNewPassword, cleanName, mayCreateRole, normalizeEmail, parseRole, splitFullName } from '../domain/validation';
import type { Accounts } from '../flows/accounts';
import type { Sessions } from '../flows/sessions';
import { requireAdmin, requireSession, security, successFailureHandler } from './common';

const Password = Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH }));

const CreateUserBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 400 })),
  first_name: Type.Optional(Type.String({ maxLength: 200 })),
  last_name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  password: Password,
  user_type: Type.Optional(Type.String({ maxLength: 50 })),
  essay_credits: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  max_essay_credits: Type.Optional(Type.Integer({ minimum: -1, maximum: 1_000_000 })),
  /** Shorthand: sets essay_credits (and max_essay_credits when that is not given). */
  credits: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});

/** /users paths that the gateway routes to auth, because passwords live here (AUTH_OWNED_USER_PATHS). */
export function userPasswordRoutes(app: FastifyInstance, accounts: Accounts, sessions: Sessions): void {
  app.put(
    '/users/update-password',
    {
      preValidation: requireSession(sessions),
      errorHandler: successFailureHandler,
      schema: {
        summary: 'Change the own password; ends the other sessions',
        security,
        body: Type.Object({ current_password: Password, new_password: Password }),
        response: { 200: SuccessMessage, 400: SuccessFailure, 401: SuccessFailure, 503: SuccessFailure },
      },
    },
    async (req) => {
      const body = req.body as { current_password?: string; new_password?: string };
      if (!body.current_password || !body.new_password) throw badRequest('Please fill out all fields.');
      await accounts.changePassword(principalOf(req), body.current_password, body.new_password);
      return { success: true, message: Messages.PASSWORD_UPDATED };
    },
  );

  app.post(
    '/users/admin/create-user',
    {
      preValidation: requireAdmin(sessions),
      schema: {
        summary: 'Admin creates a user (only a super admin may create admins)',
        security,
        body: CreateUserBody,
        response: {
          201: CreatedUserResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          409: ErrorEnvelope,
          503: ErrorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const actor = principalOf(req);
      const body = req.body as typeof CreateUserBody.static;
      const role = body.user_type === undefined || body.user_type === '' ? 'student' : parseRole(body.user_type);
      if (!role) throw new HttpError(400, Codes.INVALID_ROLE, 'user_type must be student, teacher, admin or super_admin');
      if (!mayCreateRole(actor.role, role)) throw forbidden('Only a super admin can create admin accounts');
      if (!body.email || !body.password) throw badRequest(Messages.INVALID_CREDENTIALS_BODY);
      const email = normalizeEmail(body.email);
      const password = checkNewPassword(body.password);
      const split = splitFullName(body.name);
      const first_name = cleanName(body.first_name) || split.first_name;
      const last_name = cleanName(body.last_name) || split.last_name;
      if (!first_name) throw badRequest('Name is required');
      const essay_credits = body.essay_credits ?? body.credits;
      const max_essay_credits = body.max_essay_credits ?? body.credits;
      const user = await accounts.create({
        email,
        password,
        role,
        origin: 'admin',
        profile: {
          first_name,
          last_name,
          ...(essay_credits !== undefined ? { essay_credits } : {}),
          ...(max_essay_credits !== undefined ? { max_essay_credits } : {}),
        },
      });
      req.log.info({ actor: actor.id, userId: user.id, role }, 'user created by admin');
      return reply.status(201).send({ success: true as const, user });
    },
  );
}
