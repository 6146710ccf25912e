import type { FastifyRequest } from 'fastify';
import { Type, type TObject } from '@sinclair/typebox';
import {
  AiStructureBody,
  Codes,
  EssayType,
  MAX_RUBRIC_FILE_BYTES,
  Messages,
  Rubric,
  ProcessedRubricFile,
  RubricTypeQuery,
} from '@corestone/contracts';
import { ExtractError, RUBRIC_FILE_KINDS, extractText, kindOf } from '@corestone/documents';
import { HttpError, badRequest, checkFormFields, errorResponses, readUpload, security, type RoutePlugin } from '@corestone/service-kit';
import { criteriaText } from '../domain/criteria-text';
import { prepareRubric, requiredTitle } from '../domain/rubric-input';
import { parsedOrRefuse, structureDocument } from '../app/structure-document';
import type { RubricAssistant } from '../peers/rubric-assistant';
import type { RubricStore } from '../store/rubrics';
import { requireSuperAdmin } from './access';

const TYPE_MESSAGE = { rubric_type: "rubric_type: must be 'ee' or 'tok'" };
const ProcessFields = Type.Object({ rubric_type: EssayType });
const CreateFields = Type.Object({
  rubric_type: EssayType,
  title: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
});
const GenerateFields = Type.Object({
  rubric_type: EssayType,
  generate_scoring: Type.Optional(Type.String({ maxLength: 10 })),
});
const fileErrors = errorResponses(400, 401, 403, 413, 415, 422);
const MULTIPART = 'multipart/form-data';

export interface FileRouteDeps {
  store: RubricStore;
  assistant: RubricAssistant | null;
  extractTimeoutMs: number;
}

/**
 * The upload's checked fields and the text of its file, or the spec's messages for a missing,
 * wrong or oversized file. Fields are checked before the file is read.
 */
async function readRubricFile<T extends TObject>(req: FastifyRequest, opts: { fields: T; timeoutMs: number; missing: string }) {
  const upload = await readUpload(req, { tooLarge: Messages.RUBRIC_FILE_TOO_LARGE });
  const fields = checkFormFields(opts.fields, upload.fields, TYPE_MESSAGE);
  const file = upload.file;
  if (!file || (!file.name && !file.data.length)) throw badRequest(opts.missing);
  const kind = kindOf(file.name, RUBRIC_FILE_KINDS);
  if (!kind) throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, Messages.RUBRIC_FILE_UNSUPPORTED);
  if (file.truncated || file.data.length > MAX_RUBRIC_FILE_BYTES) {
    throw new HttpError(413, Codes.PAYLOAD_TOO_LARGE, Messages.RUBRIC_FILE_TOO_LARGE);
  }
  let text: string;
  try {
    text = await extractText(kind, file.data, { timeoutMs: opts.timeoutMs });
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    if (err.reason === 'unsupported') {
      throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, `${Messages.RUBRIC_FILE_UNSUPPORTED} (${err.message})`);
    }
    throw new HttpError(422, 'FILE_UNREADABLE', err.message);
  }
  if (!text.trim()) throw new HttpError(422, 'FILE_EMPTY', Messages.RUBRIC_FILE_EMPTY);
  return { fields, name: file.name, text };
}

export const fileRoutes: RoutePlugin<FileRouteDeps> = async (app, deps) => {
  app.post(
    '/rubrics/process-file',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Read a rubric document (.pdf, .docx, .doc, .txt; at most 10 MB) into criteria, marks and descriptors (super_admin)',
        description: 'multipart/form-data: file, rubric_type (ee|tok)',
        consumes: [MULTIPART],
        security,
        response: { 200: ProcessedRubricFile, ...fileErrors },
      },
    },
    async (req) => {
      const { fields, name, text } = await readRubricFile(req, {
        fields: ProcessFields,
        timeoutMs: deps.extractTimeoutMs,
        missing: Messages.RUBRIC_FILE_MISSING,
      });
      return parsedOrRefuse(text, fields.rubric_type, name);
    },
  );

  app.post(
    '/rubrics/create-from-file',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Create an active rubric from a rubric document (super_admin)',
        description: 'multipart/form-data: file, title, description, rubric_type (ee|tok)',
        consumes: [MULTIPART],
        security,
        response: { 201: Rubric, ...fileErrors },
      },
    },
    async (req, reply) => {
      const {
        fields: form,
        name,
        text,
      } = await readRubricFile(req, { fields: CreateFields, timeoutMs: deps.extractTimeoutMs, missing: Messages.RUBRIC_FILE_REQUIRED });
      const title = requiredTitle(form.title);
      const result = parsedOrRefuse(text, form.rubric_type, name);
      const rubric = await deps.store.create(
        prepareRubric({
          title,
          description: form.description?.trim() || result.structured_rubric.description,
          rubric_type: form.rubric_type,
          criteria_text: criteriaText(result.structured_rubric.criteria, result.structured_rubric.detailed_guidance),
          scoring_structure: result.structured_rubric.scoring_structure,
        }),
      );
      return reply.status(201).send(rubric);
    },
  );

  app.post(
    '/rubrics/generate-ai-rubric',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Structure a rubric document with the language model when one is configured, else with the document parser (super_admin)',
        description:
          'multipart/form-data: file, rubric_type (ee|tok), generate_scoring (true: the model may write descriptors for criteria the document gives no mark bands). `source` says which answered; `warnings` why the parser did.',
        consumes: [MULTIPART],
        security,
        response: { 200: ProcessedRubricFile, ...fileErrors },
      },
    },
    async (req) => {
      const {
        fields: form,
        name,
        text,
      } = await readRubricFile(req, { fields: GenerateFields, timeoutMs: deps.extractTimeoutMs, missing: Messages.RUBRIC_FILE_MISSING });
      const generate_scoring = /^(true|1|yes|on)$/i.test(form.generate_scoring?.trim() ?? '');
      return structureDocument(deps, text, { rubric_type: form.rubric_type, file_name: name, generate_scoring }, req.log);
    },
  );

  app.post(
    '/rubrics/create-from-ai-structure',
    {
      preHandler: requireSuperAdmin,
      schema: {
        summary: 'Create a rubric from a structure returned by generate-ai-rubric (super_admin)',
        security,
        querystring: RubricTypeQuery,
        body: AiStructureBody,
        response: { 201: Rubric, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { rubric_type } = req.query;
      const body = req.body;
      const source = { ...body.structured_rubric, ...stripUndefined(body) };
      const scoring = source.scoring_structure ?? (source.criteria ? { criteria: source.criteria } : undefined);
      const prepared = prepareRubric({
        title: source.title,
        description: source.description,
        rubric_type,
        scoring_structure: scoring,
        status: body.status,
      });
      const rubric = await deps.store.create({
        ...prepared,
        criteria_text: criteriaText(prepared.scoring_structure.criteria, source.detailed_guidance),
      });
      return reply.status(201).send(rubric);
    },
  );
};

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k !== 'structured_rubric')) as Partial<T>;
}
