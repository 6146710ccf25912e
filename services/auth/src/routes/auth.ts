import { Type } from '@sinclair/typebox';
import { AuthResponse, Jwks, MAX_PASSWORD_LENGTH, Messages, SuccessMessage, User } from '@corestone/contracts';
import { JWKS_PATH, badRequest, errorResponses, notFound, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import { checkNewPassword, cleanName, normalizeEmail, signupRole, splitFullName } from '../domain/validation';
import type { Accounts } from '../app/accounts';
import type { Sessions } from '../app/sessions';
import type { PasswordReset } from '../app/password-reset';
import type { Background } from '../app/background';
import type { AccessTokenSigner } from '../app/signer';
import type { SignInLockout } from '../app/sign-in-lockout';
import type { KnownUser, MeCache } from '../messaging/me-cache';
import { checkSession, requireSession, sessionEnded } from './common';

const Str = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Password = Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH }));

const SignupBody = Type.Object({
  email: Str(320),
  password: Password,
  first_name: Str(200),
  last_name: Str(200),
  /** Accepted instead of first/last name: split on whitespace. */
  name: Str(400),
  user_type: Str(50),
});

const LoginBody = Type.Object({
  /** The e-mail (OAuth2 password-form name). */
  username: Str(320),
  email: Str(320),
  password: Password,
});

export interface AuthRouteDeps {
  accounts: Accounts;
  sessions: Sessions;
  reset: PasswordReset;
  background: Background;
  signer: AccessTokenSigner;
  lockout: SignInLockout;
  meCache: MeCache;
}

export const authRoutes: RoutePlugin<AuthRouteDeps> = async (app, deps) => {
  const { accounts, sessions, reset, background, signer, lockout, meCache } = deps;
  const live = requireSession(sessions);

  app.post(
    '/auth/signup',
    {
      schema: {
        summary: 'Create a student or teacher account and sign in',
        body: SignupBody,
        response: { 201: AuthResponse, ...errorResponses(400, 409, 503) },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const role = signupRole(body.user_type);
      const email = normalizeEmail(body.email);
      const password = checkNewPassword(body.password);
      const split = splitFullName(body.name);
      const first_name = cleanName(body.first_name) || split.first_name;
      const last_name = cleanName(body.last_name) || split.last_name;
      if (!first_name) throw badRequest('Full name is required');
      const result = await accounts.signup({ email, password, role, profile: { first_name, last_name } });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with e-mail (username) and password; JSON or form-encoded',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: LoginBody,
        response: { 200: AuthResponse, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (req) => {
      const body = req.body;
      const email = body.username || body.email;
      if (!email || !body.password) throw badRequest(Messages.INVALID_CREDENTIALS_BODY);
      const password = body.password;
      return lockout.attempt(email, () => accounts.login(email, password));
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        summary: 'Rotate a refresh token: new access token, new refresh token and the user',
        body: Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: AuthResponse, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (req) => sessions.refresh(req.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    {
      // Bearer first (401 before any body check); no body at all is fine.
      preValidation: [
        live,
        async (req) => {
          if (req.body === undefined || req.body === null) req.body = {};
        },
      ],
      schema: {
        summary: 'End the session named by the access token',
        security,
        body: Type.Object({ refresh_token: Str(200) }),
        response: { 200: SuccessMessage, ...errorResponses(401) },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      await sessions.logout(principal.sessionId);
      // preValidation made a missing body {}.
      const token = req.body.refresh_token;
      if (token) await sessions.logoutRefreshToken(token, principal.id);
      return { success: true, message: 'Signed out' };
    },
  );

  app.get(
    '/auth/me',
    {
      // Asked on every page load: no two info lines per request here (the gateway logs each request; errors still log).
      logLevel: 'warn',
      schema: {
        summary: 'The signed-in user',
        security,
        response: { 200: User, ...errorResponses(401, 404, 503) },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      // Kept view and live sessions when certainly current (messaging/me-cache.ts), else loaded: the
      // session ids from Postgres and the view from users at the same time.
      const load = async (): Promise<KnownUser> => {
        const view = accounts.viewOrNotFound(principal.id, () => notFound(Messages.USER_NOT_FOUND));
        view.catch(() => undefined); // not unhandled when the session check throws first
        const liveSessions = await sessions.liveSessions(principal.id);
        if (!liveSessions.has(principal.sessionId)) throw sessionEnded(); // an ended session answers 401 all the same
        return { view: await view, liveSessions };
      };
      const known = await meCache.get(principal.id, load);
      if (!known.liveSessions.has(principal.sessionId)) {
        // Kept from before this session began (a sign-in since then): Postgres decides, and the next request loads afresh.
        await checkSession(sessions, principal);
        meCache.forget(principal.id);
      }
      return known.view;
    },
  );

  app.get(JWKS_PATH, { schema: { summary: 'Public keys that verify access tokens', response: { 200: Jwks } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return signer.jwks;
  });

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Mail a password-reset link (same answer whether or not the account exists)',
        body: Type.Object({ email: Str(320) }),
        response: { 200: SuccessMessage, ...errorResponses(400) },
      },
    },
    async (req) => {
      const email = normalizeEmail(req.body.email);
      // After the answer: its timing must not tell whether the account exists.
      background.run('password reset mail', () => reset.request(email));
      return { success: true, message: Messages.RESET_REQUESTED };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password with a reset token (single use, one hour)',
        body: Type.Object({ token: Str(200), new_password: Password }),
        response: { 200: SuccessMessage, ...errorResponses(400) },
      },
    },
    async (req) => {
      const body = req.body;
      await reset.reset(body.token, body.new_password);
      return { success: true, message: Messages.PASSWORD_RESET_DONE };
    },
  );
};
