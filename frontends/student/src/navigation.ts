import type { RemoteNavigation } from '@corestone/ui/navigation';

/**
 * The dashboard's menu (Plans only for students and teachers, who grade with credits). Exposed as
 * `student/navigation`: the shell draws this menu around its retry screen when the dashboard itself
 * cannot be loaded. Plain data, so that module stays a few hundred bytes.
 */
export const navigation: RemoteNavigation = {
  label: 'Dashboard',
  items: [
    { key: 'overview', icon: 'appstore', label: 'Overview', path: '/dashboard' },
    { key: 'upload-ee', icon: 'upload', label: 'Upload EE', path: '/dashboard/upload/ee' },
    { key: 'upload-tok', icon: 'file-text', label: 'Upload TOK', path: '/dashboard/upload/tok' },
    { key: 'plans', icon: 'credit-card', label: 'Plans', path: '/dashboard/plans', roles: ['student', 'teacher'] },
    { key: 'profile', icon: 'user', label: 'Profile', path: '/dashboard/profile' },
    { key: 'submissions', icon: 'unordered-list', label: 'Submissions', path: '/dashboard/submissions', also: ['/dashboard/results'] },
    // issue 31: a school's teachers and admins reach their classes in the back office
    {
      key: 'classes',
      icon: 'read',
      label: 'Classes',
      path: '/admin/classes',
      roles: ['teacher', 'student'],
      schoolRoles: ['teacher', 'school_admin'],
    },
  ],
};

export default navigation;
