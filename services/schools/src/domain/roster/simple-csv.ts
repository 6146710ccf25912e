/**
 * The one-file CSV for schools without a roster system: `email,name,role,class`. `role` is
 * student, teacher or school_admin (admin and administrator read as school_admin); `class` is
 * optional and may name several classes separated by `;`. A person is on one line only; the
 * email is their identity (there is no sourcedId, so `csv:<email>` stands for one), a class's
 * name is its identity (`csv:<lower-case name>`).
 */
import type { SchoolRole } from '@corestone/contracts';
import { eachRow } from './files';
import { emptyRoster, isEmail, sortErrors, type Roster, type RosterSource } from './model';

const ROLES: Record<string, SchoolRole> = {
  student: 'student',
  teacher: 'teacher',
  school_admin: 'school_admin',
  admin: 'school_admin',
  administrator: 'school_admin',
};

export const SIMPLE_COLUMNS = ['email', 'name', 'role', 'class'] as const;

export const userKeyOf = (email: string): string => `csv:${email}`;
export const classKeyOf = (name: string): string => `csv:${name.trim().toLowerCase()}`;

export async function parseSimpleCsv(source: RosterSource, name: string): Promise<Roster> {
  const roster = emptyRoster('simple-csv');
  const lineOf = new Map<string, number>();
  await eachRow(source, name, roster, ['email', 'role'], (row) => {
    const email = row.get('email').toLowerCase();
    const word = row.get('role').toLowerCase();
    if (email) {
      roster.seenEmails.add(email);
      roster.seenUserIds.add(userKeyOf(email));
    }
    if (!email) return void roster.errors.push({ file: name, line: row.line, message: 'email is empty' });
    if (!isEmail(email)) return void roster.errors.push({ file: name, line: row.line, message: `"${email}" is not an email address` });
    const earlier = lineOf.get(email);
    if (earlier !== undefined) {
      return void roster.errors.push({
        file: name,
        line: row.line,
        message: `${email} is already on line ${earlier} (one line per person; several classes go in one cell, separated by ";")`,
      });
    }
    lineOf.set(email, row.line);
    if (!word) return void roster.errors.push({ file: name, line: row.line, message: 'role is empty (student, teacher or school_admin)' });
    const role = ROLES[word];
    if (!role) {
      return void roster.errors.push({
        file: name,
        line: row.line,
        message: `unknown role "${row.get('role')}" (student, teacher or school_admin)`,
      });
    }
    const sourcedId = userKeyOf(email);
    roster.users.set(sourcedId, {
      sourcedId,
      email,
      name: (row.get('name') || email.split('@')[0]!).slice(0, 200),
      role,
      active: true,
      file: name,
      line: row.line,
    });
    for (const title of new Set(
      row
        .get('class')
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean),
    )) {
      const classId = classKeyOf(title);
      if (!roster.classes.has(classId)) {
        roster.classes.set(classId, {
          sourcedId: classId,
          name: title.slice(0, 200),
          subject: null,
          session: null,
          file: name,
          line: row.line,
        });
      }
      roster.enrolments.push({
        classSourcedId: classId,
        userSourcedId: sourcedId,
        role: role === 'student' ? 'student' : 'teacher',
        file: name,
        line: row.line,
      });
    }
  });
  sortErrors(roster.errors);
  return roster;
}
