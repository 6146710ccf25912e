/**
 * CSV (RFC 4180) for the link export. Cells that a spreadsheet would run as a formula (starting
 * with = + - @, tab or carriage return) get a leading apostrophe: a link's title or description is
 * admin input, and the export is opened in spreadsheets.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
