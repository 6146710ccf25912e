import { Type, type Static } from '@sinclair/typebox';

/**
 * Issue 32: LTI 1.3 Advantage. Corestone is a tool that schools register in their LMS (Canvas,
 * Moodle, Schoology, Brightspace, Blackboard). The schools service answers /lti/* and
 * /schools/{id}/lti/*; the gateway lets the LMS reach the login, launch and JWKS routes without a token.
 */

const Url = Type.String({ minLength: 8, maxLength: 2000, description: 'an http(s) URL' });

/** A platform (an LMS installation) as a school admin registers it. */
export const LtiPlatformRequest = Type.Object(
  {
    issuer: Url,
    client_id: Type.String({ minLength: 1, maxLength: 500 }),
    deployment_ids: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: 50 }),
    auth_login_url: Url,
    auth_token_url: Url,
    key_set_url: Url,
  },
  { additionalProperties: false },
);
export type LtiPlatformRequest = Static<typeof LtiPlatformRequest>;

/** The tool's own URLs, to paste into the LMS. */
export const LtiToolUrls = Type.Object({
  login_url: Type.String({ description: 'OIDC login initiation URL' }),
  launch_url: Type.String({ description: 'launch (redirect) URL; also the deep-linking redirect' }),
  jwks_url: Type.String({ description: "the tool's public keys" }),
});

export const LtiPlatform = Type.Intersect([
  Type.Object({ id: Type.String() }),
  LtiToolUrls,
  Type.Object({
    school_id: Type.String(),
    issuer: Type.String(),
    client_id: Type.String(),
    deployment_ids: Type.Array(Type.String()),
    auth_login_url: Type.String(),
    auth_token_url: Type.String(),
    key_set_url: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  }),
]);
export type LtiPlatform = Static<typeof LtiPlatform>;

export const LtiPlatformList = Type.Object({ platforms: Type.Array(LtiPlatform) });
export type LtiPlatformList = Static<typeof LtiPlatformList>;

/** A public JSON Web Key Set (RFC 7517). */
export const LtiJwks = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });
export type LtiJwks = Static<typeof LtiJwks>;

/** After a key rotation step: the key that signs now and the one published ahead of it (null when none). */
export const LtiKeyRotation = Type.Object({ current_kid: Type.String(), next_kid: Type.Union([Type.String(), Type.Null()]) });
export type LtiKeyRotation = Static<typeof LtiKeyRotation>;

/** OIDC third-party login initiation (GET query or POST form), LTI 1.3 §5.1.1. */
export const LtiLoginRequest = Type.Object({
  iss: Type.String({ maxLength: 2000 }),
  login_hint: Type.String({ maxLength: 2000 }),
  target_link_uri: Type.String({ maxLength: 2000 }),
  lti_message_hint: Type.Optional(Type.String({ maxLength: 4000 })),
  client_id: Type.Optional(Type.String({ maxLength: 500 })),
  lti_deployment_id: Type.Optional(Type.String({ maxLength: 500 })),
});
export type LtiLoginRequest = Static<typeof LtiLoginRequest>;

/** The authentication response the platform posts to the launch URL (form_post). */
export const LtiLaunchRequest = Type.Object({
  id_token: Type.String({ maxLength: 100_000 }),
  state: Type.String({ maxLength: 200 }),
});
export type LtiLaunchRequest = Static<typeof LtiLaunchRequest>;

/** A teacher picked an assignment in a deep-linking launch. */
export const LtiDeepLinkingRequest = Type.Object(
  { launch_id: Type.String({ maxLength: 100 }), assignment_id: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);
export type LtiDeepLinkingRequest = Static<typeof LtiDeepLinkingRequest>;

/** Post `jwt` as the form field `JWT` to `return_url` (the platform's deep_link_return_url). */
export const LtiDeepLinkingResponse = Type.Object({ return_url: Type.String(), jwt: Type.String() });
export type LtiDeepLinkingResponse = Static<typeof LtiDeepLinkingResponse>;

/** The LTI claims' URIs the tool reads and writes (LTI 1.3 core, Deep Linking 2.0, AGS 2.0, NRPS 2.0). */
export const LTI_CLAIMS = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

/** Refusals of the LTI routes (`code` of the 4xx envelope). */
export const LtiCodes = {
  PLATFORM_NOT_FOUND: 'LTI_PLATFORM_NOT_FOUND',
  PLATFORM_EXISTS: 'LTI_PLATFORM_EXISTS',
  /** Login initiation from an issuer (and client id) no school registered. */
  UNKNOWN_PLATFORM: 'LTI_UNKNOWN_PLATFORM',
  /** The state is unknown, expired or already used (a replayed or stale launch). */
  STATE_INVALID: 'LTI_STATE_INVALID',
  /** The id_token failed verification: signature, issuer, audience, expiry or nonce. */
  TOKEN_INVALID: 'LTI_TOKEN_INVALID',
  DEPLOYMENT_UNKNOWN: 'LTI_DEPLOYMENT_UNKNOWN',
  MESSAGE_UNSUPPORTED: 'LTI_MESSAGE_UNSUPPORTED',
  ROLE_UNSUPPORTED: 'LTI_ROLE_UNSUPPORTED',
  EMAIL_REQUIRED: 'LTI_EMAIL_REQUIRED',
  /** The LMS names the e-mail of an account that existed before and that the school does not manage: never linked. */
  ACCOUNT_EXISTS: 'LTI_ACCOUNT_EXISTS',
  IN_ANOTHER_SCHOOL: 'LTI_IN_ANOTHER_SCHOOL',
  LAUNCH_NOT_FOUND: 'LTI_LAUNCH_NOT_FOUND',
  NOT_DEEP_LINKING: 'LTI_NOT_DEEP_LINKING',
  /** The class is not mapped to an LMS course that offers its roster (NRPS). */
  NO_ROSTER: 'LTI_NO_ROSTER',
  ROSTER_UNAVAILABLE: 'LTI_ROSTER_UNAVAILABLE',
} as const;

/** A grade passback (AGS) of a released result to an LMS line item, as the teacher sees it. */
export const LtiPassback = Type.Object({
  id: Type.String(),
  evaluation_id: Type.String(),
  user_id: Type.String(),
  lineitem_url: Type.String(),
  score_given: Type.Number(),
  score_maximum: Type.Number(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  /** When a pending passback is tried (again); null once sent or failed. */
  next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  sent_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type LtiPassback = Static<typeof LtiPassback>;

export const LtiPassbackList = Type.Object({ passbacks: Type.Array(LtiPassback) });
export type LtiPassbackList = Static<typeof LtiPassbackList>;

/** Retry the assignment's failed passbacks, or only the one named. */
export const LtiPassbackRetryRequest = Type.Object(
  { passback_id: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
);
export type LtiPassbackRetryRequest = Static<typeof LtiPassbackRetryRequest>;
export const LtiPassbackRetryResponse = Type.Object({ retried: Type.Integer() });

/** What a roster sync (NRPS) did to the class. */
export const LtiRosterSync = Type.Object({
  enrolled: Type.Integer({ description: 'members newly enrolled' }),
  unenrolled: Type.Integer({ description: 'members from the LMS no longer on its roster (their school membership stays)' }),
  skipped: Type.Integer({ description: 'roster members who could not be enrolled (no e-mail shared, in another school, role mismatch)' }),
});
export type LtiRosterSync = Static<typeof LtiRosterSync>;
