import type { IntlShape, MessageDescriptor } from 'react-intl';

/**
 * The dashboard menu's labels in the page's language (issue 36). `navigation.ts` stays plain
 * English data: the shell compiles it into its fallback frame, which has no catalogue of this build.
 */
const NAV_LABELS: Record<string, MessageDescriptor> = {
  menu: { id: 'nav.menu', defaultMessage: 'Dashboard' },
  overview: { id: 'nav.overview', defaultMessage: 'Overview' },
  'upload-ee': { id: 'nav.uploadEe', defaultMessage: 'Upload EE' },
  'upload-tok': { id: 'nav.uploadTok', defaultMessage: 'Upload TOK' },
  plans: { id: 'nav.plans', defaultMessage: 'Plans' },
  profile: { id: 'nav.profile', defaultMessage: 'Profile' },
  submissions: { id: 'nav.submissions', defaultMessage: 'Submissions' },
  classes: { id: 'nav.classes', defaultMessage: 'Classes' },
};

/** A menu item's label by its key (an item without a translation keeps its English label). */
export function navLabel(intl: IntlShape, key: string, fallback: string): string {
  const message = NAV_LABELS[key];
  return message ? intl.formatMessage(message) : fallback;
}
