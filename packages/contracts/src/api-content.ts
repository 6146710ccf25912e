/**
 * Content-service API shapes: the four policy documents (spec user-app §7, admin §2 Policies & CMS,
 * §3), the TOK prescribed titles the upload wizard lists, and the institution enquiries of the
 * Power User plan (`/contact`).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Resource ids with the titles the admin list shows. */
const POLICIES = {
  privacy: 'Privacy Policy',
  safeguarding: 'Safeguarding Policy',
  'client-terms': 'Client Terms of Service',
  'academic-integrity': 'Academic Integrity Policy',
} as const;
export type PolicyId = keyof typeof POLICIES;
export const POLICY_IDS = Object.keys(POLICIES) as PolicyId[];
const PolicyIdSchema = Type.Union(POLICY_IDS.map((id) => Type.Literal(id)));

export const PolicyStatus = Type.Union([Type.Literal('published'), Type.Literal('draft'), Type.Literal('archived')]);
export type PolicyStatus = Static<typeof PolicyStatus>;

export const Policy = Type.Object({
  id: PolicyIdSchema,
  title: Type.String(),
  content: Type.String({ description: 'markdown, stored as written: whoever renders it sanitises it' }),
  status: PolicyStatus,
  last_updated: Nullable(Type.String({ description: "null: the screen shows 'Never'" })),
  updated_by: Nullable(Type.String({ description: "name of the last editor; null: the screen shows 'Unknown'" })),
});
export type Policy = Static<typeof Policy>;

/** `GET /general/{resource}` → `{success: true, data}`. */
export const PolicyResponse = Type.Object({ success: Type.Literal(true), data: Policy });
export type PolicyResponse = Static<typeof PolicyResponse>;

/** `PUT /general/{resource}` body (super_admin) → `{message}`. */
export const PolicyUpdate = Type.Object({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  content: Type.String({ minLength: 1, maxLength: 200_000 }),
  status: Type.Optional(PolicyStatus),
});
export type PolicyUpdate = Static<typeof PolicyUpdate>;
export const PolicyUpdated = Type.Object({ message: Type.String() });
export type PolicyUpdated = Static<typeof PolicyUpdated>;

/**
 * Any failure on /general: `success: false` plus the usual `detail` and `code`. (`success` is added
 * to the error envelope after serialisation, hence optional in the schema; it is always there.)
 */
export const ContentFailure = Type.Object({ success: Type.Optional(Type.Literal(false)), detail: Type.String(), code: Type.String() });

/**
 * TOK prescribed titles. The IB publishes six prescribed titles per examination session; content
 * keeps one list per session ("May 2027", "November 2027") and one session is current: the wizard
 * offers its titles (user-app §2 'Title n: ...') plus a free "other title" entry.
 */
export const TOK_TITLES_PER_SESSION = 6;
export const TokTitles = Type.Object({
  session: Type.String({ description: 'the examination session, e.g. "May 2027"' }),
  titles: Type.Array(Type.Object({ number: Type.Integer({ minimum: 1 }), text: Type.String() })),
  last_updated: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type TokTitles = Static<typeof TokTitles>;
/** `GET /general/tok-prescribed-titles` (public): the current session's titles, numbered. */
export const TokTitlesResponse = Type.Object({ success: Type.Literal(true), data: TokTitles });

const TokTitleText = Type.String({ minLength: 10, maxLength: 600 });
/** One examination session's six titles, as the back office edits them. */
export const TokSession = Type.Object({
  id: Type.String(),
  session: Type.String(),
  titles: Type.Array(Type.String()),
  current: Type.Boolean(),
  last_updated: Nullable(Type.String({ format: 'date-time' })),
  updated_by: Nullable(Type.String()),
});
export type TokSession = Static<typeof TokSession>;
export const TokSessionList = Type.Object({ success: Type.Literal(true), sessions: Type.Array(TokSession) });
export type TokSessionList = Static<typeof TokSessionList>;
export const TokSessionResponse = Type.Object({ success: Type.Literal(true), data: TokSession });
export type TokSessionResponse = Static<typeof TokSessionResponse>;
/** POST /general/tok-sessions and PUT /general/tok-sessions/{id} (super admin): exactly six titles. */
export const TokSessionInput = Type.Object({
  session: Type.String({ minLength: 1, maxLength: 100 }),
  titles: Type.Array(TokTitleText, { minItems: TOK_TITLES_PER_SESSION, maxItems: TOK_TITLES_PER_SESSION }),
  /** POST only: make the new session the current one at once. */
  current: Type.Optional(Type.Boolean()),
});
export type TokSessionInput = Static<typeof TokSessionInput>;

/**
 * Settings content keeps for the operator (admin Settings screen): the organisation's contact
 * details the policy texts show through `{{placeholders}}`, and the inbox enquiries are mailed to.
 * An empty string means "not set yet" (the policies then show a visible "[... not set]" marker).
 */
export const ORGANISATION_SETTINGS = {
  organisation_name: 'Organisation name',
  contact_email: 'Contact e-mail',
  safeguarding_email: 'Safeguarding e-mail',
  postal_address: 'Postal address',
} as const;
export type OrganisationSettingKey = keyof typeof ORGANISATION_SETTINGS;
const SettingEmail = Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 254 })]);
export const ContentSettings = Type.Object({
  organisation_name: Type.String({ maxLength: 200 }),
  contact_email: SettingEmail,
  safeguarding_email: SettingEmail,
  postal_address: Type.String({ maxLength: 500 }),
  enquiry_notification_email: Type.String({ description: 'the inbox that receives /contact enquiries' }),
  last_updated: Nullable(Type.String({ format: 'date-time' })),
  updated_by: Nullable(Type.String()),
});
export type ContentSettings = Static<typeof ContentSettings>;
export const ContentSettingsResponse = Type.Object({ success: Type.Literal(true), data: ContentSettings });
export type ContentSettingsResponse = Static<typeof ContentSettingsResponse>;
/** PUT /general/settings (super admin): any subset; fields not sent are kept. */
export const ContentSettingsUpdate = Type.Partial(
  Type.Object({
    organisation_name: Type.String({ maxLength: 200 }),
    contact_email: SettingEmail,
    safeguarding_email: SettingEmail,
    postal_address: Type.String({ maxLength: 500 }),
    enquiry_notification_email: Type.String({ format: 'email', maxLength: 254 }),
  }),
  { minProperties: 1 },
);
export type ContentSettingsUpdate = Static<typeof ContentSettingsUpdate>;

/** POST /general/contact: an institution's enquiry about the Power User plan. */
export const ContactEnquiryInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  school: Type.String({ minLength: 1, maxLength: 300 }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  number_of_students: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  message: Type.String({ minLength: 1, maxLength: 5_000 }),
});
export type ContactEnquiryInput = Static<typeof ContactEnquiryInput>;

export const ContactEnquiry = Type.Object({
  id: Type.String(),
  name: Type.String(),
  school: Type.String(),
  email: Type.String(),
  number_of_students: Type.Integer(),
  message: Type.String(),
  mail_status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  created_at: Type.String({ format: 'date-time' }),
  /** null while the enquiry waits for an answer */
  handled_at: Nullable(Type.String({ format: 'date-time' })),
  handled_by: Nullable(Type.String()),
});
export type ContactEnquiry = Static<typeof ContactEnquiry>;
export const ContactReceived = Type.Object({ success: Type.Literal(true), message: Type.String(), id: Type.String() });
export const ContactEnquiryList = Type.Object({
  success: Type.Literal(true),
  enquiries: Type.Array(ContactEnquiry),
  /** how many match the filter */
  total: Type.Integer(),
  /** how many of all enquiries wait for an answer (whatever the filter) */
  unhandled: Type.Integer(),
});
export type ContactEnquiryList = Static<typeof ContactEnquiryList>;
const ENQUIRY_FILTERS = ['all', 'unhandled', 'handled'] as const;
export type EnquiryFilter = (typeof ENQUIRY_FILTERS)[number];
export const EnquiryFilterSchema = Type.Union(ENQUIRY_FILTERS.map((f) => Type.Literal(f)));
export const ContactEnquiryResponse = Type.Object({ success: Type.Literal(true), data: ContactEnquiry });
export type ContactEnquiryResponse = Static<typeof ContactEnquiryResponse>;
/** PUT /general/contact/enquiries/{id}/handled: mark handled, or back to waiting. */
export const EnquiryHandledInput = Type.Object({ handled: Type.Boolean() });
export type EnquiryHandledInput = Static<typeof EnquiryHandledInput>;
