import type { RemoteNavigation } from '@corestone/ui/navigation';

/**
 * The back office's menu. Exposed as `admin/navigation`: the shell draws this menu around its retry
 * screen when the back office itself cannot be loaded. Plain data, so that module stays a few
 * hundred bytes.
 */
export const navigation: RemoteNavigation = {
  label: 'Admin',
  items: [
    // analytics and assess are opened from the overview
    { key: 'overview', icon: 'appstore', label: 'Overview', path: '/admin', also: ['/admin/analytics', '/admin/assess'] },
    // an evaluation's page is a submission's
    { key: 'submissions', icon: 'file-done', label: 'Submissions', path: '/admin/submissions', also: ['/admin/evaluations'] },
    { key: 'users', icon: 'team', label: 'Users', path: '/admin/users' },
    { key: 'rubrics', icon: 'book', label: 'Rubrics', path: '/admin/rubrics' },
    { key: 'links', icon: 'link', label: 'External Links', path: '/admin/links' },
    { key: 'policies', icon: 'file-text', label: 'Policies & CMS', path: '/admin/policies' },
    { key: 'tok-titles', icon: 'read', label: 'TOK Titles', path: '/admin/tok-titles' },
    { key: 'enquiries', icon: 'mail', label: 'Enquiries', path: '/admin/enquiries' },
    { key: 'settings', icon: 'setting', label: 'Settings', path: '/admin/settings' },
  ],
};

export default navigation;
