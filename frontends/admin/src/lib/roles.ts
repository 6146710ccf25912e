/** Role gates of the admin area (spec admin §2, §6). The server is the real guard; these decide what the screen offers. */
import { isAdminRole, type SessionRole, type SessionUser } from '@corestone/sdk';
import { defineMessages, type MessageDescriptor } from 'react-intl';

export type AdminScreen =
  'overview' | 'submissions' | 'submission-detail' | 'users' | 'rubrics' | 'links' | 'policies' | 'settings' | 'analytics';

/** Screens only a super admin may open (spec §6: submissions list and rubric management). */
const SUPER_ADMIN_ONLY: ReadonlySet<AdminScreen> = new Set(['submissions', 'rubrics']);

export const isSuperAdmin = (user: Pick<SessionUser, 'role'> | null | undefined): boolean => user?.role === 'super-admin';

/** Reading B: the area admits admin and super admin; everyone else is sent to /auth. */
export const mayEnterAdminArea = (user: Pick<SessionUser, 'role'> | null | undefined): boolean => isAdminRole(user);

export function mayOpen(screen: AdminScreen, user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  if (!mayEnterAdminArea(user)) return false;
  return SUPER_ADMIN_ONLY.has(screen) ? isSuperAdmin(user) : true;
}

/** The 'Access Denied' texts the spec gives per screen. */
const DENIED = defineMessages({
  title: { id: 'roles.accessDenied', defaultMessage: 'Access Denied' },
  admin: { id: 'roles.adminRequired', defaultMessage: 'Admin privileges required.' },
  page: { id: 'roles.noPermission', defaultMessage: "You don't have permission to view this page." },
  layout: { id: 'roles.needAdmin', defaultMessage: 'You need admin privileges to access this page.' },
});
export const ACCESS_DENIED: Record<
  'submissions' | 'rubrics' | 'submission-detail' | 'layout',
  { title: MessageDescriptor; message: MessageDescriptor }
> = {
  submissions: { title: DENIED.title, message: DENIED.admin },
  rubrics: { title: DENIED.title, message: DENIED.admin },
  'submission-detail': { title: DENIED.title, message: DENIED.page },
  layout: { title: DENIED.title, message: DENIED.layout },
};

/** What a user-management screen may offer (spec §2 "Users"; the API refuses the rest). */
export function userManagementRights(user: Pick<SessionUser, 'role'>) {
  const superAdmin = isSuperAdmin(user);
  return {
    /** roles offered in the create form */
    creatableRoles: superAdmin ? (['student', 'teacher', 'admin', 'super_admin'] as const) : (['student', 'teacher'] as const),
    /** PUT /users/admin/users/{id}/role is super_admin only */
    mayChangeRole: superAdmin,
    /** an admin manages students and teachers; a super admin everyone but themself */
    mayManage: (target: { id: string; role: string }, selfId: string) =>
      target.id !== selfId && (superAdmin || target.role === 'student' || target.role === 'teacher'),
  };
}

/** Policies: everyone in the area reads them; PUT /general/{id} is super_admin only. */
export const mayEditPolicies = isSuperAdmin;

/** TOK titles and the organisation settings: everyone in the area reads them; the content service lets a super admin change them. */
export const mayEditTokTitles = isSuperAdmin;
export const mayEditContentSettings = isSuperAdmin;

/** The platform roles' names in the page's language (the sdk's `roleLabel` is English). */
export const ROLE_NAMES: Record<SessionRole, MessageDescriptor> = {
  student: { id: 'users.roleName.student', defaultMessage: 'Student' },
  teacher: { id: 'users.roleName.teacher', defaultMessage: 'Teacher' },
  admin: { id: 'users.roleName.admin', defaultMessage: 'Admin' },
  'super-admin': { id: 'users.roleName.superAdmin', defaultMessage: 'Super Admin' },
};
