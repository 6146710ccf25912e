import { Type } from '@sinclair/typebox';
import { Codes, CreatedUserResponse, MAX_PASSWORD_LENGTH, Messages, SuccessFailure, SuccessMessage } from '@corestone/contracts';
import {
  HttpError,
  badRequest,
  conflict,
  errorResponses,
  forbidden,
  principalOf,
  security,
  type RoutePlugin,
} from '@corestone/service-kit';
import { checkNewPassword, cleanName, mayCreateRole, normalizeEmail, parseRole, splitFullName } from '../domain/validation';
import type { Accounts } from '../app/accounts';
import type { Sessions } from '../app/sessions';
import type { PasswordReset } from '../app/password-reset';
import { requireAdmin, requireSession, successFailureHandler } from './common';

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
  /** Instead of a password: create the account without one and mail its owner a password-set link. */
  send_password_email: Type.Optional(Type.Boolean()),
});

export interface UserPasswordRouteDeps {
  accounts: Accounts;
  sessions: Sessions;
  reset: PasswordReset;
  mailEnabled: boolean;
}

/** /users paths that the gateway routes to auth, because passwords live here (AUTH_OWNED_USER_PATHS). */
export const userPasswordRoutes: RoutePlugin<UserPasswordRouteDeps> = async (app, deps) => {
  const { accounts, sessions, reset } = deps;
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
      const body = req.body;
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
        response: { 201: CreatedUserResponse, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (req, reply) => {
      const actor = principalOf(req);
      const body = req.body;
      const role = body.user_type === undefined || body.user_type === '' ? 'student' : parseRole(body.user_type);
      if (!role) throw new HttpError(400, Codes.INVALID_ROLE, 'user_type must be student, teacher, admin or super_admin');
      if (!mayCreateRole(actor.role, role)) throw forbidden('Only a super admin can create admin accounts');
      const byMail = body.send_password_email === true;
      if (byMail && body.password) throw badRequest('Give a password or ask for the password-set e-mail, not both');
      if (!body.email || (!byMail && !body.password)) throw badRequest(Messages.INVALID_CREDENTIALS_BODY);
      if (byMail && !deps.mailEnabled) {
        throw conflict('E-mail is turned off on this platform (MAIL_DISABLED): give the account a password instead', 'MAIL_DISABLED');
      }
      const email = normalizeEmail(body.email);
      const password = byMail ? null : checkNewPassword(body.password);
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
      req.log.info({ actor: actor.id, userId: user.id, role, byMail }, 'user created by admin');
      if (!byMail) return reply.status(201).send({ success: true as const, user });
      // The account exists either way; a mail that could not go out is reported, and "Forgot password" still works.
      const password_email_sent = await reset.invite({ id: user.id, email: user.email, first_name: user.first_name }).then(
        () => true,
        (err: unknown) => (req.log.error({ err, userId: user.id }, 'password-set mail not sent'), false),
      );
      return reply.status(201).send({ success: true as const, user, password_email_sent });
    },
  );
};
