import { defineMessages } from 'react-intl';
import type { SessionRole } from '@corestone/sdk';

/** The frame's own texts (AppFrame); French and Spanish in ./i18n, merged into every build's catalogue. */
export const FRAME_MESSAGES = defineMessages({
  home: { id: 'ui.frame.home', defaultMessage: 'Corestone home' },
  navigation: { id: 'ui.frame.navigation', defaultMessage: 'Navigation' },
  logout: { id: 'ui.frame.logout', defaultMessage: 'Logout' },
  searchPlaceholder: { id: 'ui.frame.searchPlaceholder', defaultMessage: 'Search submissions...' },
  searchLabel: { id: 'ui.frame.searchLabel', defaultMessage: 'Search submissions' },
  openMenu: { id: 'ui.frame.openMenu', defaultMessage: 'Open menu' },
  loading: { id: 'ui.frame.loading', defaultMessage: 'Loading' },
});

/** The role tag's words (the sdk's roleLabel, spec §6, in English). */
export const ROLE_MESSAGES: Record<SessionRole, { id: string; defaultMessage: string }> = defineMessages({
  student: { id: 'ui.role.student', defaultMessage: 'Student' },
  teacher: { id: 'ui.role.teacher', defaultMessage: 'Teacher' },
  admin: { id: 'ui.role.admin', defaultMessage: 'Admin' },
  'super-admin': { id: 'ui.role.superAdmin', defaultMessage: 'Super Admin' },
});
