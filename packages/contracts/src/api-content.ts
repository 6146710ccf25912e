/**
 * Content-service API shapes: the four policy documents (spec user-app §7, admin §2 Policies & CMS,
 * §3), the TOK prescribed titles the upload wizard lists, and the institution enquiries of the
 * Power User plan (`/contact`).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Resource ids with the titles the admin list shows. */
export const POLICIES = {
  privacy: 'Privacy Policy',
  safeguarding: 'Safeguarding Policy',
  'client-terms': 'Client Terms of Service',
  'academic-integrity': 'Academic Integrity Policy',
} as const;
export type PolicyId = keyof typeof POLICIES;
export const POLICY_IDS = Object.keys(POLICIES) as PolicyId[];
export const PolicyIdSchema = Type.Union(POLICY_IDS.map((id) => Type.Literal(id)));

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

/** The TOK prescribed titles of the current session (user-app §2 upload wizard: 'Title n: ...'). */
export const TOK_TITLES_MAX = 40;
export const TokTitles = Type.Object({
  session: Type.String({ description: 'the examination session, e.g. "May 2027"' }),
  titles: Type.Array(Type.Object({ number: Type.Integer({ minimum: 1 }), text: Type.String() })),
  last_updated: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type TokTitles = Static<typeof TokTitles>;
export const TokTitlesResponse = Type.Object({ success: Type.Literal(true), data: TokTitles });
export const TokTitlesUpdate = Type.Object({
  session: Type.String({ minLength: 1, maxLength: 100 }),
  titles: Type.Array(Type.String({ minLength: 10, maxLength: 600 }), { minItems: 1, maxItems: TOK_TITLES_MAX }),
});
export type TokTitlesUpdate = Static<typeof TokTitlesUpdate>;

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
});
export type ContactEnquiry = Static<typeof ContactEnquiry>;
export const ContactReceived = Type.Object({ success: Type.Literal(true), message: Type.String(), id: Type.String() });
export const ContactEnquiryList = Type.Object({
  success: Type.Literal(true),
  enquiries: Type.Array(ContactEnquiry),
  total: Type.Integer(),
});
