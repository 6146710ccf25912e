import type { RemoteNavigation } from '@corestone/ui/navigation';

/** The platform's admins: the whole back office. */
const ADMINS = ['admin', 'super-admin'] as const;
/**
 * The accounts a school admin has (issue 30): they reach only their School area (the back office
 * lets in no other teacher or student; the server guards every route).
 */
const SCHOOL_ADMIN_ACCOUNTS = ['teacher', 'student'] as const;
/** The school roles of a school's staff: teachers and school admins (issue 31). */
const SCHOOL_STAFF = ['teacher', 'school_admin'] as const;

/**
 * The back office's menu. Exposed as `admin/navigation`: the shell draws this menu around its retry
 * screen when the back office itself cannot be loaded. Plain data, so that module stays a few
 * hundred bytes.
 */
export const navigation: RemoteNavigation = {
  label: 'Admin',
  items: [
    // analytics and assess are opened from the overview
    { key: 'overview', icon: 'appstore', label: 'Overview', path: '/admin', also: ['/admin/analytics', '/admin/assess'], roles: ADMINS },
    // an evaluation's page is a submission's
    {
      key: 'submissions',
      icon: 'file-done',
      label: 'Submissions',
      path: '/admin/submissions',
      also: ['/admin/evaluations'],
      roles: ADMINS,
    },
    { key: 'users', icon: 'team', label: 'Users', path: '/admin/users', roles: ADMINS },
    { key: 'rubrics', icon: 'book', label: 'Rubrics', path: '/admin/rubrics', roles: ADMINS },
    { key: 'links', icon: 'link', label: 'External Links', path: '/admin/links', roles: ADMINS },
    { key: 'policies', icon: 'file-text', label: 'Policies & CMS', path: '/admin/policies', roles: ADMINS },
    { key: 'tok-titles', icon: 'read', label: 'TOK Titles', path: '/admin/tok-titles', roles: ADMINS },
    { key: 'enquiries', icon: 'mail', label: 'Enquiries', path: '/admin/enquiries', roles: ADMINS },
    { key: 'schools', icon: 'unordered-list', label: 'Schools', path: '/admin/schools', roles: ADMINS },
    { key: 'settings', icon: 'setting', label: 'Settings', path: '/admin/settings', roles: ADMINS },
    // a school admin (a teacher or student account with the school role school_admin) sees their school and their own dashboard
    {
      key: 'school',
      icon: 'team',
      label: 'School',
      path: '/admin/school',
      roles: SCHOOL_ADMIN_ACCOUNTS,
      schoolRoles: ['school_admin'],
    },
    // a school's teachers and admins (issue 31): their classes' assignments, gradebooks and reviews
    {
      key: 'classes',
      icon: 'read',
      label: 'Classes',
      path: '/admin/classes',
      also: ['/admin/review'],
      roles: SCHOOL_ADMIN_ACCOUNTS,
      schoolRoles: SCHOOL_STAFF,
    },
    {
      key: 'agreement',
      icon: 'file-done',
      label: 'Agreement',
      path: '/admin/agreement',
      roles: SCHOOL_ADMIN_ACCOUNTS,
      schoolRoles: SCHOOL_STAFF,
    },
    { key: 'my-dashboard', icon: 'user', label: 'My Dashboard', path: '/dashboard', roles: SCHOOL_ADMIN_ACCOUNTS },
  ],
};

export default navigation;
