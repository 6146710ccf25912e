import { useEffect } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router-dom';

/**
 * Each screen's own document title (WCAG 2.4.2 Page Titled), in the page's language: what a tab,
 * the history and a screen reader name the page by. The shell owns the document, so it names the
 * remotes' screens too, by their paths.
 */
const TITLES = defineMessages({
  home: { id: 'title.home', defaultMessage: 'Corestone · IBDP Essay Assessment' },
  auth: { id: 'title.auth', defaultMessage: 'Sign in' },
  resetPassword: { id: 'title.resetPassword', defaultMessage: 'Reset password' },
  setup: { id: 'title.setup', defaultMessage: 'Set up Corestone' },
  contact: { id: 'title.contact', defaultMessage: 'Contact us' },
  privacy: { id: 'title.privacy', defaultMessage: 'Privacy policy' },
  safeguarding: { id: 'title.safeguarding', defaultMessage: 'Safeguarding policy' },
  terms: { id: 'title.terms', defaultMessage: 'Client terms' },
  integrity: { id: 'title.integrity', defaultMessage: 'Academic integrity policy' },
  uploadEe: { id: 'title.uploadEe', defaultMessage: 'Upload an Extended Essay' },
  uploadTok: { id: 'title.uploadTok', defaultMessage: 'Upload a TOK essay' },
  result: { id: 'title.result', defaultMessage: 'Essay result' },
  report: { id: 'title.report', defaultMessage: 'Deep-analysis report' },
  overview: { id: 'title.overview', defaultMessage: 'Dashboard' },
  plans: { id: 'title.plans', defaultMessage: 'Plans' },
  profile: { id: 'title.profile', defaultMessage: 'Profile' },
  submissions: { id: 'title.submissions', defaultMessage: 'Submissions' },
  backOffice: { id: 'title.backOffice', defaultMessage: 'Back office' },
  analytics: { id: 'title.analytics', defaultMessage: 'Analytics' },
  assess: { id: 'title.assess', defaultMessage: 'Quick assessment' },
  users: { id: 'title.users', defaultMessage: 'Users' },
  rubrics: { id: 'title.rubrics', defaultMessage: 'Rubrics' },
  links: { id: 'title.links', defaultMessage: 'External links' },
  policies: { id: 'title.policies', defaultMessage: 'Policies & CMS' },
  tokTitles: { id: 'title.tokTitles', defaultMessage: 'TOK titles' },
  enquiries: { id: 'title.enquiries', defaultMessage: 'Enquiries' },
  schools: { id: 'title.schools', defaultMessage: 'Schools' },
  settings: { id: 'title.settings', defaultMessage: 'Settings' },
  school: { id: 'title.school', defaultMessage: 'School' },
  classes: { id: 'title.classes', defaultMessage: 'Classes' },
  review: { id: 'title.review', defaultMessage: 'Review' },
  agreement: { id: 'title.agreement', defaultMessage: 'Agreement' },
  notFound: { id: 'title.notFound', defaultMessage: 'Page not found' },
});

/** Path prefixes and their screens, the most specific first. */
const BY_PATH: Array<[string, MessageDescriptor]> = [
  ['/auth', TITLES.auth],
  ['/reset-password', TITLES.resetPassword],
  ['/setup', TITLES.setup],
  ['/contact', TITLES.contact],
  ['/privacy-policy', TITLES.privacy],
  ['/safeguarding-policy', TITLES.safeguarding],
  ['/client-terms', TITLES.terms],
  ['/academic-integrity-policy', TITLES.integrity],
  ['/upload/ee', TITLES.uploadEe],
  ['/upload/tok', TITLES.uploadTok],
  ['/results/', TITLES.result],
  ['/report/', TITLES.report],
  ['/dashboard/upload/ee', TITLES.uploadEe],
  ['/dashboard/upload/tok', TITLES.uploadTok],
  ['/dashboard/results', TITLES.result],
  ['/dashboard/report', TITLES.report],
  ['/dashboard/plans', TITLES.plans],
  ['/dashboard/profile', TITLES.profile],
  ['/dashboard/submissions', TITLES.submissions],
  ['/dashboard', TITLES.overview],
  ['/admin/analytics', TITLES.analytics],
  ['/admin/assess', TITLES.assess],
  ['/admin/submissions', TITLES.submissions],
  ['/admin/evaluations', TITLES.submissions],
  ['/admin/users', TITLES.users],
  ['/admin/rubrics', TITLES.rubrics],
  ['/admin/links', TITLES.links],
  ['/admin/policies', TITLES.policies],
  ['/admin/tok-titles', TITLES.tokTitles],
  ['/admin/enquiries', TITLES.enquiries],
  ['/admin/schools', TITLES.schools],
  ['/admin/settings', TITLES.settings],
  ['/admin/school', TITLES.school],
  ['/admin/classes', TITLES.classes],
  ['/admin/review', TITLES.review],
  ['/admin/agreement', TITLES.agreement],
  ['/admin', TITLES.backOffice],
];

/** The screen a path shows, by its most specific known prefix; null for an unknown page. */
export function pageTitleOf(pathname: string): MessageDescriptor | null {
  if (pathname === '/' || pathname === '') return TITLES.home;
  const path = pathname.replace(/\/+$/, '');
  const hit = BY_PATH.find(([prefix]) =>
    prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`),
  );
  return hit ? hit[1] : TITLES.notFound;
}

/** Sets the document's title for the current screen, following the page's language. */
export function PageTitle() {
  const { pathname } = useLocation();
  const intl = useIntl();
  useEffect(() => {
    const screen = pageTitleOf(pathname)!;
    document.title = screen === TITLES.home ? intl.formatMessage(screen) : `${intl.formatMessage(screen)} · Corestone`;
  }, [pathname, intl]);
  return null;
}
