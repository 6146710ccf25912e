import {
  SchoolCodes,
  type AddSchoolMemberRequest,
  type AddSchoolMemberResponse,
  type MySchool,
  type SchoolMember,
  type SchoolMemberList,
  type SchoolMemberQuery,
  type UpdateSchoolMemberRequest,
} from '@corestone/contracts';
import { badRequest, conflict, forbidden, isUuid, notFound, type Principal } from '@corestone/service-kit';
import { SchoolRules, platformRoleFor, standingIn } from '../domain/access';
import { looksLikeEmail, normaliseEmail } from '../domain/schools';
import type { Accounts } from '../peers/accounts';
import type { SchoolStore } from '../store/schools';
import { mySchool } from './schools';
import { actorOf, enforce, memberNotFound, schoolNotFound } from './tenancy';

export const inAnotherSchool = () =>
  conflict('This account already belongs to another school: a user is a member of one school at a time', SchoolCodes.IN_ANOTHER_SCHOOL);

/**
 * A school's members: inviting by e-mail (auth makes the account, or finds it), listing, changing
 * role and status, and the invited person's own accept/decline.
 */
export class MembersUseCases {
  constructor(
    private readonly store: SchoolStore,
    private readonly accounts: Accounts,
  ) {}

  /**
   * Invite by e-mail. A new account (auth sends it a set-password mail) is an active member at
   * once; an existing account is linked once it accepts (pending, awaiting `member`).
   */
  async add(principal: Principal, schoolId: string, body: AddSchoolMemberRequest): Promise<AddSchoolMemberResponse> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    enforce(SchoolRules.manage(standingIn(actor, schoolId)), schoolNotFound);
    const email = normaliseEmail(body.email);
    if (!looksLikeEmail(email)) throw badRequest('email must be an e-mail address');
    const name = body.name.trim();
    if (!name) throw badRequest('name must not be empty');
    const school = await this.store.getSchool(schoolId);
    if (!school) throw schoolNotFound();
    const account = await this.accounts.provision({
      email,
      name,
      platform_role: platformRoleFor(body.role),
      invited_by_school: school.name,
    });
    return this.store.transaction(async (tx) => {
      const existing = await tx.membershipOf(account.user_id, { lock: true });
      if (existing && existing.school_id === schoolId && existing.awaiting === 'school') {
        // Signed up with the school's domain and waiting for approval: the invitation approves them, in the role it gives.
        await tx.updateMembership(account.user_id, { school_role: body.role, status: 'active', awaiting: null });
        if (existing.school_role !== body.role) await tx.dropUnfittingClassPlaces(account.user_id, body.role);
        await tx.announceMembership(account.user_id);
        return { member: (await tx.getMember(schoolId, account.user_id))!, account_created: account.created };
      }
      if (existing) {
        if (existing.school_id === schoolId) throw conflict('This account is already a member of the school', SchoolCodes.ALREADY_MEMBER);
        throw inAnotherSchool();
      }
      const inserted = await tx.insertMembership({
        user_id: account.user_id,
        school_id: schoolId,
        email,
        name,
        school_role: body.role,
        status: account.created ? 'active' : 'pending',
        awaiting: account.created ? null : 'member',
        joined_by: 'invitation',
      });
      // Cannot happen while the user is held (membershipOf's lock); kept as the last word of the primary key.
      if (!inserted) throw conflict('This account was just added to a school; reload the members', SchoolCodes.ALREADY_MEMBER);
      await tx.announceMembership(account.user_id);
      return { member: (await tx.getMember(schoolId, account.user_id))!, account_created: account.created };
    });
  }

  async list(principal: Principal, schoolId: string, q: SchoolMemberQuery): Promise<SchoolMemberList> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    enforce(SchoolRules.listMembers(standingIn(actor, schoolId)), schoolNotFound);
    if (!(await this.store.getSchool(schoolId))) throw schoolNotFound();
    return this.store.listMembers(schoolId, { ...q, search: q.search?.trim() || undefined });
  }

  /** Change the school role, deactivate, reactivate, or approve a member waiting for the school. */
  async update(principal: Principal, schoolId: string, userId: string, body: UpdateSchoolMemberRequest): Promise<SchoolMember> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    const standing = standingIn(actor, schoolId);
    enforce(SchoolRules.manage(standing), schoolNotFound);
    if (body.role === undefined && body.status === undefined) throw badRequest('Send role, status or both');
    if (!isUuid(userId)) throw memberNotFound();
    if (userId === actor.id && standing === 'school_admin') {
      throw forbidden('You cannot change your own membership; another school admin can', SchoolCodes.OWN_MEMBERSHIP);
    }
    return this.store.transaction(async (tx) => {
      const m = await tx.membershipOf(userId, { lock: true });
      if (!m || m.school_id !== schoolId) throw memberNotFound();
      if (body.status === 'active' && m.awaiting === 'member') {
        throw conflict('The invited person has not accepted the invitation yet', SchoolCodes.INVITATION_NOT_ACCEPTED);
      }
      const role = body.role ?? m.school_role;
      const status = body.status ?? m.status;
      if (role === m.school_role && status === m.status) return (await tx.getMember(schoolId, userId))!;
      await tx.updateMembership(userId, { school_role: role, status, awaiting: status === 'pending' ? m.awaiting : null });
      if (role !== m.school_role) await tx.dropUnfittingClassPlaces(userId, role);
      await tx.announceMembership(userId);
      return (await tx.getMember(schoolId, userId))!;
    });
  }

  /** The invited person accepts: their pending membership becomes active. */
  async accept(principal: Principal): Promise<MySchool> {
    await this.store.transaction(async (tx) => {
      const m = await tx.membershipOf(principal.id, { lock: true });
      if (!m || m.awaiting !== 'member') throw notFound('You have no school invitation waiting', SchoolCodes.NO_INVITATION);
      await tx.updateMembership(principal.id, { status: 'active', awaiting: null });
      await tx.announceMembership(principal.id);
    });
    return mySchool(this.store, await actorOf(this.store, principal));
  }

  /** The invited person declines: the membership is gone (the school may invite again). */
  async decline(principal: Principal): Promise<MySchool> {
    await this.store.transaction(async (tx) => {
      const m = await tx.membershipOf(principal.id, { lock: true });
      if (!m || m.awaiting !== 'member') throw notFound('You have no school invitation waiting', SchoolCodes.NO_INVITATION);
      await tx.deleteMembership(principal.id);
      await tx.announceMembership(principal.id);
    });
    return mySchool(this.store, await actorOf(this.store, principal));
  }
}
