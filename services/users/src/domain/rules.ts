import {
  ADMIN_ROLES,
  GRADING_ROLES,
  Messages,
  UNLIMITED,
  Codes,
  type MessageAllowance,
  type Role,
  type UserPermissions,
} from '@corestone/contracts';
import { HttpError, conflict, forbidden } from '@corestone/service-kit';

/**
 * Who may do what to whom (users service). Pure: the store calls these inside the transaction
 * that holds the target row (and, when a super admin could be lost, the super-admin lock).
 *
 *  - admin and super_admin manage accounts; admin only students and teachers;
 *    every admin or super_admin account is managed by a super_admin only.
 *  - only a super_admin changes a role (any role to any role), on any screen.
 *  - nobody deletes or deactivates themselves.
 *  - the last active super_admin can be neither demoted, deactivated nor deleted.
 *  - on their own profile a user switches only between student and teacher.
 */
export interface Actor {
  id: string;
  role: Role;
}
export interface Target {
  id: string;
  role: Role;
  is_active: boolean;
}
export interface AdminChange {
  role?: Role;
  is_active?: boolean;
  delete?: boolean;
  /** Any other field (names, credits, personas). */
  other?: boolean;
}

export const isAdminRole = (role: Role) => ADMIN_ROLES.includes(role);

/** May `actor` manage (edit, activate, delete, set credits/personas of) `target` at all? */
export function canManage(actor: Actor, target: Pick<Target, 'role'>): boolean {
  if (actor.role === 'super_admin') return true;
  return actor.role === 'admin' && !isAdminRole(target.role);
}

/** Does this change remove `target` from the active super admins? */
function losesSuperAdmin(target: Target, change: AdminChange): boolean {
  if (target.role !== 'super_admin' || !target.is_active) return false;
  return Boolean(change.delete) || change.is_active === false || (change.role !== undefined && change.role !== 'super_admin');
}

/**
 * Throws the refusal for an admin change, or returns. `otherActiveSuperAdmins` is the number of
 * active super admins besides the target (only matters when the change could lose one).
 */
export function checkAdminChange(actor: Actor, target: Target, change: AdminChange, otherActiveSuperAdmins: number): void {
  if (!isAdminRole(actor.role)) throw forbidden(Messages.ADMIN_REQUIRED);
  if (change.delete && actor.id === target.id) throw forbidden(Messages.CANNOT_DELETE_SELF);
  if (change.is_active === false && actor.id === target.id) throw forbidden(Messages.CANNOT_DEACTIVATE_SELF);
  if (!canManage(actor, target)) throw forbidden(Messages.ADMIN_TARGET_SUPER_ADMIN_ONLY);
  if (change.role !== undefined && change.role !== target.role && actor.role !== 'super_admin') {
    throw forbidden(Messages.ROLE_CHANGE_SUPER_ADMIN_ONLY);
  }
  if (losesSuperAdmin(target, change) && otherActiveSuperAdmins === 0) {
    throw conflict(Messages.LAST_SUPER_ADMIN, Codes.LAST_SUPER_ADMIN);
  }
}

/** PUT /users/me: user_type may only switch between student and teacher (no change is fine). */
export function checkSelfRoleChange(current: Role, wanted: Role | undefined): void {
  if (wanted === undefined || wanted === current) return;
  if (!GRADING_ROLES.includes(current)) throw forbidden(Messages.SELF_ROLE_SWITCH_ONLY);
  if (!GRADING_ROLES.includes(wanted)) throw forbidden(Messages.SELF_ROLE_SWITCH_ONLY);
}

export function permissionsOf(role: Role): UserPermissions {
  const admin = isAdminRole(role);
  const superAdmin = role === 'super_admin';
  const grader = GRADING_ROLES.includes(role);
  return {
    role,
    is_admin: admin,
    is_super_admin: superAdmin,
    can_grade: grader,
    can_purchase_plans: grader,
    can_access_admin: admin,
    can_manage_users: admin,
    can_manage_admins: superAdmin,
    can_change_roles: superAdmin,
    can_create_admins: superAdmin,
    can_manage_rubrics: superAdmin,
    can_view_all_submissions: superAdmin,
    can_review_submissions: admin,
    can_manage_content: admin,
    can_set_api_key: admin,
  };
}

/** Students have a lifetime allowance of `max_chatbot` messages; other roles are unlimited. */
export function messageAllowance(role: Role, count: number, max: number): MessageAllowance {
  if (role !== 'student') return { can_send: true, message_count: count, max_messages: UNLIMITED };
  return { can_send: count < max, message_count: count, max_messages: max };
}

export const messageLimitReached = () => new HttpError(403, Codes.MESSAGE_LIMIT_REACHED, Messages.MESSAGE_LIMIT_REACHED);
