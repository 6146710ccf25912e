import {
  SchoolCodes,
  type AddSchoolMemberRequest,
  type AddSchoolMemberResponse,
  type LastSignIn,
  type MySchool,
  type SchoolMember,
  type SchoolMemberList,
  type SchoolMemberQuery,
  type SchoolRole,
  type UpdateSchoolMemberRequest,
} from '@corestone/contracts';
import { HttpError, badRequest, conflict, forbidden, isUuid, notFound, unavailable, type Principal } from '@corestone/service-kit';
import { SchoolRules, platformRoleFor, standingIn } from '../domain/access';
import { looksLikeEmail, normaliseEmail } from '../domain/schools';
import type { Accounts } from '../peers/accounts';
import type { Admission, AdmissionOutcome, SchoolStore } from '../store/schools';
import { mySchool } from './schools';
import { actorOf, enforce, memberNotFound, schoolNotFound } from './tenancy';

/** An invitation's admission that did not make or approve a membership, as its refusal. */
function refuseAdmission(outcome: AdmissionOutcome): void {
  if (outcome === 'already_member') throw conflict('This account is already a member of the school', SchoolCodes.ALREADY_MEMBER);
  if (outcome === 'in_another_school') throw inAnotherSchool();
}

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
   * Invite by e-mail. A new account (auth queues its set-password mail) is an active member at
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
    const school = await this.store.inviter(schoolId);
    if (school === null) throw schoolNotFound();
    const account = await this.accounts.provision({ email, name, platform_role: platformRoleFor(body.role) }, school);
    return this.store.transaction(async (tx) => {
      const [outcome] = await tx.admit(
        schoolId,
        [{ user_id: account.user_id, email, name, school_role: body.role, created: account.created }],
        'invitation',
      );
      refuseAdmission(outcome!);
      return { member: (await tx.getMember(schoolId, account.user_id))!, account_created: account.created };
    });
  }

  /**
   * A roster import's batch of invitations (at most PROVISION_BATCH_MAX): the same rules as `add`
   * for each person, with one request to auth for the batch's accounts (rpc.auth.provision_users)
   * and one transaction writing their memberships (`joined_by: roster`) and events. Each person's
   * answer is their member id and whether auth made the account, or the refusal `add` would give.
   */
  async addMany(
    principal: Principal,
    schoolId: string,
    people: ReadonlyArray<{ email: string; name: string; role: SchoolRole }>,
  ): Promise<Array<{ ok: true; user_id: string; created: boolean } | { ok: false; error: HttpError }>> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    enforce(SchoolRules.manage(standingIn(actor, schoolId)), schoolNotFound);
    const school = await this.store.inviter(schoolId);
    if (school === null) throw schoolNotFound();
    const answers: Array<{ ok: true; user_id: string; created: boolean } | { ok: false; error: HttpError }> = [];
    const asked: Array<{ i: number; email: string; name: string; role: SchoolRole }> = [];
    people.forEach((p, i) => {
      const email = normaliseEmail(p.email);
      const name = p.name.trim();
      if (!looksLikeEmail(email)) answers[i] = { ok: false, error: badRequest('email must be an e-mail address') };
      else if (!name) answers[i] = { ok: false, error: badRequest('name must not be empty') };
      else asked.push({ i, email, name, role: p.role });
    });
    if (!asked.length) return answers;
    const { results } = await this.accounts.provisionMany(
      school,
      asked.map((a) => ({ email: a.email, name: a.name, platform_role: platformRoleFor(a.role) })),
    );
    const admissions: Array<Admission & { i: number }> = [];
    asked.forEach((a, k) => {
      const r = results[k];
      if (!r) answers[a.i] = { ok: false, error: unavailable('auth did not answer for this person') };
      else if (!r.ok) answers[a.i] = { ok: false, error: new HttpError(r.status, r.code, r.detail) };
      else admissions.push({ i: a.i, user_id: r.user_id, email: a.email, name: a.name, school_role: a.role, created: r.created });
    });
    const outcomes = await this.store.transaction((tx) => tx.admit(schoolId, admissions, 'roster'));
    admissions.forEach((a, k) => {
      try {
        refuseAdmission(outcomes[k]!);
        answers[a.i] = { ok: true, user_id: a.user_id, created: a.created };
      } catch (err) {
        answers[a.i] = { ok: false, error: err as HttpError };
      }
    });
    return answers;
  }

  async list(principal: Principal, schoolId: string, q: SchoolMemberQuery): Promise<SchoolMemberList> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    enforce(SchoolRules.listMembers(standingIn(actor, schoolId)), schoolNotFound);
    if (!(await this.store.getSchool(schoolId))) throw schoolNotFound();
    const list = await this.store.listMembers(schoolId, { ...q, search: q.search?.trim() || undefined });
    return { ...list, members: await this.withLastSignIns(list.members) };
  }

  /** Issue 32: each member's last sign-in method and time, from auth; null for all when auth does not answer (the list still shows). */
  private async withLastSignIns(members: SchoolMember[]): Promise<SchoolMember[]> {
    let known: Map<string, LastSignIn> | null = null;
    try {
      known = await this.accounts.lastSignIns(members.map((m) => m.user_id));
    } catch {
      known = null;
    }
    return members.map((m) => ({ ...m, last_sign_in: known?.get(m.user_id) ?? null }));
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
