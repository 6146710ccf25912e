/**
 * Roster imports of the schools service (issue 30, bulk onboarding): POST
 * /schools/{id}/roster/import (multipart: the OneRoster 1.1/1.2 CSV files, one zip of them, or one
 * CSV `email,name,role,class`), GET /schools/{id}/roster/imports (the school's history) and GET
 * /schools/{id}/roster/imports/{import_id} (one import: its progress while it is applied in the
 * background, then its result).
 */
import { Type, type Static } from '@sinclair/typebox';
import { SchoolRole } from './api-schools';

/** Largest roster file (or zip) taken in one upload; the gateway's upload budget is above it. */
export const MAX_ROSTER_FILE_BYTES = 20 * 1024 * 1024;
/** Each details list of a result is cut at this many entries (the counts stay whole). */
export const ROSTER_DETAILS_LIMIT = 2000;
/** The errors of a result are cut at this many (`error_count` stays whole). */
export const ROSTER_ERRORS_LIMIT = 1000;
/**
 * An apply of more data rows than this answers 202 and goes on in the background even without
 * `async=true` (a large roster would outlast the gateway's upstream limit); fewer answer 200 with
 * the result, as a dry run always does.
 */
export const ROSTER_SYNC_MAX_ROWS = 2000;

export const RosterCodes = {
  /** Another import of the same school is being applied. */
  IMPORT_RUNNING: 'ROSTER_IMPORT_RUNNING',
  /** No such import of this school. */
  IMPORT_NOT_FOUND: 'ROSTER_IMPORT_NOT_FOUND',
  /** The upload holds no roster: no files, neither CSV nor zip, a zip that cannot be read. */
  INVALID_UPLOAD: 'ROSTER_INVALID_UPLOAD',
} as const;

export const RosterImportQuery = Type.Object({
  dry_run: Type.Optional(Type.Boolean({ default: true, description: 'true (default): only show what would change' })),
  async: Type.Optional(
    Type.Boolean({
      description: `an apply answers 202 with the import's id and status at once and goes on in the background (GET /schools/{id}/roster/imports/{import_id} shows its progress, then its result); an apply of more than ${ROSTER_SYNC_MAX_ROWS} rows does so anyway. A dry run always answers 200`,
    }),
  ),
  org: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: "the school's sourcedId in orgs.csv, when the files hold several schools" }),
  ),
});
export type RosterImportQuery = Static<typeof RosterImportQuery>;

export const RosterRowError = Type.Object({
  file: Type.String(),
  line: Type.Integer({ description: 'line in the file (1 = the header; 0 = the file as a whole)' }),
  message: Type.String(),
});
export type RosterRowError = Static<typeof RosterRowError>;

export const RosterFormat = Type.Union([Type.Literal('oneroster-1.2'), Type.Literal('oneroster-1.1'), Type.Literal('simple-csv')]);

export const RosterCounts = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  deactivated: Type.Integer(),
  moved: Type.Integer(),
  unchanged: Type.Integer(),
  classes_created: Type.Integer(),
  classes_updated: Type.Integer(),
  enrolments_added: Type.Integer(),
  enrolments_removed: Type.Integer(),
});
export type RosterCounts = Static<typeof RosterCounts>;

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** What a dry run would do (or an apply did), row by row, for the dry-run table. */
export const RosterDetails = Type.Object({
  create: Type.Array(
    Type.Object({ email: Type.String(), name: Type.String(), role: SchoolRole, file: Type.String(), line: Type.Integer() }),
  ),
  update: Type.Array(Type.Object({ email: Type.String(), name: Type.String(), changes: Type.Array(Type.String()) })),
  deactivate: Type.Array(Type.Object({ email: Type.String(), name: Type.String(), role: SchoolRole, reason: Type.String() })),
  moves: Type.Array(
    Type.Object({ email: Type.String(), name: Type.String(), from: Type.Array(Type.String()), to: Type.Array(Type.String()) }),
  ),
  classes_create: Type.Array(Type.Object({ name: Type.String(), subject: Nullable(Type.String()), session: Nullable(Type.String()) })),
  classes_update: Type.Array(Type.Object({ name: Type.String(), changes: Type.Array(Type.String()) })),
  truncated: Type.Boolean({ description: `a list was cut at ${ROSTER_DETAILS_LIMIT} entries` }),
});
export type RosterDetails = Static<typeof RosterDetails>;

export const RosterImportResult = Type.Composite([
  Type.Object({
    id: Type.String(),
    dry_run: Type.Boolean(),
    /** false for a dry run, and for an apply refused because a file could not be read whole */
    applied: Type.Boolean(),
    format: RosterFormat,
    files: Type.Array(Type.String()),
    rows: Type.Integer({ description: 'data rows read, all files' }),
  }),
  RosterCounts,
  Type.Object({
    errors: Type.Array(RosterRowError, { description: `row-level problems, at most ${ROSTER_ERRORS_LIMIT}` }),
    error_count: Type.Integer(),
    skipped: Type.Array(RosterRowError, { description: 'rows deliberately left out (guardians, parents…)' }),
    details: RosterDetails,
  }),
]);
export type RosterImportResult = Static<typeof RosterImportResult>;

export const RosterImportSummary = Type.Object({
  id: Type.String(),
  dry_run: Type.Boolean(),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  by: Type.Object({ user_id: Type.String(), name: Nullable(Type.String()), email: Nullable(Type.String()) }),
  started_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  format: Nullable(Type.String()),
  files: Type.Array(Type.String()),
  rows: Type.Integer(),
  counts: Type.Union([RosterCounts, Type.Null()]),
  error_count: Type.Integer(),
  progress: Type.Object({ done: Type.Integer(), total: Type.Integer() }, { description: 'operations of an apply carried out so far' }),
});
export type RosterImportSummary = Static<typeof RosterImportSummary>;

export const RosterImportList = Type.Object({ imports: Type.Array(RosterImportSummary) });

/**
 * One import (the 202 of an apply in the background, and GET /schools/{id}/roster/imports/{import_id}):
 * the history row — while `running`, `progress` and the counts and errors so far — and, once `done`,
 * the whole result as the synchronous answer gives it.
 */
export const RosterImportStatus = Type.Composite([
  RosterImportSummary,
  Type.Object({
    errors: Type.Array(RosterRowError, {
      description: `row-level problems so far (parsing, then applying), at most ${ROSTER_ERRORS_LIMIT}`,
    }),
    result: Type.Union([RosterImportResult, Type.Null()], { description: 'the result once done; null while running or when it failed' }),
  }),
]);
export type RosterImportStatus = Static<typeof RosterImportStatus>;
export type RosterImportList = Static<typeof RosterImportList>;
