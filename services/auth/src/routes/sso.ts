import { Type } from '@sinclair/typebox';
import { SSO_MESSAGES, SSO_PROVIDERS, SsoCodes, SsoStartQuery, type AuthResponse, type SsoProvider } from '@corestone/contracts';
import { errorResponses, notFound, type RoutePlugin } from '@corestone/service-kit';
import { SsoRefusal, type SsoSignIn } from '../app/sso';

export const Redirect = Type.Null({ description: 'redirect (302) to the provider, or back to the app' });

export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  session_state: Type.Optional(Type.String({ maxLength: 200 })),
});

export const rawQueryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');

/** The app's page that takes a session from the query (spec user-app §4; every provider uses it). */
export function sessionRedirect(publicBase: string, session: AuthResponse): string {
  const query = new URLSearchParams({ access_token: session.access_token, refresh_token: session.refresh_token, oauth: 'success' });
  return `${publicBase}/auth/google/callback?${query}`;
}

export interface SsoRouteDeps {
  sso: SsoSignIn;
  publicBase: string;
  /** The callback URL registered at each provider. */
  redirectUri: (provider: SsoProvider) => string;
}

const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 40 }) });

/**
 * Issue 32: school sign-in through Google Workspace or Microsoft Entra ID.
 * `GET /auth/sso/{provider}/start?school=` sends the browser to the provider; its callback sends it
 * to the app's session page (as Google's does) or to `/auth?error=sso&reason=<SsoCode>`, whose text
 * the sign-in page shows (SSO_MESSAGES).
 */
export const ssoRoutes: RoutePlugin<SsoRouteDeps> = async (app, { sso, publicBase, redirectUri }) => {
  const refused = (code: string) => `${publicBase}/auth?${new URLSearchParams({ error: 'sso', reason: code })}`;
  const providerOf = (name: string): SsoProvider => {
    const provider = SSO_PROVIDERS.find((p) => p === name);
    if (!provider || !sso.offers(provider)) throw notFound(SSO_MESSAGES.SSO_NOT_CONFIGURED, SsoCodes.SSO_NOT_CONFIGURED);
    return provider;
  };
  const why = (err: unknown) => ({ message: (err as Error).message, code: (err as SsoRefusal).code });

  app.get(
    '/auth/sso/:provider/start',
    {
      schema: {
        summary: 'Start a school sign-in with google or microsoft (full-page navigation); ?school= names the school',
        params: ProviderParams,
        querystring: SsoStartQuery,
        response: { 302: Redirect, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const provider = providerOf(req.params.provider);
      try {
        return reply.redirect(await sso.start(provider, redirectUri(provider), req.query.school?.trim() || null), 302);
      } catch (err) {
        req.log.warn({ err: why(err), provider }, 'SSO sign-in could not start');
        return reply.redirect(refused(err instanceof SsoRefusal ? err.code : SsoCodes.SSO_FAILED), 302);
      }
    },
  );

  app.get(
    '/auth/sso/:provider/callback',
    {
      schema: {
        summary:
          'The provider returns here; redirects to the app with access_token, refresh_token and oauth=success, or to /auth?error=sso&reason=',
        params: ProviderParams,
        querystring: CallbackQuery,
        response: { 302: Redirect, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const provider = providerOf(req.params.provider);
      try {
        return reply.redirect(sessionRedirect(publicBase, await sso.finish(provider, rawQueryOf(req.url))), 302);
      } catch (err) {
        req.log.warn({ err: why(err), provider }, 'SSO sign-in refused');
        return reply.redirect(refused(err instanceof SsoRefusal ? err.code : SsoCodes.SSO_FAILED), 302);
      }
    },
  );
};
