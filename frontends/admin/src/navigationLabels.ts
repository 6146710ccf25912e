import type { IntlShape, MessageDescriptor } from 'react-intl';

/**
 * The menu's labels in the page's language (issue 36). `navigation.ts` stays plain English data:
 * the shell compiles it into its fallback frame, which has no catalogue of this build.
 */
export const NAV_LABELS: Record<string, MessageDescriptor> = {
  menu: { id: 'nav.menu', defaultMessage: 'Admin' },
  overview: { id: 'nav.overview', defaultMessage: 'Overview' },
  submissions: { id: 'nav.submissions', defaultMessage: 'Submissions' },
  users: { id: 'nav.users', defaultMessage: 'Users' },
  rubrics: { id: 'nav.rubrics', defaultMessage: 'Rubrics' },
  links: { id: 'nav.links', defaultMessage: 'External Links' },
  policies: { id: 'nav.policies', defaultMessage: 'Policies & CMS' },
  'tok-titles': { id: 'nav.tokTitles', defaultMessage: 'TOK Titles' },
  enquiries: { id: 'nav.enquiries', defaultMessage: 'Enquiries' },
  schools: { id: 'nav.schools', defaultMessage: 'Schools' },
  settings: { id: 'nav.settings', defaultMessage: 'Settings' },
  school: { id: 'nav.school', defaultMessage: 'School' },
  classes: { id: 'nav.classes', defaultMessage: 'Classes' },
  agreement: { id: 'nav.agreement', defaultMessage: 'Agreement' },
  'my-dashboard': { id: 'nav.myDashboard', defaultMessage: 'My Dashboard' },
};

/** A menu item's label by its key (an item without a translation keeps its English label). */
export function navLabel(intl: IntlShape, key: string, fallback: string): string {
  const message = NAV_LABELS[key];
  return message ? intl.formatMessage(message) : fallback;
}
