import { randomInt } from 'node:crypto';
import {
  SchoolCodes,
  type AddClassMemberRequest,
  type ClassMember,
  type ClassMemberList,
  type CreateClassRequest,
  type JoinClassResponse,
  type SchoolClass,
  type SchoolClassList,
  type SchoolClassQuery,
  type UpdateClassRequest,
} from '@corestone/contracts';
import { conflict, forbidden, isUuid, notFound, unavailable, type HttpError, type Principal } from '@corestone/service-kit';
import {
  ClassRules,
  SchoolRules,
  classesVisibleTo,
  decideJoin,
  fitsClassRole,
  standingIn,
  type Actor,
  type ClassView,
} from '../domain/access';
import { newJoinCode, normaliseJoinCode } from '../domain/join-codes';
import type { Accounts } from '../peers/accounts';
import { toClass, type ClassRow, type Enrolment, type SchoolStore } from '../store/schools';
import { inAnotherSchool } from './members';
import { mySchool, nameOf } from './schools';
import { actorOf, classNotFound, enforce, memberNotFound, reachClass, schoolNotFound } from './tenancy';

/** Join codes are random; a clash with an existing code (≈ never) is retried a few times. */
const CODE_ATTEMPTS = 5;
const freshCode = () => newJoinCode((n) => randomInt(n));
const codeUnknown = () => notFound('No class has this join code. Check it with your teacher.', SchoolCodes.JOIN_CODE_UNKNOWN);
const archived = () => conflict('This class is archived', SchoolCodes.CLASS_ARCHIVED);

/** Classes: creating, listing within the caller's reach, changing, enrolling, and joining with a code. */
export class ClassesUseCases {
  constructor(
    private readonly store: SchoolStore,
    private readonly accounts: Accounts,
  ) {}

  async create(principal: Principal, schoolId: string, body: CreateClassRequest): Promise<SchoolClass> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    const standing = standingIn(actor, schoolId);
    enforce(SchoolRules.createClass(standing), schoolNotFound);
    return this.store.transaction(async (tx) => {
      if (!(await tx.getSchool(schoolId))) throw schoolNotFound();
      let id: string | null = null;
      for (let i = 0; i < CODE_ATTEMPTS && !id; i++) {
        id = await tx.createClass({
          school_id: schoolId,
          name: nameOf(body.name),
          subject: body.subject?.trim() || null,
          session: body.session?.trim() || null,
          join_code: freshCode(),
        });
      }
      if (!id) throw unavailable('Could not make a join code; try again');
      // A teacher who creates a class teaches it.
      if (standing === 'teacher') await tx.putClassMember(id, actor.id, 'teacher');
      return toClass((await tx.getClass(id))!, true);
    });
  }

  /** Managers see every class of the school; teachers and students the classes they are in. */
  async list(principal: Principal, schoolId: string, q: SchoolClassQuery): Promise<SchoolClassList> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    const standing = standingIn(actor, schoolId);
    enforce(SchoolRules.listClasses(standing), schoolNotFound);
    if (!(await this.store.getSchool(schoolId))) throw schoolNotFound();
    const own = classesVisibleTo(standing) === 'own';
    const rows = await this.store.listClasses(schoolId, {
      ...q,
      search: q.search?.trim() || undefined,
      memberId: own ? actor.id : undefined,
    });
    const classes = rows.map((c) => toClass(c, ClassRules.showsJoinCode(viewOf(actor, c))));
    return { classes, total: classes.length };
  }

  async update(principal: Principal, classId: string, body: UpdateClassRequest): Promise<SchoolClass> {
    const { cls, view } = await this.reach(principal, classId, ClassRules.manage);
    if (body.pool_cap !== undefined) {
      enforce(
        ClassRules.setPoolCap(view),
        classNotFound,
        "Only the school's admins set a class's pool cap",
        SchoolCodes.POOL_CAP_ADMINS_ONLY,
      );
    }
    return this.store.transaction(async (tx) => {
      const change = {
        name: body.name === undefined ? undefined : nameOf(body.name),
        subject: body.subject === undefined ? undefined : body.subject?.trim() || null,
        session: body.session === undefined ? undefined : body.session?.trim() || null,
        archived: body.archived,
        pool_cap: body.pool_cap,
      };
      let done = false;
      for (let i = 0; i < CODE_ATTEMPTS && !done; i++) {
        done = await tx.updateClass(cls.id, { ...change, join_code: body.new_join_code ? freshCode() : undefined });
      }
      if (!done) throw unavailable('Could not make a join code; try again');
      // Billing checks the cap when charging the pool: it hears of it in the same commit.
      if (body.pool_cap !== undefined) await tx.announceClass(cls.id);
      return toClass((await tx.getClass(cls.id))!, true);
    });
  }

  async addMember(principal: Principal, classId: string, body: AddClassMemberRequest): Promise<ClassMember> {
    const { cls } = await this.reach(principal, classId, ClassRules.manage);
    if (cls.archived_at) throw archived();
    if (!isUuid(body.user_id)) throw memberNotFound();
    return this.store.transaction(async (tx) => {
      const m = await tx.membershipOf(body.user_id, { lock: true });
      // Someone of another school (or of none) is "no such member" here: their school stays unseen.
      if (!m || m.school_id !== cls.school_id) throw memberNotFound();
      if (m.status !== 'active') throw conflict('Only active members of the school can be enrolled', SchoolCodes.MEMBER_NOT_ACTIVE);
      if (!fitsClassRole(m.school_role, body.role)) {
        throw conflict(
          `A ${m.school_role.replace('_', ' ')} of the school cannot be a ${body.role} of a class`,
          SchoolCodes.CLASS_ROLE_MISMATCH,
        );
      }
      await tx.putClassMember(cls.id, body.user_id, body.role);
      return (await tx.getClassMember(cls.id, body.user_id))!;
    });
  }

  /**
   * A roster import's batch of enrolments in classes of one school, by someone who manages the
   * school (every class of it): the rules of `addMember` for each, in one read and one write
   * (store.enrolMany). Answers, in order, null for an enrolment made or the refusal `addMember` gives.
   */
  async addMembers(principal: Principal, schoolId: string, enrolments: readonly Enrolment[]): Promise<Array<HttpError | null>> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    enforce(SchoolRules.manage(standingIn(actor, schoolId)), schoolNotFound);
    const verdicts = await this.store.transaction((tx) => tx.enrolMany(schoolId, enrolments, fitsClassRole));
    return verdicts.map((v, i) => {
      switch (v) {
        case null:
          return null;
        case 'class_not_found':
          return classNotFound();
        case 'class_archived':
          return archived();
        case 'member_not_found':
          return memberNotFound();
        case 'member_not_active':
          return conflict('Only active members of the school can be enrolled', SchoolCodes.MEMBER_NOT_ACTIVE);
        case 'role_mismatch':
          return conflict(`This member of the school cannot be a ${enrolments[i]!.role} of a class`, SchoolCodes.CLASS_ROLE_MISMATCH);
      }
    });
  }

  async listMembers(principal: Principal, classId: string): Promise<ClassMemberList> {
    const { cls } = await this.reach(principal, classId, ClassRules.listMembers);
    const members = await this.store.listClassMembers(cls.id);
    return { members, total: members.length };
  }

  async removeMember(principal: Principal, classId: string, userId: string): Promise<void> {
    const { cls } = await this.reach(principal, classId, ClassRules.manage);
    if (!isUuid(userId) || !(await this.store.removeClassMember(cls.id, userId))) throw memberNotFound();
  }

  /**
   * A signed-in student joins the class of `code`: joining its school too when they are in none;
   * refused when they belong to another school (IN_ANOTHER_SCHOOL) or were deactivated in this one.
   */
  async join(principal: Principal, code: string): Promise<JoinClassResponse> {
    const normal = normaliseJoinCode(code);
    const cls = normal ? await this.store.classByCode(normal) : null;
    if (!cls) throw codeUnknown();
    const actor = await actorOf(this.store, principal);
    let decision = decideJoin(actor, cls.school_id);
    refuseUnless(decision);
    if (cls.archived_at) throw archived();
    // The account's e-mail and name, for the school's member list (asked before the transaction).
    const profile = decision.kind === 'join_school' ? await this.accounts.profile(actor.id) : null;
    const joinedSchool = await this.store.transaction(async (tx) => {
      const m = await tx.membershipOf(actor.id, { lock: true });
      decision = decideJoin({ ...actor, membership: m }, cls.school_id);
      refuseUnless(decision);
      let joined = false;
      if (decision.kind === 'join_school') {
        if (!profile) throw unavailable('Your account changed meanwhile; try again');
        joined = await tx.insertMembership({
          user_id: actor.id,
          school_id: cls.school_id,
          ...profile,
          school_role: 'student',
          status: 'active',
          awaiting: null,
          joined_by: 'join_code',
        });
        if (!joined) throw conflict('Your account was just added to a school; try again', SchoolCodes.ALREADY_MEMBER);
        await tx.announceMembership(actor.id);
      } else if (decision.kind === 'join_class' && decision.activate) {
        await tx.updateMembership(actor.id, { status: 'active', awaiting: null });
        await tx.announceMembership(actor.id);
      }
      await tx.putClassMember(cls.id, actor.id, 'student');
      return joined;
    });
    const after = await actorOf(this.store, principal);
    const fresh = (await this.store.getClass(cls.id))!;
    return { class: toClass(fresh, false), joined_school: joinedSchool, mine: await mySchool(this.store, after) };
  }

  /** The class and the caller's view of it, when `rule` allows it (else 404 or 403). */
  private reach(principal: Principal, classId: string, rule: (v: ClassView) => ReturnType<typeof ClassRules.see>) {
    return reachClass(this.store, principal, classId, rule);
  }
}

function viewOf(actor: Actor, c: ClassRow): ClassView {
  const standing = standingIn(actor, c.school_id);
  return { standing, classRole: c.teachers.some((t) => t.user_id === actor.id) ? 'teacher' : null };
}

function refuseUnless(decision: ReturnType<typeof decideJoin>): void {
  if (decision.kind !== 'refuse') return;
  switch (decision.reason) {
    case 'not_student':
      throw forbidden('Only student accounts join classes with a code', SchoolCodes.JOIN_STUDENTS_ONLY);
    case 'other_school':
      throw inAnotherSchool();
    case 'deactivated':
      throw forbidden('Your membership of this school is deactivated; ask the school to reactivate it', SchoolCodes.MEMBERSHIP_DEACTIVATED);
    case 'not_school_student':
      throw conflict('You are a member of this school, but not as a student', SchoolCodes.CLASS_ROLE_MISMATCH);
  }
}
