import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  Codes,
  MAX_ROSTER_FILE_BYTES,
  ROSTER_SYNC_MAX_ROWS,
  RosterImportList,
  RosterImportQuery,
  RosterImportResult,
  RosterImportStatus,
} from '@corestone/contracts';
import { HttpError, badRequest, errorResponses, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import type { RosterImportUseCases } from '../app/roster-import';
import { MAX_ROSTER_FILES, RosterUpload } from '../app/roster-files';
import { SchoolParams, signedIn } from './common';

export interface RosterRouteDeps {
  rosterImports: RosterImportUseCases;
}

const RosterImportParams = Type.Object({ id: Type.String({ maxLength: 100 }), import_id: Type.String({ maxLength: 100 }) });

/**
 * Roster imports: POST /schools/{id}/roster/import (multipart: the OneRoster CSV files, one zip of
 * them, or one CSV `email,name,role,class`; `?dry_run=false` applies, `&async=true` in the
 * background), the school's history and one import's progress and result.
 * Who may import is decided before the upload is read; the files are spooled to disk as they come.
 */
export const rosterRoutes: RoutePlugin<RosterRouteDeps> = async (app, { rosterImports }) => {
  app.addHook('onRequest', signedIn);
  // Applies going on in the background finish before the service stops.
  app.addHook('onClose', async () => rosterImports.drain());
  await app.register(multipart, {
    // A file one byte over the limit arrives truncated; the upload answers 413.
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_ROSTER_FILE_BYTES,
      files: MAX_ROSTER_FILES,
      fields: 5,
      fieldSize: 1024,
      parts: MAX_ROSTER_FILES + 5,
      headerPairs: 100,
    },
  });

  app.post(
    '/schools/:id/roster/import',
    {
      schema: {
        summary:
          "Import a roster (the school's admins, platform admins): OneRoster 1.2 or 1.1 CSV files or one zip of them, or one CSV email,name,role,class; dry_run (default true) only shows what would change",
        description: `multipart/form-data: the files as file parts (any field name); optional field \`org\` (as the query parameter). Answers the counts, the row-level errors and the details for the dry-run table; applying twice changes nothing the second time. An apply with \`async=true\`, or of more than ${ROSTER_SYNC_MAX_ROWS} rows, answers 202 with the import's status once the files are read and goes on in the background: GET /schools/{id}/roster/imports/{import_id} shows its progress, then its result.`,
        consumes: ['multipart/form-data'],
        security,
        params: SchoolParams,
        querystring: RosterImportQuery,
        response: { 200: RosterImportResult, 202: RosterImportStatus, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
      },
    },
    async (req, reply) => {
      const ctx = await rosterImports.authorize(principalOf(req), req.params.id);
      if (!req.isMultipart()) throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, 'The request must be multipart/form-data');
      const upload = await RosterUpload.create();
      try {
        let org = req.query.org;
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') await upload.add(part.filename, part.file, () => part.file.truncated);
            else if (part.fieldname === 'org' && typeof part.value === 'string' && part.value.trim())
              org ??= part.value.trim().slice(0, 200);
          }
        } catch (err) {
          if (err instanceof HttpError) throw err;
          if ((err as { statusCode?: number }).statusCode === 413) {
            throw new HttpError(413, Codes.PAYLOAD_TOO_LARGE, 'The upload has too many files or parts');
          }
          throw badRequest(`Malformed multipart body: ${(err as Error).message}`);
        }
        const answer = await rosterImports.run(ctx, upload, { dryRun: req.query.dry_run ?? true, org, async: req.query.async }, app.log);
        return reply.code(answer.status).send(answer.body);
      } finally {
        await upload.dispose();
      }
    },
  );

  app.get(
    '/schools/:id/roster/imports',
    {
      schema: {
        summary: "A school's roster imports, newest first: who, when, counts, progress (the school's admins, platform admins)",
        security,
        params: SchoolParams,
        response: { 200: RosterImportList, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => rosterImports.history(principalOf(req), req.params.id),
  );

  app.get(
    '/schools/:id/roster/imports/:import_id',
    {
      schema: {
        summary:
          "One roster import (the school's admins, platform admins): status, progress, the counts and errors so far, and the result once done",
        security,
        params: RosterImportParams,
        response: { 200: RosterImportStatus, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => rosterImports.status(principalOf(req), req.params.id, req.params.import_id),
  );
};
