import { SchoolCodes, type Role, type RpcRequest, type RpcResponse, type Rpc, type SsoSchool } from '@corestone/contracts';
import { badRequest, isUuid, notFound } from '@corestone/service-kit';
import { emailDomain, normaliseEmail, normaliseTenantIds, ssoNewMemberRole } from '../domain/schools';
import type { SchoolStore } from '../store/schools';
import { inAnotherSchool } from './members';

/**
 * Issue 32: what auth asks at a single sign-on. Which school verified a Google Workspace domain or
 * a Microsoft tenant (with its SSO settings), and the membership of an account that school's own
 * directory vouched for.
 */
export class SsoUseCases {
  constructor(private readonly store: SchoolStore) {}

  async school(key: RpcRequest<typeof Rpc.schoolsSsoSchool>): Promise<{ school: SsoSchool | null }> {
    const domain = key.domain ? emailDomain(`x@${key.domain}`) : null;
    const tenant = key.tenant_id ? (normaliseTenantIds([key.tenant_id])[0] ?? null) : null;
    const found = domain || tenant ? await this.store.schoolOfSsoKey(domain ? { domain } : { tenant_id: tenant! }) : null;
    if (!found) return { school: null };
    return {
      school: {
        id: found.id,
        name: found.name,
        require_sso: found.settings.require_sso === true,
        new_member_role: ssoNewMemberRole(found.settings),
      },
    };
  }

  /**
   * The account signed in through the school's SSO: no membership → an active one (school role by
   * platform role, `joined_by: email_domain` — the school's verified domain or tenant); one waiting
   * for the school's approval or an invitation waiting for the person → active (the school's own
   * directory vouched for them, and it is they who signed in); active or deactivated → as it is (a
   * school that switched someone off keeps them off). Platform staff are not made members.
   * A member of another school: 409 IN_ANOTHER_SCHOOL.
   */
  async admit(req: RpcRequest<typeof Rpc.schoolsSsoAdmit>): Promise<RpcResponse<typeof Rpc.schoolsSsoAdmit>> {
    if (!isUuid(req.school_id) || !isUuid(req.user_id)) throw badRequest('school_id and user_id must be ids');
    if (!isGradingRole(req.platform_role)) return { school_id: null, status: null };
    return this.store.transaction(async (tx) => {
      if ((await tx.schoolName(req.school_id)) === null) throw notFound('School not found', SchoolCodes.SCHOOL_NOT_FOUND);
      const m = await tx.membershipOf(req.user_id, { lock: true });
      if (m && m.school_id !== req.school_id) throw inAnotherSchool();
      if (!m) {
        const email = normaliseEmail(req.email);
        await tx.insertMembership({
          user_id: req.user_id,
          school_id: req.school_id,
          email,
          name: req.name.trim() || email,
          school_role: req.platform_role === 'teacher' ? 'teacher' : 'student',
          status: 'active',
          awaiting: null,
          joined_by: 'email_domain',
        });
        await tx.announceMembership(req.user_id);
        return { school_id: req.school_id, status: 'active' as const };
      }
      if (m.status === 'pending') {
        await tx.updateMembership(req.user_id, { status: 'active', awaiting: null });
        await tx.announceMembership(req.user_id);
        return { school_id: req.school_id, status: 'active' as const };
      }
      return { school_id: req.school_id, status: m.status };
    });
  }
}

const isGradingRole = (role: Role): role is 'student' | 'teacher' => role === 'student' || role === 'teacher';
