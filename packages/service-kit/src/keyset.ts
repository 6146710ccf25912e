import { badRequest } from './errors';

/**
 * Keyset paging for lists ordered `created_at DESC, id DESC` (issue 34): a page after a cursor is
 * read from the index where the last one ended, however deep, instead of skipping `offset` rows.
 * The cursor carries the last row's `created_at` as Postgres wrote it (microseconds: a JavaScript
 * Date would drop them and skip or repeat rows) and its id, opaque to clients.
 */
export interface KeysetKey {
  /** ISO 8601 UTC with microseconds, e.g. 2026-11-29T10:00:00.123456Z */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeKeyset = (k: KeysetKey): string => Buffer.from(`${k.at}|${k.id}`).toString('base64url');

/** The key a cursor carries; null when it is not one of ours. */
export function decodeKeyset(cursor: string): KeysetKey | null {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !AT.test(at ?? '') || !ID.test(id ?? '') || Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}

/** The select-list item giving each row's cursor time (`cursor_at`) from its `created_at` column. */
export const keysetAt = (createdAt = 'created_at') =>
  `to_char(${createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

/**
 * The condition of a page after `cursor` on the columns named (a row comparison an index on
 * (created_at, id) answers), its values appended to `params`; null without a cursor. A cursor that
 * is not ours is a 400.
 */
export function keysetAfter(cursor: string | undefined, params: unknown[], columns = { at: 'created_at', id: 'id' }): string | null {
  if (!cursor) return null;
  const key = decodeKeyset(cursor);
  if (!key) throw badRequest('cursor: not a cursor this list gave (use next_cursor as answered)');
  params.push(key.at, key.id);
  return `(${columns.at}, ${columns.id}) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
}

/** A page read with LIMIT limit + 1: its rows (without cursor_at) and the next page's cursor, null when none. */
export function keysetPage<T extends { cursor_at: string }>(
  rows: T[],
  limit: number,
  idOf: (row: T) => string,
): { rows: Array<Omit<T, 'cursor_at'>>; next_cursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    rows: page.map(({ cursor_at: _, ...row }) => row),
    next_cursor: more && last ? encodeKeyset({ at: last.cursor_at, id: idOf(last) }) : null,
  };
}
