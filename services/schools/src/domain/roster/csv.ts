/**
 * Streams the rows of one CSV file (csv-parse's stream parser): the file is never held as one
 * string, only the current record. Headers are matched without regard to case or surrounding
 * spaces; a byte-order mark is dropped; blank lines are skipped; short rows read as empty fields.
 */
import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';

export interface CsvRow {
  /** the line the record ends on (1 = the header) */
  line: number;
  /** lower-case header → trimmed value ('' when the row is short) */
  get(column: string): string;
  /** the file's lower-case headers (line 1) */
  headers: readonly string[];
}

/** The file is not readable as CSV (unclosed quote, a record beyond the size limit…). */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** One record may not exceed this (a file without line breaks must not grow one huge string). */
const MAX_RECORD_BYTES = 64 * 1024;

/**
 * Reads the header, then yields rows one by one. Throws CsvFileError (with the line) when the text
 * is not CSV; the caller turns it into a row-level error for its file.
 */
export async function* csvRows(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<CsvRow> {
  const source = Readable.from(chunks);
  let headers: string[] = [];
  const parser = parse({
    bom: true,
    columns: (header: string[]) => (headers = header.map((h) => h.trim().toLowerCase())),
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  try {
    for await (const item of parser as AsyncIterable<{ record: Record<string, string | undefined>; info: { lines: number } }>) {
      const { record, info } = item;
      yield { line: info.lines, get: (column) => record[column] ?? '', headers };
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const line = typeof (err as { lines?: unknown }).lines === 'number' ? (err as unknown as { lines: number }).lines : 1;
      throw new CsvFileError(`not readable as CSV: ${err.message}`, line);
    }
    throw err;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
