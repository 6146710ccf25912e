import { Select } from 'antd';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { EssayType, EvaluationStatus, RubricStatus } from '@corestone/sdk';
import { TYPE_LABELS } from './badges';

/** The choices of a Select or Radio.Group (labels in every language); in a list filter, the value '' means all. */
type Options<T extends string> = { value: T; label: MessageDescriptor }[];

const LABELS = defineMessages({
  tok: { id: 'selects.tok', defaultMessage: 'TOK' },
  active: { id: 'selects.active', defaultMessage: 'Active' },
  draft: { id: 'selects.draft', defaultMessage: 'Draft' },
  deprecated: { id: 'selects.deprecated', defaultMessage: 'Deprecated' },
  allTypes: { id: 'selects.allTypes', defaultMessage: 'All Types' },
  allStatus: { id: 'selects.allStatus', defaultMessage: 'All Status' },
  completed: { id: 'selects.completed', defaultMessage: 'Completed' },
  processing: { id: 'selects.processing', defaultMessage: 'Processing' },
  failed: { id: 'selects.failed', defaultMessage: 'Failed' },
});

/** Options with their labels in the page's language. */
export function useOptions<T extends string>(options: Options<T>): { value: T; label: string }[] {
  const intl = useIntl();
  return options.map((o) => ({ value: o.value, label: intl.formatMessage(o.label) }));
}

/** Submissions and the quick assessment name the types as the type tags do. */
export const ESSAY_TYPE_OPTIONS: Options<EssayType> = [
  { value: 'ee', label: TYPE_LABELS.ee },
  { value: 'tok', label: TYPE_LABELS.tok },
];

/** Rubric Management names the second type 'TOK', not 'TOK Essay' (spec admin §2). */
export const RUBRIC_TYPE_OPTIONS: Options<EssayType> = [
  { value: 'ee', label: TYPE_LABELS.ee },
  { value: 'tok', label: LABELS.tok },
];

export const RUBRIC_STATUS_OPTIONS: Options<RubricStatus> = [
  { value: 'active', label: LABELS.active },
  { value: 'draft', label: LABELS.draft },
  { value: 'deprecated', label: LABELS.deprecated },
];

const ALL_TYPES = { value: '' as const, label: LABELS.allTypes };
const ALL_STATUS = { value: '' as const, label: LABELS.allStatus };

/** The overview's recent submissions and Submissions Management filter by these. */
export const SUBMISSION_STATUS_FILTER: Options<EvaluationStatus | ''> = [
  ALL_STATUS,
  { value: 'completed', label: LABELS.completed },
  { value: 'processing', label: LABELS.processing },
  { value: 'failed', label: LABELS.failed },
];
export const SUBMISSION_TYPE_FILTER: Options<EssayType | ''> = [ALL_TYPES, ...ESSAY_TYPE_OPTIONS];

export const RUBRIC_TYPE_FILTER: Options<EssayType | ''> = [ALL_TYPES, ...RUBRIC_TYPE_OPTIONS];
export const RUBRIC_STATUS_FILTER: Options<RubricStatus | ''> = [ALL_STATUS, ...RUBRIC_STATUS_OPTIONS];

/** A drop-down that filters a list; `label` names it for screen readers. */
export function FilterSelect<T extends string>({
  label,
  width,
  value,
  onChange,
  options,
}: {
  label: MessageDescriptor;
  width: number;
  value: T | '';
  onChange: (value: T | '') => void;
  options: Options<T | ''>;
}) {
  const intl = useIntl();
  return (
    <Select aria-label={intl.formatMessage(label)} style={{ width }} value={value} onChange={onChange} options={useOptions(options)} />
  );
}
