/**
 * The upload wizard's step lives in the address (`?step=metadata`, `?step=review`; none for Upload),
 * so the browser's Back and Forward move between steps. Each step entry the wizard pushes carries its
 * depth: how many wizard entries come before it in the history (the wizard's Back buttons go back in
 * history when there is one, and after a submit the wizard leaves its entries behind).
 */
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

export const STEP_TITLES: readonly MessageDescriptor[] = [
  { id: 'upload.step.upload', defaultMessage: 'Upload' },
  { id: 'upload.step.metadata', defaultMessage: 'Metadata' },
  { id: 'upload.step.submit', defaultMessage: 'Submit' },
];
const STEP_PARAMS = [null, 'metadata', 'review'] as const;

export const UPLOAD_STEP = 0;
export const METADATA_STEP = 1;
export const REVIEW_STEP = 2;

/** The step a location's search names; Upload for none or an unknown one. */
export function stepFromSearch(search: string): number {
  const index = STEP_PARAMS.indexOf(new URLSearchParams(search).get('step') as (typeof STEP_PARAMS)[number]);
  return Math.max(index, UPLOAD_STEP);
}

/** The search naming a step ('' for Upload), keeping the other parameters of `current` (e.g. `assignment`, issue 31). */
export function searchForStep(step: number, current = ''): string {
  const params = new URLSearchParams(current);
  const param = STEP_PARAMS[step];
  if (param) params.set('step', param);
  else params.delete('step');
  const search = params.toString();
  return search ? `?${search}` : '';
}

export interface WizardEntryState {
  wizardDepth: number;
}

/** The depth of a history entry (0 for the wizard's first entry or any other). */
export function depthOf(state: unknown): number {
  const depth = (state as Partial<WizardEntryState> | null)?.wizardDepth;
  return typeof depth === 'number' && depth > 0 ? depth : 0;
}

/** The accessible name of a step's panel, e.g. 'Step 2 of 3: Metadata'. */
export const stepLabel = (step: number, intl: IntlShape = ENGLISH) =>
  intl.formatMessage(
    { id: 'upload.stepLabel', defaultMessage: 'Step {n} of {count}: {title}' },
    { n: step + 1, count: STEP_TITLES.length, title: intl.formatMessage(STEP_TITLES[step]) },
  );
