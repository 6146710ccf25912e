import type { preHandlerAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  Codes,
  EssayType,
  Evaluation,
  GRADING_ROLES,
  MAX_ESSAY_CHARS,
  MAX_TITLE_CHARS,
  MAX_UPLOAD_BYTES,
  Messages,
  SubmissionDetails,
} from '@corestone/contracts';
import {
  HttpError,
  badRequest,
  checkFormFields,
  errorResponses,
  forbidden,
  principalOf,
  readUpload,
  security,
  unauthorized,
  type RoutePlugin,
} from '@corestone/service-kit';
import { normaliseText } from '@corestone/documents';
import { acceptSubmission, textOfUpload, type SubmissionDeps } from '../app/submit';

/** The multipart text fields of a submission (the file travels as part `file`). */
const SubmitFields = Type.Object({
  title: Type.Optional(Type.String({ maxLength: MAX_TITLE_CHARS })),
  essay_type: EssayType,
  rubric_id: Type.String({ minLength: 1, maxLength: 100 }),
  subject_area: Type.Optional(Type.String({ maxLength: 200 })),
  /**
   * The spec's client always sends true. A rubric's reflection criterion (EE criterion E,
   * Engagement / Reflection) is always graded, so only true is accepted (README "include_reflection").
   */
  include_reflection: Type.Optional(Type.String({ pattern: '^([Tt][Rr][Uu][Ee]|1)$' })),
  // What the student stated in the wizard (optional, beside the spec's payload): contracts SubmissionDetails.
  ...SubmissionDetails.properties,
  /** Submitted into this class assignment (issue 31; app/assignment-submission.ts checks it). */
  assignment_id: Type.Optional(Type.String({ maxLength: 100 })),
});

const FIELD_DETAILS = {
  essay_type: "essay_type: must be 'ee' or 'tok'",
  include_reflection: Messages.REFLECTION_ALWAYS_GRADED,
};

const requireGradingRole: preHandlerAsyncHookHandler = async (req) => {
  if (!req.principal) throw unauthorized();
  if (!GRADING_ROLES.includes(req.principal.role)) throw forbidden(Messages.GRADING_ROLE_ONLY);
};

export interface SubmitDeps extends SubmissionDeps {
  extractTimeoutMs: number;
}

const SUBMIT_RESPONSES = { 201: Evaluation, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 503) };

/** POST /evaluation/evaluate: the essay as text in field `essay_content` (multipart, or JSON). */
const TextSubmitFields = Type.Composite([SubmitFields, Type.Object({ essay_content: Type.String({ maxLength: MAX_ESSAY_CHARS + 1 }) })]);

export const submitRoutes: RoutePlugin<SubmitDeps> = async (app, deps) => {
  app.post(
    '/evaluation/evaluate-async',
    {
      preHandler: requireGradingRole,
      schema: {
        summary: 'Submit an essay file for grading (costs one credit)',
        description:
          'multipart/form-data: title, essay_type (ee|tok), rubric_id, subject_area (optional), include_reflection (optional, only true), what the student stated (optional: EE research_question, citation_style; TOK prescribed_title, aok_focus; additional_context), assignment_id (optional: a class assignment), file (.txt, .docx, .pdf; at most 20 MB)',
        consumes: ['multipart/form-data'],
        security,
        response: SUBMIT_RESPONSES,
      },
    },
    async (req, reply) => {
      const upload = await readUpload(req, { tooLarge: Messages.FILE_TOO_LARGE });
      const fields = checkFormFields(SubmitFields, upload.fields, FIELD_DETAILS);
      const file = upload.file;
      if (!file || (!file.name && file.data.length === 0)) throw badRequest('Please upload a file');
      if (file.truncated || file.data.length > MAX_UPLOAD_BYTES) {
        throw new HttpError(413, Codes.PAYLOAD_TOO_LARGE, Messages.FILE_TOO_LARGE);
      }
      const text = await textOfUpload(file.name, file.data, deps.extractTimeoutMs);
      return reply.status(201).send(await acceptSubmission(deps, principalOf(req), req.log, fields, file.name, text));
    },
  );

  app.post(
    '/evaluation/evaluate',
    {
      preHandler: requireGradingRole,
      schema: {
        summary: 'Submit an essay as text for grading (costs one credit)',
        description:
          'multipart/form-data or JSON: title, essay_type (ee|tok), rubric_id, subject_area (optional), the optional stated fields and assignment_id as for evaluate-async, essay_content (the essay text)',
        consumes: ['multipart/form-data', 'application/json'],
        security,
        response: SUBMIT_RESPONSES,
      },
    },
    async (req, reply) => {
      const raw = req.isMultipart() ? (await readUpload(req, { tooLarge: Messages.FILE_TOO_LARGE })).fields : jsonFields(req.body);
      const fields = checkFormFields(TextSubmitFields, raw, FIELD_DETAILS);
      const text = normaliseText(fields.essay_content);
      return reply.status(201).send(await acceptSubmission(deps, principalOf(req), req.log, fields, 'essay_content.txt', text));
    },
  );
};

/** A JSON body's string fields (anything else is left for the schema check to name); 415 for a body that is no object. */
export function jsonFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, 'The request must be multipart/form-data or JSON');
  }
  return body as Record<string, string>;
}
