/**
 * CSV class-list import (issue 10, beyond the spec): rows of first name, last name, e-mail, role,
 * credits. Parsing and checks are pure; the screen creates the accounts one by one.
 */
import type { Role } from '@corestone/sdk';
import { type IntlShape } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

/** RFC 4180 fields: commas or semicolons, quotes with "" inside, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

export interface ImportRow {
  line: number;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  credits: number;
  /** why the row cannot be imported; null when it can */
  problem: string | null;
}

const HEADERS: Record<string, keyof Omit<ImportRow, 'line' | 'problem'>> = {
  'first name': 'first_name',
  first_name: 'first_name',
  firstname: 'first_name',
  'last name': 'last_name',
  last_name: 'last_name',
  lastname: 'last_name',
  email: 'email',
  'e-mail': 'email',
  role: 'role',
  user_type: 'role',
  credits: 'credits',
  essay_credits: 'credits',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads the class list. A header row is recognised by its names (any order); without one the
 * columns are first name, last name, e-mail, role, credits. Role defaults to student, credits to 1.
 */
export function readClassList(text: string, allowedRoles: readonly Role[], intl: IntlShape = ENGLISH): ImportRow[] {
  const rows = parseCsv(text);
  if (!rows.length) return [];
  const head = rows[0]!.map((h) => HEADERS[h.trim().toLowerCase()]);
  const hasHeader = head.filter(Boolean).length >= 2;
  const columns = hasHeader ? head : (['first_name', 'last_name', 'email', 'role', 'credits'] as const);
  const seen = new Set<string>();
  return rows.slice(hasHeader ? 1 : 0).map((cells, i) => {
    const get = (key: string) => (cells[columns.indexOf(key as never)] ?? '').trim();
    const rawRole =
      get('role')
        .toLowerCase()
        .replace(/[\s-]+/g, '_') || 'student';
    const rawCredits = get('credits');
    const credits = rawCredits === '' ? 1 : Number(rawCredits);
    const email = get('email').toLowerCase();
    const row: ImportRow = {
      line: i + (hasHeader ? 2 : 1),
      first_name: get('first_name'),
      last_name: get('last_name'),
      email,
      role: rawRole as Role,
      credits,
      problem: null,
    };
    if (!row.first_name || !row.last_name)
      row.problem = intl.formatMessage({ id: 'classImport.namesRequired', defaultMessage: 'First and last name are required' });
    else if (!EMAIL.test(email))
      row.problem = intl.formatMessage({ id: 'classImport.invalidEmail', defaultMessage: 'Not a valid e-mail address' });
    else if (seen.has(email))
      row.problem = intl.formatMessage({ id: 'classImport.duplicateEmail', defaultMessage: 'The same e-mail appears earlier in the file' });
    else if (!allowedRoles.includes(row.role))
      row.problem = intl.formatMessage(
        { id: 'classImport.roleNotAllowed', defaultMessage: 'Role must be one of: {roles}' },
        { roles: allowedRoles.join(', ') },
      );
    else if (!Number.isInteger(credits) || credits < 0)
      row.problem = intl.formatMessage({ id: 'classImport.creditsInvalid', defaultMessage: 'Credits must be a whole number, 0 or more' });
    seen.add(email);
    return row;
  });
}

/** How a created account's owner gets in: a one-time password, or a password-set e-mail (sent or not). */
export type Access = { password: string } | { mail: 'sent' | 'not sent' };

/** The report's last column: the one-time password, or what happened to the password-set e-mail. */
export function accessText(access: Access | null, intl: IntlShape = ENGLISH): string {
  if (!access) return '';
  if ('password' in access) return access.password;
  return access.mail === 'sent'
    ? intl.formatMessage({ id: 'classImport.mailSent', defaultMessage: 'e-mail sent' })
    : intl.formatMessage({ id: 'classImport.mailNotSent', defaultMessage: 'e-mail not sent' });
}

/** The report a school keeps: one line per row, the one-time password (or e-mail) of each created account. */
export function reportCsv(results: { row: ImportRow; status: string; access: Access | null }[]): string {
  const q = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;
  const byMail = results.some((r) => r.access && 'mail' in r.access);
  return (
    [
      `line,first name,last name,email,role,credits,result,${byMail ? 'password e-mail' : 'one-time password'}`,
      ...results.map(({ row, status, access }) =>
        [row.line, row.first_name, row.last_name, row.email, row.role, row.credits, status, accessText(access)].map(q).join(','),
      ),
    ].join('\r\n') + '\r\n'
  );
}
