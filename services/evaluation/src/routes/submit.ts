import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  Codes,
  EssayType,
  ErrorEnvelope,
  Evaluation,
  GRADING_ROLES,
  MAX_ESSAY_CHARS,
  MAX_UPLOAD_BYTES,
  Messages,
  Rpc,
} from '@corestone/contracts';
import { HttpError, badRequest, callRpc, forbidden, isUuid, newId, notFound, principalOf, unauthorized, type Bus } from '@corestone/service-kit';
import { ExtractError, countWords, extractText, kindOf } from '../domain/extract';
import { titleOrDefault, toEvaluation } from '../domain/evaluation';
import type { EvaluationStore } from '../store/evaluations';
import type { Charging } from '../events/charging';

/** The multipart text fields of a submission (the file travels as part `file`). */
export const SubmitFields = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 500 })),
  essay_type: EssayType,
  rubric_id: Type.String({ minLength: 1, maxLength: 100 }),
  subject_area: Type.Optional(Type.String({ maxLength: 200 })),
  /** Accepted and ignored: the spec's client always sends true. */
  include_reflection: Type.Optional(Type.String({ maxLength: 10 })),
});
type SubmitFields = Static<typeof SubmitFields>;

/** The whole event must fit one NATS message (1 MB by default) with room for the rubric. */
const MAX_ESSAY_BYTES = 900_000;
const ESSAY_TOO_LONG = `The essay is too long: at most ${MAX_ESSAY_CHARS.toLocaleString('en-US')} characters of text are accepted`;

export const requireGradingRole: preHandlerAsyncHookHandler = async (req) => {
  if (!req.principal) throw unauthorized();
  if (!GRADING_ROLES.includes(req.principal.role)) throw forbidden(Messages.GRADING_ROLE_ONLY);
};

interface Upload {
  fields: Record<string, string>;
  file: { name: string; data: Buffer; truncated: boolean } | null;
}

/** Reads the whole multipart body: fields may come before or after the file. */
async function readUpload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) {
    throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, 'The request must be multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: Upload['file'] = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume(); // only the first `file` part is used
          await new Promise((r) => part.file.once('end', r));
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) if (!part.file.truncated) chunks.push(chunk as Buffer);
        file = { name: part.filename ?? '', data: Buffer.concat(chunks), truncated: part.file.truncated };
      } else if (!(part.fieldname in fields)) {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, Codes.PAYLOAD_TOO_LARGE, Messages.FILE_TOO_LARGE);
    throw badRequest(`Malformed multipart body: ${(err as Error).message}`);
  }
  return { fields, file };
}

function checkFields(raw: Record<string, string>): SubmitFields {
  const fields = Value.Clean(SubmitFields, { ...raw }) as SubmitFields;
  if (!Value.Check(SubmitFields, fields)) {
    const first = [...Value.Errors(SubmitFields, fields)][0];
    const where = first?.path.replace(/^\//, '') || 'body';
    if (where === 'essay_type') throw badRequest("essay_type: must be 'ee' or 'tok'");
    throw badRequest(`${where}: ${first?.message ?? 'is invalid'}`);
  }
  return fields;
}

async function extract(name: string, data: Buffer, timeoutMs: number): Promise<string> {
  const kind = kindOf(name);
  if (!kind) throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, Messages.UNSUPPORTED_FILE);
  try {
    return await extractText(kind, data, { timeoutMs });
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    if (err.reason === 'timeout') throw new HttpError(422, 'FILE_UNREADABLE', err.message);
    const detail = err.reason === 'unsupported' ? `${Messages.UNSUPPORTED_FILE} (${err.message})` : err.message;
    throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, detail);
  }
}

export interface SubmitDeps {
  store: EvaluationStore;
  charging: Charging;
  bus: Bus;
  extractTimeoutMs: number;
  lookupTimeoutMs: number;
}

export function submitRoutes(app: FastifyInstance, deps: SubmitDeps): void {
  app.post(
    '/evaluation/evaluate-async',
    {
      preHandler: requireGradingRole,
      schema: {
        summary: 'Submit an essay file for grading (costs one credit)',
        description:
          'multipart/form-data: title, essay_type (ee|tok), rubric_id, subject_area (optional), include_reflection (ignored), file (.txt, .docx, .pdf; at most 20 MB)',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: {
          201: Evaluation,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          413: ErrorEnvelope,
          415: ErrorEnvelope,
          422: ErrorEnvelope,
          503: ErrorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const me = principalOf(req);
      const upload = await readUpload(req);
      const fields = checkFields(upload.fields);
      const file = upload.file;
      if (!file || (!file.name && file.data.length === 0)) throw badRequest('Please upload a file');
      if (file.truncated || file.data.length > MAX_UPLOAD_BYTES) {
        throw new HttpError(413, Codes.PAYLOAD_TOO_LARGE, Messages.FILE_TOO_LARGE);
      }
      const text = await extract(file.name, file.data, deps.extractTimeoutMs);
      if (!text) throw badRequest(Messages.EMPTY_ESSAY, Codes.EMPTY_ESSAY);
      if (text.length > MAX_ESSAY_CHARS || Buffer.byteLength(text) > MAX_ESSAY_BYTES) {
        throw new HttpError(413, Codes.ESSAY_TOO_LONG, ESSAY_TOO_LONG);
      }

      const rubricId = fields.rubric_id.trim();
      if (!isUuid(rubricId)) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
      const timeout = { timeoutMs: deps.lookupTimeoutMs };
      const [{ rubric, is_active }, { user }] = await Promise.all([
        callRpc(deps.bus, Rpc.rubricGetSnapshot, { rubric_id: rubricId }, timeout),
        callRpc(deps.bus, Rpc.usersGetView, { user_id: me.id }, timeout),
      ]);
      if (is_active === false) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
      if (rubric.rubric_type !== fields.essay_type) {
        throw badRequest(
          `The rubric is for ${rubric.rubric_type.toUpperCase()} essays, not ${fields.essay_type.toUpperCase()}`,
          Codes.RUBRIC_TYPE_MISMATCH,
        );
      }
      if (!GRADING_ROLES.includes(user.role)) throw forbidden(Messages.GRADING_ROLE_ONLY);

      // (1) the row exists before the credit is charged
      const id = newId();
      await deps.store.insertCharging({
        id,
        user_id: me.id,
        user_name: user.name,
        user_email: user.email,
        user_type: user.role,
        file_name: file.name.slice(0, 255),
        title: titleOrDefault(fields.title, fields.essay_type),
        essay_type: fields.essay_type,
        subject_area: (fields.subject_area ?? '').trim(),
        rubric,
        essay_text: text,
        word_count: countWords(text),
      });

      // (2) charge, idempotent by evaluation id
      const outcome = await deps.charging.charge(id, me.id);
      if (outcome.kind === 'refused') {
        await deps.charging.refuse(id, `${outcome.error.code}: ${outcome.error.detail}`);
        throw outcome.error;
      }
      if (outcome.kind === 'unavailable') {
        req.log.warn({ evaluation_id: id, err: outcome.error.detail }, 'credit not confirmed; the sweeper will settle it');
        throw new HttpError(
          503,
          Codes.UNAVAILABLE,
          'Billing is not answering right now. If your credit was taken, the submission will appear in your list shortly; otherwise please try again.',
        );
      }

      // (3) pending + evaluation.submitted.v1 in one transaction (a no-op if the sweeper already did it)
      await deps.charging.complete(id);
      const row = await deps.store.getVisible(id);
      if (!row) throw new HttpError(503, Codes.UNAVAILABLE, 'The submission could not be completed; please try again');
      return reply.status(201).send(toEvaluation(row));
    },
  );
}
