/**
 * OneRoster CSV bulk sets, 1.2 (a user's roles in roles.csv) and 1.1 (`role` and `orgSourcedIds`
 * in users.csv). Files are read one at a time in dependency order — manifest, orgs,
 * academicSessions, users, roles, classes, enrollments — each streamed row by row; what is kept is
 * one small record per user, class and enrolment of this school.
 *
 * A district export names several schools: the import takes the one school chosen (by org
 * sourcedId, or the only school in orgs.csv, or the one whose identifier or name matches the
 * school's), plus the district-level orgs above it; rows of other schools are left out silently.
 *
 * Roles: student → student; teacher and aide → teacher; administrator, principal and the site,
 * district and system administrators → school_admin; guardian, parent, relative, proctor and
 * counselor are not members of a school here (counted as skipped). Enrolment roles: student →
 * student; teacher, aide, administrator → teacher.
 */
import type { SchoolRole } from '@corestone/contracts';
import type { CsvRow } from './csv';
import { eachRow, findFile } from './files';
import { emptyRoster, isEmail, sortErrors, type ClassRole, type Roster, type RosterSource, type RosterUser } from './model';

export interface OrgChoice {
  /** the org's sourcedId in orgs.csv, when the school picks one explicitly */
  orgSourcedId?: string;
  /** the school's own name and IB code: matched against orgs.csv `name` and `identifier` */
  schoolName?: string;
  schoolCode?: string | null;
}

const USER_ROLES: Record<string, SchoolRole | null> = {
  student: 'student',
  teacher: 'teacher',
  aide: 'teacher',
  administrator: 'school_admin',
  principal: 'school_admin',
  siteadministrator: 'school_admin',
  districtadministrator: 'school_admin',
  systemadministrator: 'school_admin',
  guardian: null,
  parent: null,
  relative: null,
  proctor: null,
  counselor: null,
};
const CLASS_ROLES: Record<string, ClassRole | null> = {
  student: 'student',
  teacher: 'teacher',
  aide: 'teacher',
  administrator: 'teacher',
  guardian: null,
  parent: null,
  relative: null,
  proctor: null,
  counselor: null,
};
const RANK: Record<SchoolRole, number> = { student: 0, teacher: 1, school_admin: 2 };

const ROLE_WORDS = 'student, teacher, aide, administrator, principal, guardian, parent, relative, proctor, counselor';

interface RawUser {
  sourcedId: string;
  email: string;
  name: string;
  active: boolean;
  /** 1.1: `role` column (lower case); 1.2: '' */
  role: string;
  /** 1.1: orgSourcedIds; 1.2: primaryOrgSourcedId */
  orgIds: string[];
  line: number;
}

interface Org {
  type: string;
  name: string;
  identifier: string;
  line: number;
}

/** true when the OneRoster files (rather than a one-file CSV) are present */
export function isOneRoster(source: RosterSource): boolean {
  return findFile(source, 'users.csv') !== null;
}

const removed = (row: CsvRow): boolean => row.get('status').toLowerCase() === 'tobedeleted';
const list = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export async function parseOneRoster(source: RosterSource, choice: OrgChoice = {}): Promise<Roster> {
  const has = (n: string): string | null => findFile(source, n);
  const usersFile = has('users.csv');
  const rolesFile = has('roles.csv');
  const roster = emptyRoster(rolesFile ? 'oneroster-1.2' : 'oneroster-1.1');
  if (!usersFile) {
    roster.errors.push({ file: 'users.csv', line: 0, message: 'users.csv is missing' });
    roster.incomplete = true;
    return roster;
  }

  // manifest.csv: version and, per file, bulk / delta / absent.
  const manifestFile = has('manifest.csv');
  if (manifestFile) {
    await eachRow(source, manifestFile, roster, ['propertyname', 'value'], (row) => {
      const property = row.get('propertyname').toLowerCase();
      const value = row.get('value').toLowerCase();
      if (property === 'oneroster.version' && value.startsWith('1.2')) roster.format = 'oneroster-1.2';
      if (property === 'oneroster.version' && value.startsWith('1.1') && !rolesFile) roster.format = 'oneroster-1.1';
      if (property === 'file.users' && value === 'delta') roster.mode = 'delta';
      const listed = /^file\.(\w+)$/.exec(property)?.[1];
      if (listed && (value === 'bulk' || value === 'delta') && !has(`${listed.toLowerCase()}.csv`)) {
        roster.errors.push({
          file: manifestFile,
          line: row.line,
          message: `lists ${listed}.csv as ${value} but the file is not in the upload`,
        });
      }
    });
  }

  // orgs.csv: which org is this school; the orgs above it (district) count as this school's too.
  const orgs = new Map<string, Org>();
  const orgsFile = has('orgs.csv');
  if (orgsFile) {
    await eachRow(source, orgsFile, roster, ['sourcedid'], (row) => {
      if (removed(row)) return;
      orgs.set(row.get('sourcedid'), {
        type: row.get('type').toLowerCase(),
        name: row.get('name'),
        identifier: row.get('identifier'),
        line: row.line,
      });
    });
  }
  const chosen = chooseSchool(orgs, choice, roster, orgsFile ?? 'orgs.csv');
  if (chosen === undefined) {
    roster.incomplete = true;
    return finish(roster);
  }
  const inScope = (orgId: string): boolean => {
    if (!orgsFile) return true;
    if (orgId === chosen) return true;
    const org = orgs.get(orgId);
    return org !== undefined && org.type !== 'school';
  };

  // academicSessions.csv: term titles, shown as a class's session ("May 2027").
  const sessions = new Map<string, string>();
  const sessionsFile = has('academicsessions.csv');
  if (sessionsFile) {
    await eachRow(source, sessionsFile, roster, ['sourcedid', 'title'], (row) => {
      if (!removed(row)) sessions.set(row.get('sourcedid'), row.get('title'));
    });
  }

  // users.csv: one small record per user; who belongs to this school is known after roles.csv.
  const raw = new Map<string, RawUser>();
  const usersOk = await eachRow(source, usersFile, roster, ['sourcedid'], (row) => {
    const sourcedId = row.get('sourcedid');
    if (!sourcedId) {
      roster.errors.push({ file: usersFile, line: row.line, message: 'sourcedId is empty' });
      return;
    }
    const earlier = raw.get(sourcedId);
    if (earlier) {
      roster.errors.push({ file: usersFile, line: row.line, message: `sourcedId ${sourcedId} is already on line ${earlier.line}` });
      return;
    }
    const given = row.get('preferredgivenname') || row.get('givenname');
    const family = row.get('preferredfamilyname') || row.get('familyname');
    raw.set(sourcedId, {
      sourcedId,
      email: row.get('email').toLowerCase(),
      name: [given, family].filter(Boolean).join(' ') || row.get('username'),
      active: !removed(row) && row.get('enableduser').toLowerCase() !== 'false',
      role: row.get('role').toLowerCase(),
      orgIds: row.headers.includes('orgsourcedids') ? list(row.get('orgsourcedids')) : list(row.get('primaryorgsourcedid')),
      line: row.line,
    });
  });
  if (!usersOk) return finish(roster);

  // roles.csv (1.2): the highest role each user holds at this school.
  const roleOf = new Map<string, SchoolRole>();
  /** users with a role row of any org or kind: not this school's, or not a member kind (guardian…) */
  const placedElsewhere = new Set<string>();
  if (rolesFile) {
    await eachRow(source, rolesFile, roster, ['usersourcedid', 'role', 'orgsourcedid'], (row) => {
      if (removed(row)) return;
      const userId = row.get('usersourcedid');
      const orgId = row.get('orgsourcedid');
      const word = row.get('role');
      if (!raw.has(userId)) {
        roster.errors.push({ file: rolesFile, line: row.line, message: `user ${userId || '(empty)'} is not in users.csv` });
        return;
      }
      if (orgsFile && !orgs.has(orgId)) {
        roster.errors.push({ file: rolesFile, line: row.line, message: `org ${orgId || '(empty)'} is not in orgs.csv` });
        return;
      }
      const role = USER_ROLES[word.toLowerCase()];
      if (role === undefined) {
        roster.errors.push({ file: rolesFile, line: row.line, message: `unknown role "${word}" (expected one of ${ROLE_WORDS})` });
        placedElsewhere.add(userId);
        roster.seenUserIds.add(userId);
        if (raw.get(userId)!.email) roster.seenEmails.add(raw.get(userId)!.email);
        return;
      }
      placedElsewhere.add(userId);
      if (role === null || !inScope(orgId)) return;
      const held = roleOf.get(userId);
      if (!held || RANK[role] > RANK[held]) roleOf.set(userId, role);
    });
  }

  // Who is this school's member, and are they well formed?
  const byEmail = new Map<string, RosterUser>();
  for (const user of raw.values()) {
    let role: SchoolRole | null | undefined = roleOf.get(user.sourcedId);
    if (!role) {
      if (placedElsewhere.has(user.sourcedId)) continue; // another school's, a guardian's, or a bad role (reported)
      if (!user.role) {
        roster.errors.push({
          file: usersFile,
          line: user.line,
          message: rolesFile ? `user ${user.sourcedId} has no role in roles.csv` : `user ${user.sourcedId} has no role`,
        });
        roster.seenUserIds.add(user.sourcedId);
        if (user.email) roster.seenEmails.add(user.email);
        continue;
      }
      if (orgsFile && user.orgIds.length && !user.orgIds.some(inScope)) continue;
      role = USER_ROLES[user.role];
      if (role === undefined) {
        roster.errors.push({ file: usersFile, line: user.line, message: `unknown role "${user.role}" (expected one of ${ROLE_WORDS})` });
        roster.seenUserIds.add(user.sourcedId);
        if (user.email) roster.seenEmails.add(user.email);
        continue;
      }
      if (role === null) {
        roster.skipped.push({ file: usersFile, line: user.line, message: `${user.role} ${user.sourcedId} is not a school member here` });
        continue;
      }
    }
    roster.seenUserIds.add(user.sourcedId);
    if (user.email) roster.seenEmails.add(user.email);
    const problem = !user.email
      ? `user ${user.sourcedId} has no email`
      : !isEmail(user.email)
        ? `user ${user.sourcedId}: "${user.email}" is not an email address`
        : byEmail.has(user.email)
          ? `email ${user.email} is also used by user ${byEmail.get(user.email)!.sourcedId} (line ${byEmail.get(user.email)!.line})`
          : null;
    if (problem) {
      roster.errors.push({ file: usersFile, line: user.line, message: problem });
      continue;
    }
    const member: RosterUser = {
      sourcedId: user.sourcedId,
      email: user.email,
      name: (user.name || user.email.split('@')[0]!).slice(0, 200),
      role,
      active: user.active,
      file: usersFile,
      line: user.line,
    };
    byEmail.set(member.email, member);
    roster.users.set(member.sourcedId, member);
  }

  // classes.csv
  const otherClasses = new Set<string>();
  const classesFile = has('classes.csv');
  if (classesFile) {
    await eachRow(source, classesFile, roster, ['sourcedid', 'title'], (row) => {
      const sourcedId = row.get('sourcedid');
      const schoolId = row.get('schoolsourcedid');
      if (removed(row) || (schoolId && !inScope(schoolId))) {
        otherClasses.add(sourcedId);
        return;
      }
      if (!sourcedId) {
        roster.errors.push({ file: classesFile, line: row.line, message: 'sourcedId is empty' });
        return;
      }
      const earlier = roster.classes.get(sourcedId);
      if (earlier) {
        roster.errors.push({ file: classesFile, line: row.line, message: `class ${sourcedId} is already on line ${earlier.line}` });
        return;
      }
      const name = row.get('title') || row.get('classcode');
      if (!name) {
        roster.errors.push({ file: classesFile, line: row.line, message: `class ${sourcedId} has no title` });
        return;
      }
      const term = list(row.get('termsourcedids'))[0];
      roster.classes.set(sourcedId, {
        sourcedId,
        name: name.slice(0, 200),
        subject: list(row.get('subjects'))[0]?.slice(0, 120) ?? null,
        session: (term && sessions.get(term)?.slice(0, 60)) || null,
        file: classesFile,
        line: row.line,
      });
    });
  }

  // enrollments.csv
  const enrollmentsFile = has('enrollments.csv');
  if (enrollmentsFile) {
    const seen = new Map<string, number>();
    await eachRow(source, enrollmentsFile, roster, ['classsourcedid', 'usersourcedid', 'role'], (row) => {
      const classId = row.get('classsourcedid');
      const userId = row.get('usersourcedid');
      const schoolId = row.get('schoolsourcedid');
      if (removed(row) || (schoolId && !inScope(schoolId)) || otherClasses.has(classId)) return;
      if (!roster.classes.has(classId)) {
        roster.errors.push({ file: enrollmentsFile, line: row.line, message: `class ${classId || '(empty)'} is not in classes.csv` });
        return;
      }
      if (!raw.has(userId)) {
        roster.errors.push({ file: enrollmentsFile, line: row.line, message: `user ${userId || '(empty)'} is not in users.csv` });
        return;
      }
      const word = row.get('role');
      const role = CLASS_ROLES[word.toLowerCase()];
      if (role === undefined) {
        roster.errors.push({
          file: enrollmentsFile,
          line: row.line,
          message: `unknown role "${word}" (expected student, teacher, aide or administrator)`,
        });
        return;
      }
      // A guardian's row, or a user not imported (another school's, or their own row has an error).
      if (role === null || !roster.users.has(userId)) return;
      const key = `${classId}\u0000${userId}`;
      const at = seen.get(key);
      if (at !== undefined) {
        const earlier = roster.enrolments[at]!;
        if (role === 'teacher') earlier.role = 'teacher';
        return;
      }
      seen.set(key, roster.enrolments.length);
      roster.enrolments.push({ classSourcedId: classId, userSourcedId: userId, role, file: enrollmentsFile, line: row.line });
    });
  }
  return finish(roster);
}

function finish(roster: Roster): Roster {
  sortErrors(roster.errors);
  return roster;
}

/**
 * The org that is this school: undefined (with an error) when orgs.csv names several schools and
 * nothing picks one; null when there is no orgs.csv (everything is this school's).
 */
function chooseSchool(orgs: Map<string, Org>, choice: OrgChoice, roster: Roster, file: string): string | null | undefined {
  if (orgs.size === 0) return null;
  if (choice.orgSourcedId) {
    if (orgs.has(choice.orgSourcedId)) return choice.orgSourcedId;
    roster.errors.push({ file, line: 1, message: `org ${choice.orgSourcedId} is not in orgs.csv` });
    return undefined;
  }
  const schools = [...orgs].filter(([, org]) => org.type === 'school');
  const candidates = schools.length ? schools : [...orgs];
  if (candidates.length === 1) return candidates[0]![0];
  const same = (a: string, b: string | null | undefined): boolean => !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
  const matching = candidates.filter(([, org]) => same(org.identifier, choice.schoolCode) || same(org.name, choice.schoolName));
  if (matching.length === 1) return matching[0]![0];
  const names = candidates
    .slice(0, 10)
    .map(([id, org]) => `${org.name || id} (${id})`)
    .join(', ');
  roster.errors.push({
    file,
    line: 1,
    message: `the files hold ${candidates.length} schools (${names}${candidates.length > 10 ? ', …' : ''}); choose one with org`,
  });
  return undefined;
}
