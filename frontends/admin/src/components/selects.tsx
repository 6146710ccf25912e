import { Select } from 'antd';
import type { EssayType, EvaluationStatus, RubricStatus } from '@corestone/sdk';
import { TYPE_LABELS } from './badges';

/** The choices of a Select or Radio.Group; in a list filter, the value '' means all. */
type Options<T extends string> = { value: T; label: string }[];

/** Submissions and the quick assessment name the types as the type tags do. */
export const ESSAY_TYPE_OPTIONS: Options<EssayType> = [
  { value: 'ee', label: TYPE_LABELS.ee },
  { value: 'tok', label: TYPE_LABELS.tok },
];

/** Rubric Management names the second type 'TOK', not 'TOK Essay' (spec admin §2). */
export const RUBRIC_TYPE_OPTIONS: Options<EssayType> = [
  { value: 'ee', label: TYPE_LABELS.ee },
  { value: 'tok', label: 'TOK' },
];

export const RUBRIC_STATUS_OPTIONS: Options<RubricStatus> = [
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'deprecated', label: 'Deprecated' },
];

const ALL_TYPES = { value: '', label: 'All Types' } as const;
const ALL_STATUS = { value: '', label: 'All Status' } as const;

/** The overview's recent submissions and Submissions Management filter by these. */
export const SUBMISSION_STATUS_FILTER: Options<EvaluationStatus | ''> = [
  ALL_STATUS,
  { value: 'completed', label: 'Completed' },
  { value: 'processing', label: 'Processing' },
  { value: 'failed', label: 'Failed' },
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
  label: string;
  width: number;
  value: T | '';
  onChange: (value: T | '') => void;
  options: Options<T | ''>;
}) {
  return <Select aria-label={label} style={{ width }} value={value} onChange={onChange} options={options} />;
}
