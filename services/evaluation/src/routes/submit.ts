import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
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
  MAX_EVENT_BYTES,
  badRequest,
  checkFormFields,
  errorResponses,
  forbidden,
  isUuid,
  newId,
  notFound,
  principalOf,
  readUpload,
  security,
  unauthorized,
  type RoutePlugin,
} from '@corestone/service-kit';
import { ExtractError, countWords, extractText, kindOf, normaliseText } from '@corestone/documents';
import { ESSAY_TOO_LONG, contentOf, detailsOf, isTooLong, titleOrDefault, toEvaluation, type EvaluationRow } from '../domain/evaluation';
import { shownTo } from '../domain/review';
import type { EvaluationStore } from '../store/evaluations';
import type { Charging } from '../flows/charging';
import type { Lookups } from '../flows/lookups';

/** The multipart text fields of a submission (the file travels as part `file`). */
export const SubmitFields = Type.Object({
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
});
type SubmitFields = Static<typeof SubmitFields>;

const FIELD_DETAILS = {
  essay_type: "essay_type: must be 'ee' or 'tok'",
  include_reflection: Messages.REFLECTION_ALWAYS_GRADED,
};

export const requireGradingRole: preHandlerAsyncHookHandler = async (req) => {
  if (!req.principal) throw unauthorized();
  if (!GRADING_ROLES.includes(req.principal.role)) throw forbidden(Messages.GRADING_ROLE_ONLY);
};

async function extract(name: string, data: Buffer, timeoutMs: number): Promise<string> {
  const kind = kindOf(name);
  if (!kind) throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, Messages.UNSUPPORTED_FILE);
  let text: string;
  try {
    text = await extractText(kind, data, { timeoutMs });
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    if (err.reason === 'timeout') throw new HttpError(422, Codes.FILE_UNREADABLE, err.message);
    if (err.reason === 'refused') throw new HttpError(422, Codes.FILE_REFUSED, err.message);
    // the extension is one we take (kindOf): the content is what is wrong, and the message says so
    throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, err.message);
  }
  if (!text && kind === 'pdf') {
    throw badRequest(`${Messages.EMPTY_ESSAY} (a scanned or image-only PDF has no text layer to grade)`, Codes.EMPTY_ESSAY);
  }
  return text;
}

export interface SubmitDeps {
  store: EvaluationStore;
  charging: Charging;
  /** The rubric snapshot and the submitter, cached (flows/lookups.ts). */
  lookups: Lookups;
  extractTimeoutMs: number;
  /** The grader new gradings use (grading's GRADER, resolved there): reuse needs a result by it; null = unknown, no reuse. */
  grader: () => Promise<string | null>;
}

const SUBMIT_RESPONSES = { 201: Evaluation, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 503) };

/** POST /evaluation/evaluate: the essay as text in field `essay_content` (multipart, or JSON). */
export const TextSubmitFields = Type.Composite([
  SubmitFields,
  Type.Object({ essay_content: Type.String({ maxLength: MAX_ESSAY_CHARS + 1 }) }),
]);

/**
 * Everything after the text is known: checks, then (1) the row, (2) the charge, (3) the job.
 * An unchanged re-submission (same user, text, rubric snapshot and grader) instead carries the
 * stored result at no charge.
 */
async function accept(deps: SubmitDeps, req: FastifyRequest, fields: SubmitFields, fileName: string, text: string) {
  const me = principalOf(req);
  if (!text) throw badRequest(Messages.EMPTY_ESSAY, Codes.EMPTY_ESSAY);
  if (isTooLong(text)) throw new HttpError(413, Codes.ESSAY_TOO_LONG, ESSAY_TOO_LONG);
  const rubricId = fields.rubric_id.trim();
  if (!isUuid(rubricId)) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
  const [{ rubric, is_active }, user, grader] = await Promise.all([
    deps.lookups.rubric(rubricId),
    deps.lookups.submitter(me.id),
    deps.grader(),
  ]);
  if (is_active === false) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
  if (rubric.rubric_type !== fields.essay_type) {
    throw badRequest(
      `The rubric is for ${rubric.rubric_type.toUpperCase()} essays, not ${fields.essay_type.toUpperCase()}`,
      Codes.RUBRIC_TYPE_MISMATCH,
    );
  }
  if (!GRADING_ROLES.includes(user.role)) throw forbidden(Messages.GRADING_ROLE_ONLY);
  // The access token outlives a deactivation by up to 15 minutes; the account as users knows it now does not.
  if (!user.is_active) throw forbidden(Messages.ACCOUNT_DEACTIVATED, Codes.ACCOUNT_DEACTIVATED);

  const rubricJson = JSON.stringify(rubric); // once, for the content key and the row
  const details = detailsOf(fields.essay_type, fields);
  const content = contentOf(fields.essay_type, rubricJson, text, details);
  // Refused before anything is written or charged: the job must fit one NATS message.
  if (content.eventBytesAtMost > MAX_EVENT_BYTES) throw new HttpError(413, Codes.ESSAY_TOO_LONG, ESSAY_TOO_LONG);

  const submission = {
    id: newId(),
    user_id: me.id,
    user_name: user.name,
    user_email: user.email,
    user_type: user.role,
    file_name: fileName.slice(0, 255),
    title: titleOrDefault(fields.title, fields.essay_type),
    essay_type: fields.essay_type,
    subject_area: (fields.subject_area ?? '').trim(),
    rubric,
    rubric_json: rubricJson,
    essay_text: text,
    word_count: countWords(text),
    content_key: content.key,
    details,
  };
  const submitter = { user_id: me.id, email: user.email, name: user.name, role: user.role };
  // (1) the row exists before the credit is charged — or, for an unchanged essay, carries the stored result
  const { reusedFrom, inFlight } = await deps.store.insertSubmission(submission, submitter, grader);
  if (inFlight === 'charging') {
    req.log.info('same essay still awaiting its credit: not submitted again');
    throw new HttpError(409, Codes.SUBMISSION_AWAITING_CREDIT, Messages.SUBMISSION_AWAITING_CREDIT);
  }
  if (inFlight) {
    req.log.info('same essay still being graded: not submitted again');
    throw new HttpError(409, Codes.SUBMISSION_IN_PROGRESS, Messages.SUBMISSION_IN_PROGRESS);
  }
  let row: EvaluationRow | null = null;
  if (reusedFrom) {
    req.log.info({ evaluation_id: submission.id, reused_from: reusedFrom }, 'unchanged essay: stored result carried, no charge');
  } else {
    row = await deps.charging.chargeAndQueue(submission.id, 1, me.id, req.log); // (2) + (3)
  }
  row ??= await deps.store.getVisible(submission.id);
  if (!row) throw new HttpError(503, Codes.UNAVAILABLE, 'The submission could not be completed; please try again');
  return shownTo(toEvaluation(row), false); // the submitter is a student or teacher: no internal notes
}

export const submitRoutes: RoutePlugin<SubmitDeps> = async (app, deps) => {
  app.post(
    '/evaluation/evaluate-async',
    {
      preHandler: requireGradingRole,
      schema: {
        summary: 'Submit an essay file for grading (costs one credit)',
        description:
          'multipart/form-data: title, essay_type (ee|tok), rubric_id, subject_area (optional), include_reflection (optional, only true), what the student stated (optional: EE research_question, citation_style; TOK prescribed_title, aok_focus; additional_context), file (.txt, .docx, .pdf; at most 20 MB)',
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
      const text = await extract(file.name, file.data, deps.extractTimeoutMs);
      return reply.status(201).send(await accept(deps, req, fields, file.name, text));
    },
  );

  app.post(
    '/evaluation/evaluate',
    {
      preHandler: requireGradingRole,
      schema: {
        summary: 'Submit an essay as text for grading (costs one credit)',
        description:
          'multipart/form-data or JSON: title, essay_type (ee|tok), rubric_id, subject_area (optional), the optional stated fields as for evaluate-async, essay_content (the essay text)',
        consumes: ['multipart/form-data', 'application/json'],
        security,
        response: SUBMIT_RESPONSES,
      },
    },
    async (req, reply) => {
      const raw = req.isMultipart() ? (await readUpload(req, { tooLarge: Messages.FILE_TOO_LARGE })).fields : jsonFields(req.body);
      const fields = checkFormFields(TextSubmitFields, raw, FIELD_DETAILS);
      const text = normaliseText(fields.essay_content);
      return reply.status(201).send(await accept(deps, req, fields, 'essay_content.txt', text));
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
