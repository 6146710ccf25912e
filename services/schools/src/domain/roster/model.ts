/**
 * The roster an import reads (OneRoster 1.1/1.2 CSV or the one-file CSV), reduced to what a school
 * keeps: members, classes and enrolments, each with the file and line it came from so every
 * problem can be shown as "file, line, reason". Pure data: the parsers fill it, the planner reads it.
 */
import type { SchoolRole } from '@corestone/contracts';

/** One problem with one row (or, line 1, with a whole file). */
export interface RosterError {
  file: string;
  line: number;
  message: string;
}

export type RosterFormat = 'oneroster-1.2' | 'oneroster-1.1' | 'simple-csv';

/**
 * `bulk`: the files are the whole roster, so a roster-managed member missing from them is
 * deactivated. `delta` (OneRoster manifest `file.users=delta`): only changes, nobody is inferred gone.
 */
export type RosterMode = 'bulk' | 'delta';

export type ClassRole = 'teacher' | 'student';

export interface RosterUser {
  /** OneRoster sourcedId; the one-file CSV has none, so `csv:<email>` stands for it. */
  sourcedId: string;
  /** lower case */
  email: string;
  name: string;
  role: SchoolRole;
  /** false: `enabledUser=false` or `status=tobedeleted` — the member is deactivated, not created. */
  active: boolean;
  file: string;
  line: number;
}

export interface RosterClass {
  /** OneRoster sourcedId; the one-file CSV uses `csv:<lower-case class name>`. */
  sourcedId: string;
  name: string;
  subject: string | null;
  session: string | null;
  file: string;
  line: number;
}

export interface RosterEnrolment {
  classSourcedId: string;
  userSourcedId: string;
  role: ClassRole;
  file: string;
  line: number;
}

export interface Roster {
  format: RosterFormat;
  mode: RosterMode;
  /** by sourcedId */
  users: Map<string, RosterUser>;
  /** by sourcedId */
  classes: Map<string, RosterClass>;
  enrolments: RosterEnrolment[];
  /**
   * Every user sourcedId and email the files name for this school, rows with errors included: a
   * member whose row is merely broken this time is not taken for gone (never deactivated for a typo).
   */
  seenUserIds: Set<string>;
  seenEmails: Set<string>;
  errors: RosterError[];
  /** rows deliberately left out (guardians, parents, other schools' rows are not counted) */
  skipped: RosterError[];
  /** data rows read, all files */
  rows: number;
  /**
   * A file could not be read to its end (missing column, broken CSV, no school chosen): the roster
   * is not the whole school, so nobody is taken for gone.
   */
  incomplete: boolean;
}

export function emptyRoster(format: RosterFormat, mode: RosterMode = 'bulk'): Roster {
  return {
    format,
    mode,
    users: new Map(),
    classes: new Map(),
    enrolments: [],
    seenUserIds: new Set(),
    seenEmails: new Set(),
    errors: [],
    skipped: [],
    rows: 0,
    incomplete: false,
  };
}

/** The files of one import, read one at a time in the order the parser needs them. */
export interface RosterSource {
  /** file names as uploaded or inside the zip (folders stripped) */
  readonly names: readonly string[];
  /** the named file's bytes, streamed; each file is opened at most once */
  open(name: string): AsyncIterable<Buffer | string>;
}

/** Errors sorted the way a person reads them: file by file, line by line. */
export function sortErrors(errors: RosterError[]): RosterError[] {
  return errors.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);
