/**
 * Reading one file of an import row by row, with the checks every roster file shares: the
 * required columns are there, the text is CSV, the file is not absurdly long. Problems become
 * row-level errors of that file; the caller only sees good rows.
 */
import { csvRows, CsvFileError, type CsvRow } from './csv';
import type { Roster, RosterSource } from './model';

/** More data rows than any school's roster file has; past it the file is refused. */
export const MAX_ROWS_PER_FILE = 200_000;

/** The name under which `wanted` (lower case) was uploaded, if it was. */
export function findFile(source: RosterSource, wanted: string): string | null {
  return source.names.find((n) => n.toLowerCase() === wanted) ?? null;
}

/**
 * Calls `each` for every data row of `name`. Returns false when the file could not be read to its
 * end (a missing column, broken CSV, too many rows) — the error is already in `roster.errors`.
 */
export async function eachRow(
  source: RosterSource,
  name: string,
  roster: Roster,
  required: readonly string[],
  each: (row: CsvRow) => void,
): Promise<boolean> {
  let checked = false;
  let count = 0;
  try {
    for await (const row of csvRows(source.open(name))) {
      if (!checked) {
        const missing = required.filter((c) => !row.headers.includes(c));
        if (missing.length) {
          roster.errors.push({ file: name, line: 1, message: `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` });
          roster.incomplete = true;
          return false;
        }
        checked = true;
      }
      if (++count > MAX_ROWS_PER_FILE) {
        roster.errors.push({ file: name, line: row.line, message: `more than ${MAX_ROWS_PER_FILE} rows; split the roster` });
        roster.incomplete = true;
        return false;
      }
      roster.rows++;
      each(row);
    }
    return true;
  } catch (err) {
    if (err instanceof CsvFileError) {
      roster.errors.push({ file: name, line: err.line, message: err.message });
      roster.incomplete = true;
      return false;
    }
    throw err;
  }
}
