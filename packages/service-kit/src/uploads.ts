import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // the request decorations (isMultipart, parts)
import type { TObject, Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Codes } from '@corestone/contracts';
import { HttpError, badRequest } from './errors';

export interface Upload {
  fields: Record<string, string>;
  /** The first part named `file`; `truncated` when it went past the plugin's `limits.fileSize`. */
  file: { name: string; data: Buffer; truncated: boolean } | null;
}

/**
 * Reads a whole multipart body (fields may come before or after the file). Needs @fastify/multipart
 * registered with `throwFileSizeLimit: false`, so an oversized file arrives marked truncated.
 * `tooLarge` is the detail of the 413 when the body as a whole is refused for its size.
 */
export async function readUpload(req: FastifyRequest, opts: { tooLarge: string }): Promise<Upload> {
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
    if (status === 413) throw new HttpError(413, Codes.PAYLOAD_TOO_LARGE, opts.tooLarge);
    throw badRequest(`Malformed multipart body: ${(err as Error).message}`);
  }
  return { fields, file };
}

/**
 * Checks multipart text fields against a TypeBox object (unknown fields dropped), answering 400
 * with `<field>: <problem>`, or with the caller's own sentence for a field named in `details`.
 */
export function checkFormFields<T extends TObject>(
  schema: T,
  raw: Record<string, string>,
  details: Record<string, string> = {},
): Static<T> {
  const fields = Value.Clean(schema, { ...raw }) as Static<T>;
  if (!Value.Check(schema, fields)) {
    const first = [...Value.Errors(schema, fields)][0];
    const where = first?.path.replace(/^\//, '') || 'body';
    throw badRequest(details[where] ?? `${where}: ${first?.message ?? 'is invalid'}`);
  }
  return fields;
}
