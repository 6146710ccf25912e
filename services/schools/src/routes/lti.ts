import { Type } from '@sinclair/typebox';
import {
  LtiDeepLinkingRequest,
  LtiDeepLinkingResponse,
  LtiJwks,
  LtiKeyRotation,
  LtiLaunchRequest,
  LtiLoginRequest,
  LtiPlatform,
  LtiPlatformList,
  LtiPassbackList,
  LtiPassbackRetryRequest,
  LtiPassbackRetryResponse,
  LtiPlatformRequest,
  LtiRosterSync,
} from '@corestone/contracts';
import { errorResponses, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import type { LtiUseCases } from '../app/lti';
import type { ToolKeys } from '../app/lti-keys';
import type { LtiPassbacks } from '../app/lti-passback';
import type { LtiRoster } from '../app/lti-roster';
import { SchoolParams, signedIn, superAdmins } from './common';

export interface LtiRouteDeps {
  lti: LtiUseCases;
  keys: ToolKeys;
  passbacks: LtiPassbacks;
  roster: LtiRoster;
}

const Redirect = Type.Null({ description: 'redirect to the platform, or into the app' });
const PlatformParams = Type.Object({ id: Type.String({ maxLength: 100 }), platform_id: Type.String({ maxLength: 100 }) });

/**
 * LTI 1.3 (issue 32). The LMS posts forms (application/x-www-form-urlencoded) to login and launch:
 * this plugin reads them as flat objects (its own parser, scoped to these routes).
 */
export const ltiRoutes: RoutePlugin<LtiRouteDeps> = async (app, { lti, keys, passbacks, roster }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 200_000 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/lti/jwks',
    { schema: { summary: "The tool's public keys (current, and next during a rotation)", response: { 200: LtiJwks } } },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(await keys.jwks()),
  );

  const login = {
    summary: 'LTI OIDC login initiation from the LMS: redirects to the platform with state and nonce',
    response: { 302: Redirect, ...errorResponses(400, 403, 404) },
  };
  app.get('/lti/login', { schema: { ...login, querystring: LtiLoginRequest } }, async (req, reply) =>
    reply.redirect(await lti.login(req.query), 302),
  );
  app.post('/lti/login', { schema: { ...login, body: LtiLoginRequest } }, async (req, reply) =>
    reply.redirect(await lti.login(req.body), 302),
  );

  app.post(
    '/lti/launch',
    {
      schema: {
        summary: 'LTI launch (form_post of id_token and state): signs the person in and redirects into the app',
        body: LtiLaunchRequest,
        response: { 303: Redirect, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.redirect((await lti.launch(req.body)).redirect, 303),
  );

  app.post(
    '/lti/deep-linking/response',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The signed LtiDeepLinkingResponse for an assignment the teacher picked (post jwt as JWT to return_url)',
        security,
        body: LtiDeepLinkingRequest,
        response: { 200: LtiDeepLinkingResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => lti.deepLinkingResponse(principalOf(req), req.body),
  );

  app.post(
    '/lti/keys/rotate',
    {
      onRequest: [signedIn, superAdmins],
      schema: {
        summary: 'One step of the tool key rotation (platform admins): publish a next key, then make it current',
        security,
        response: { 200: LtiKeyRotation, ...errorResponses(401, 403) },
      },
    },
    async () => keys.rotate(),
  );

  app.post(
    '/schools/:id/lti/platforms',
    {
      onRequest: signedIn,
      schema: {
        summary: "Register an LMS platform for the school (its admins, platform admins); answers the tool's URLs",
        security,
        params: SchoolParams,
        body: LtiPlatformRequest,
        response: { 201: LtiPlatform, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await lti.register(principalOf(req), req.params.id, req.body)),
  );

  app.get(
    '/schools/:id/lti/platforms',
    {
      onRequest: signedIn,
      schema: {
        summary: "The school's registered LMS platforms",
        security,
        params: SchoolParams,
        response: { 200: LtiPlatformList, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => lti.list(principalOf(req), req.params.id),
  );

  app.delete(
    '/schools/:id/lti/platforms/:platform_id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Remove a registered platform (its launches stop working)',
        security,
        params: PlatformParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      await lti.remove(principalOf(req), req.params.id, req.params.platform_id);
      return reply.code(204).send(null);
    },
  );

  const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

  app.get(
    '/assignments/:id/lti/passbacks',
    {
      onRequest: signedIn,
      schema: {
        summary: "The assignment's grade passbacks to the LMS and their status (its class's teachers, school admins)",
        security,
        params: IdParams,
        response: { 200: LtiPassbackList, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => passbacks.list(principalOf(req), req.params.id),
  );

  app.post(
    '/assignments/:id/lti/passbacks/retry',
    {
      onRequest: signedIn,
      schema: {
        summary: "Try the assignment's failed grade passbacks again (or the one named)",
        security,
        params: IdParams,
        body: Type.Optional(LtiPassbackRetryRequest),
        response: { 200: LtiPassbackRetryResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => passbacks.retry(principalOf(req), req.params.id, req.body?.passback_id ?? null),
  );

  app.post(
    '/classes/:id/lti/roster/sync',
    {
      onRequest: signedIn,
      schema: {
        summary: "Take the class's roster from its LMS course now (NRPS; its teachers, school admins)",
        security,
        params: IdParams,
        response: { 200: LtiRosterSync, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => roster.sync(principalOf(req), req.params.id),
  );
};
