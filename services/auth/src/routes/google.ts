import { Type } from '@sinclair/typebox';
import { AuthProviders, Codes, Messages } from '@corestone/contracts';
import { errorResponses, notFound, type RoutePlugin } from '@corestone/service-kit';
import type { GoogleSignIn } from '../app/google';

const Redirect = Type.Null({ description: 'redirect (302) to Google, or back to the app' });

export interface GoogleRouteDeps {
  /** Null unless Google sign-in is configured. */
  google: GoogleSignIn | null;
  publicBase: string;
}

/**
 * Google sign-in: /login sends the browser to Google; /callback finishes and sends it to the
 * app's /auth/google/callback with the tokens in the query (spec user-app §4), or to /auth?error=google.
 */
export const googleRoutes: RoutePlugin<GoogleRouteDeps> = async (app, { google, publicBase }) => {
  const notConfigured = () => notFound(Messages.GOOGLE_NOT_CONFIGURED, Codes.GOOGLE_NOT_CONFIGURED);
  const failed = `${publicBase}/auth?error=google`;

  app.get(
    '/auth/providers',
    {
      schema: {
        summary: 'Which external sign-in methods are offered (the app hides the Google button unless true)',
        response: { 200: AuthProviders },
      },
    },
    async () => ({ google: google !== null }),
  );

  app.get(
    '/auth/google/login',
    { schema: { summary: 'Start Google sign-in (full-page navigation)', response: { 302: Redirect, ...errorResponses(404) } } },
    async (req, reply) => {
      if (!google) throw notConfigured();
      try {
        return reply.redirect(await google.start(), 302);
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
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 4096 })),
          state: Type.Optional(Type.String({ maxLength: 200 })),
          error: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 302: Redirect, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      if (!google) throw notConfigured();
      const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      try {
        const session = await google.finish(rawQuery);
        const query = new URLSearchParams({
          access_token: session.access_token,
          refresh_token: session.refresh_token,
          oauth: 'success',
        });
        return reply.redirect(`${publicBase}/auth/google/callback?${query}`, 302);
      } catch (err) {
        req.log.warn({ err: { message: (err as Error).message, name: (err as Error).name } }, 'Google sign-in failed');
        return reply.redirect(failed, 302);
      }
    },
  );
};
