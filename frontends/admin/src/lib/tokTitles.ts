/** The TOK Titles screen's rules: what a session draft must hold before it is sent (the server checks the same). */
import { type IntlShape } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

/** The IB publishes six prescribed titles per examination session (contracts: TOK_TITLES_PER_SESSION). */
export const TITLES_PER_SESSION = 6;
/** The content service's bounds of one title (contracts: TokSessionInput). */
export const TITLE_MIN_CHARS = 10;
export const TITLE_MAX_CHARS = 600;
/** The wizard's free entry, shown after the session's titles (student remote, TokFields). */
export const WIZARD_OTHER_TITLE = { id: 'tokTitles.wizardOtherTitle', defaultMessage: 'Other title (type the title you answered)' };

/** A session being written: `id` null for a new one. */
export type TokDraft = { id: string | null; session: string; titles: string[] };
export const emptyDraft = (): TokDraft => ({ id: null, session: '', titles: Array<string>(TITLES_PER_SESSION).fill('') });

/** What is wrong with a draft before it is sent (the server checks the same). */
export function draftProblems(d: TokDraft, intl: IntlShape = ENGLISH): string[] {
  const problems: string[] = [];
  if (!d.session.trim())
    problems.push(intl.formatMessage({ id: 'tokTitles.enterSession', defaultMessage: 'Enter the session, e.g. "May 2027".' }));
  d.titles.forEach((t, i) => {
    const n = t.trim().length;
    if (n < TITLE_MIN_CHARS)
      problems.push(
        intl.formatMessage(
          { id: 'tokTitles.titleTooShort', defaultMessage: 'Title {n} needs at least {min} characters.' },
          { n: i + 1, min: TITLE_MIN_CHARS },
        ),
      );
    else if (n > TITLE_MAX_CHARS)
      problems.push(
        intl.formatMessage(
          { id: 'tokTitles.titleTooLong', defaultMessage: 'Title {n} has more than {max} characters.' },
          { n: i + 1, max: TITLE_MAX_CHARS },
        ),
      );
  });
  return problems;
}

/** Whether a draft differs from the session it edits (`original`), or, for a new one, holds anything. */
export function draftDirty(draft: TokDraft | null, original: { session: string; titles: string[] } | undefined): boolean {
  if (draft === null) return false;
  return original
    ? draft.session !== original.session || draft.titles.some((t, i) => t !== original.titles[i])
    : draft.session !== '' || draft.titles.some(Boolean);
}
