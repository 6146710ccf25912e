/**
 * What an import would change in a school, computed from the roster and the school as it is.
 * The same plan is shown by a dry run and carried out by an apply, and planning again after an
 * apply finds nothing to do (the import is idempotent).
 *
 * Rules:
 *  - A roster user is matched to a member by sourcedId, else by email (then the member is linked
 *    to the sourcedId). Unmatched and enabled → created; matched → name, role, link and status
 *    brought in line. An email that changed in the roster is reported, not applied: the account's
 *    email belongs to the account.
 *  - Roles: the roster may make a member a school_admin, and move members between teacher and
 *    student; it never demotes a school_admin (a teacher account can be a school admin).
 *  - Deactivation: `enabledUser=false` or `status=tobedeleted` deactivates; and in a bulk import a
 *    roster-managed member (one that has a sourcedId) who is gone from the files is deactivated —
 *    never deleted. Only the same kind of roster takes a member for gone: a one-file CSV those it
 *    brought in (`csv:` ids), a OneRoster set those of OneRoster (so a short CSV of newcomers does
 *    not empty a OneRoster school). Members added by hand, school admins, the importing admin and
 *    anyone whose row merely has an error are never taken for gone; nor is anybody by an incomplete
 *    roster (a file not read to its end) or one with no users at all.
 *  - Classes: matched by sourcedId, else by name among classes not yet linked to a roster; created
 *    when unmatched; renamed (and subject/session set) when the roster says so. A class missing from
 *    the roster is left as it is (classes are archived by people, at the end of a session).
 *  - Enrolments: a roster class gets the roster's teachers and students; an enrolment of a roster
 *    user in a roster class that the roster no longer lists is removed (the student moved: a move
 *    is an existing member taken out of a roster class, into another or none). Members
 *    not in the roster keep their enrolments (history stays with deactivated members).
 */
import type { MembershipStatus, SchoolRole } from '@corestone/contracts';
import type { ClassRole, Roster, RosterError } from './model';

export interface CurrentMember {
  userId: string;
  email: string;
  name: string;
  role: SchoolRole;
  status: MembershipStatus;
  /** the roster's id for this member, null when added by hand */
  sourcedId: string | null;
}

export interface CurrentClass {
  id: string;
  name: string;
  subject: string | null;
  session: string | null;
  sourcedId: string | null;
}

export interface CurrentEnrolment {
  classId: string;
  userId: string;
  role: ClassRole;
}

export interface SchoolState {
  members: Iterable<CurrentMember>;
  classes: Iterable<CurrentClass>;
  enrolments: Iterable<CurrentEnrolment>;
}

export interface PlanOptions {
  /** never deactivated by this import (the admin who runs it) */
  keepUserIds?: ReadonlySet<string>;
}

export interface MemberCreate {
  sourcedId: string;
  email: string;
  name: string;
  role: SchoolRole;
  file: string;
  line: number;
}

export interface MemberUpdate {
  userId: string;
  sourcedId: string;
  email: string;
  /** the values after the update */
  name: string;
  role: SchoolRole;
  status: MembershipStatus;
  /** human-readable, e.g. `name: Jo Doe → Jo Smith` */
  changes: string[];
  file: string;
  line: number;
}

export interface MemberDeactivate {
  userId: string;
  email: string;
  name: string;
  role: SchoolRole;
  reason: 'gone from the roster' | 'disabled in the roster';
}

export interface ClassCreate {
  sourcedId: string;
  name: string;
  subject: string | null;
  session: string | null;
}

export interface ClassUpdate {
  classId: string;
  sourcedId: string;
  name: string;
  subject: string | null;
  session: string | null;
  changes: string[];
}

/** `classId`/`userId` are null when the class or member is created by the same import. */
export interface EnrolmentAdd {
  classSourcedId: string;
  classId: string | null;
  className: string;
  userSourcedId: string;
  userId: string | null;
  email: string;
  role: ClassRole;
}

export interface EnrolmentRemove {
  classId: string;
  className: string;
  userId: string;
  email: string;
  role: ClassRole;
}

export interface Move {
  userId: string;
  email: string;
  name: string;
  from: string[];
  to: string[];
}

export interface PlanCounts {
  created: number;
  updated: number;
  deactivated: number;
  moved: number;
  unchanged: number;
  classes_created: number;
  classes_updated: number;
  enrolments_added: number;
  enrolments_removed: number;
}

export interface RosterPlan {
  members: { create: MemberCreate[]; update: MemberUpdate[]; deactivate: MemberDeactivate[] };
  classes: { create: ClassCreate[]; update: ClassUpdate[] };
  enrolments: { add: EnrolmentAdd[]; remove: EnrolmentRemove[] };
  moves: Move[];
  /** problems found against the school's state (row-level, like the parser's) */
  errors: RosterError[];
  counts: PlanCounts;
}

export function isEmptyPlan(plan: RosterPlan): boolean {
  const c = plan.counts;
  return c.created + c.updated + c.deactivated + c.classes_created + c.classes_updated + c.enrolments_added + c.enrolments_removed === 0;
}

const arrow = (label: string, from: string | null, to: string | null): string => `${label}: ${from ?? '—'} → ${to ?? '—'}`;

export function planImport(roster: Roster, state: SchoolState, options: PlanOptions = {}): RosterPlan {
  const plan: RosterPlan = {
    members: { create: [], update: [], deactivate: [] },
    classes: { create: [], update: [] },
    enrolments: { add: [], remove: [] },
    moves: [],
    errors: [],
    counts: {
      created: 0,
      updated: 0,
      deactivated: 0,
      moved: 0,
      unchanged: 0,
      classes_created: 0,
      classes_updated: 0,
      enrolments_added: 0,
      enrolments_removed: 0,
    },
  };

  // ---- members
  const bySourced = new Map<string, CurrentMember>();
  const byEmail = new Map<string, CurrentMember>();
  const byUserId = new Map<string, CurrentMember>();
  for (const m of state.members) {
    if (m.sourcedId) bySourced.set(m.sourcedId, m);
    byEmail.set(m.email.toLowerCase(), m);
    byUserId.set(m.userId, m);
  }
  /** roster sourcedId → member id, for users that exist and are enabled in the roster */
  const userIdOf = new Map<string, string>();
  const matched = new Set<string>();
  for (const user of roster.users.values()) {
    const member = byEmail.get(user.email) ?? bySourced.get(user.sourcedId);
    if (!member) {
      if (user.active) {
        plan.members.create.push({
          sourcedId: user.sourcedId,
          email: user.email,
          name: user.name,
          role: user.role,
          file: user.file,
          line: user.line,
        });
      }
      continue;
    }
    if (matched.has(member.userId)) continue; // a second roster row for one member is reported by the parser
    matched.add(member.userId);
    if (member.email.toLowerCase() !== user.email) {
      plan.errors.push({
        file: user.file,
        line: user.line,
        message: `user ${user.sourcedId}: the roster's email ${user.email} differs from the member's ${member.email}; the account keeps ${member.email}`,
      });
    }
    if (!user.active) {
      if (member.status !== 'deactivated' && !options.keepUserIds?.has(member.userId)) {
        plan.members.deactivate.push({
          userId: member.userId,
          email: member.email,
          name: member.name,
          role: member.role,
          reason: 'disabled in the roster',
        });
      }
      continue;
    }
    userIdOf.set(user.sourcedId, member.userId);
    const changes: string[] = [];
    const role = member.role === 'school_admin' ? 'school_admin' : user.role;
    if (role !== member.role) changes.push(arrow('role', member.role, role));
    if (user.name !== member.name) changes.push(arrow('name', member.name, user.name));
    if (member.status !== 'active') changes.push(arrow('status', member.status, 'active'));
    if (user.sourcedId !== member.sourcedId) changes.push(arrow('roster id', member.sourcedId, user.sourcedId));
    if (changes.length) {
      plan.members.update.push({
        userId: member.userId,
        sourcedId: user.sourcedId,
        email: member.email,
        name: user.name,
        role,
        status: 'active',
        changes,
        file: user.file,
        line: user.line,
      });
    } else {
      plan.counts.unchanged++;
    }
  }
  if (roster.mode === 'bulk' && !roster.incomplete && roster.users.size > 0) {
    const fromSimpleCsv = roster.format === 'simple-csv';
    for (const member of byUserId.values()) {
      if (
        member.status === 'deactivated' ||
        member.role === 'school_admin' ||
        !member.sourcedId ||
        member.sourcedId.startsWith('csv:') !== fromSimpleCsv ||
        matched.has(member.userId) ||
        roster.seenUserIds.has(member.sourcedId) ||
        roster.seenEmails.has(member.email.toLowerCase()) ||
        options.keepUserIds?.has(member.userId)
      ) {
        continue;
      }
      plan.members.deactivate.push({
        userId: member.userId,
        email: member.email,
        name: member.name,
        role: member.role,
        reason: 'gone from the roster',
      });
    }
  }

  // ---- classes
  const classBySourced = new Map<string, CurrentClass>();
  const unlinkedByName = new Map<string, CurrentClass>();
  for (const c of state.classes) {
    if (c.sourcedId) classBySourced.set(c.sourcedId, c);
    else if (!unlinkedByName.has(c.name.toLowerCase())) unlinkedByName.set(c.name.toLowerCase(), c);
  }
  /** roster class sourcedId → existing class (after matching) */
  const classOf = new Map<string, CurrentClass>();
  for (const rc of roster.classes.values()) {
    let current = classBySourced.get(rc.sourcedId);
    if (!current) {
      current = unlinkedByName.get(rc.name.toLowerCase());
      if (current) unlinkedByName.delete(rc.name.toLowerCase());
    }
    if (!current) {
      plan.classes.create.push({ sourcedId: rc.sourcedId, name: rc.name, subject: rc.subject, session: rc.session });
      continue;
    }
    classOf.set(rc.sourcedId, current);
    const subject = rc.subject ?? current.subject;
    const session = rc.session ?? current.session;
    const changes: string[] = [];
    if (rc.name !== current.name) changes.push(arrow('name', current.name, rc.name));
    if (subject !== current.subject) changes.push(arrow('subject', current.subject, subject));
    if (session !== current.session) changes.push(arrow('session', current.session, session));
    if (rc.sourcedId !== current.sourcedId) changes.push(arrow('roster id', current.sourcedId, rc.sourcedId));
    if (changes.length)
      plan.classes.update.push({ classId: current.id, sourcedId: rc.sourcedId, name: rc.name, subject, session, changes });
  }

  // ---- enrolments of roster classes
  const rosterClassIds = new Map<string, string>(); // existing class id → roster sourcedId
  for (const [sourcedId, c] of classOf) rosterClassIds.set(c.id, sourcedId);
  const current = new Map<string, ClassRole>(); // `${classId}\0${userId}` in roster classes
  const beforeOf = new Map<string, string[]>(); // userId → roster class names before
  for (const e of state.enrolments) {
    const sourcedId = rosterClassIds.get(e.classId);
    if (sourcedId === undefined) continue;
    current.set(`${e.classId}\u0000${e.userId}`, e.role);
    push(beforeOf, e.userId, roster.classes.get(sourcedId)!.name);
  }
  const wanted = new Set<string>();
  const afterOf = new Map<string, string[]>(); // userId → roster class names after (existing members)
  const touched = new Set<string>();
  for (const e of roster.enrolments) {
    const user = roster.users.get(e.userSourcedId);
    const rc = roster.classes.get(e.classSourcedId);
    if (!user || !user.active || !rc) continue;
    const cls = classOf.get(e.classSourcedId) ?? null;
    const userId = userIdOf.get(e.userSourcedId) ?? null;
    if (userId) push(afterOf, userId, rc.name);
    if (cls && userId) {
      const key = `${cls.id}\u0000${userId}`;
      wanted.add(key);
      const held = current.get(key);
      if (held === e.role) continue;
      if (held) {
        plan.enrolments.remove.push({ classId: cls.id, className: rc.name, userId, email: user.email, role: held });
      }
      touched.add(userId);
    }
    plan.enrolments.add.push({
      classSourcedId: e.classSourcedId,
      classId: cls?.id ?? null,
      className: rc.name,
      userSourcedId: e.userSourcedId,
      userId,
      email: user.email,
      role: e.role,
    });
  }
  if (roster.mode === 'bulk' && !roster.incomplete) {
    const active = new Set(userIdOf.values());
    for (const [key, role] of current) {
      if (wanted.has(key)) continue;
      const [classId, userId] = key.split('\u0000') as [string, string];
      if (!active.has(userId)) continue; // not in the roster: deactivated or added by hand, keeps its history
      const member = byUserId.get(userId)!;
      plan.enrolments.remove.push({
        classId,
        className: roster.classes.get(rosterClassIds.get(classId)!)!.name,
        userId,
        email: member.email,
        role,
      });
      touched.add(userId);
    }
  }
  for (const userId of touched) {
    const member = byUserId.get(userId)!;
    const from = (beforeOf.get(userId) ?? []).sort();
    const to = (afterOf.get(userId) ?? []).sort();
    // A first enrolment is not a move: a move takes someone out of a roster class they were in.
    if (from.length && from.join('\u0000') !== to.join('\u0000'))
      plan.moves.push({ userId, email: member.email, name: member.name, from, to });
  }

  const c = plan.counts;
  c.created = plan.members.create.length;
  c.updated = plan.members.update.length;
  c.deactivated = plan.members.deactivate.length;
  c.moved = plan.moves.length;
  c.classes_created = plan.classes.create.length;
  c.classes_updated = plan.classes.update.length;
  c.enrolments_added = plan.enrolments.add.length;
  c.enrolments_removed = plan.enrolments.remove.length;
  return plan;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
