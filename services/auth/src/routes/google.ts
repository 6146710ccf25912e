import { AuthProviders, Codes, Messages } from '@corestone/contracts';
import { errorResponses, notFound, type RoutePlugin } from '@corestone/service-kit';
import type { SsoSignIn } from '../app/sso';
import { CallbackQuery, Redirect, rawQueryOf, sessionRedirect } from './sso';

export interface GoogleRouteDeps {
  sso: SsoSignIn;
  publicBase: string;
  /** Where Google sends the browser back on this route (GOOGLE_REDIRECT_URI). */
  redirectUri: string;
}

/**
 * Google sign-in (spec user-app §4): /login sends the browser to Google; /callback finishes and
 * sends it to the app's /auth/google/callback with the tokens in the query, or to /auth?error=google.
 * The same sign-in as /auth/sso/google (issue 32: a Workspace domain a school verified lands in that school).
 */
export const googleRoutes: RoutePlugin<GoogleRouteDeps> = async (app, { sso, publicBase, redirectUri }) => {
  const notConfigured = () => notFound(Messages.GOOGLE_NOT_CONFIGURED, Codes.GOOGLE_NOT_CONFIGURED);
  const failed = `${publicBase}/auth?error=google`;

  app.get(
    '/auth/providers',
    {
      schema: {
        summary: 'Which external sign-in methods are offered (the app hides a button unless true)',
        response: { 200: AuthProviders },
      },
    },
    async () => ({ google: sso.offers('google'), microsoft: sso.offers('microsoft') }),
  );

  app.get(
    '/auth/google/login',
    { schema: { summary: 'Start Google sign-in (full-page navigation)', response: { 302: Redirect, ...errorResponses(404) } } },
    async (req, reply) => {
      if (!sso.offers('google')) throw notConfigured();
      try {
        return reply.redirect(await sso.start('google', redirectUri, null), 302);
      } catch (err) {
        req.log.warn({ err }, 'Google sign-in could not start');
        return reply.redirect(failed, 302);
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        summary: 'Google returns here; redirects to the app with access_token, refresh_token and oauth=success',
        querystring: CallbackQuery,
        response: { 302: Redirect, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      if (!sso.offers('google')) throw notConfigured();
      try {
        return reply.redirect(sessionRedirect(publicBase, await sso.finish('google', rawQueryOf(req.url))), 302);
      } catch (err) {
        req.log.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'Google sign-in failed');
        return reply.redirect(failed, 302);
      }
    },
  );
};
