import type { MetaField } from './uploadMetadata';

/** A field the upload wizard can refuse: a metadata field or the file. */
export type Field = MetaField | 'file';
export type FieldErrors = Partial<Record<Field, string>>;

/** A field's control; its inline error is `${id}-error`, which the control names as its description. */
export const FIELD_IDS: Record<Field, string> = {
  file: 'upload-file',
  category: 'meta-category',
  subject: 'meta-subject',
  researchQuestion: 'meta-rq',
  prescribedTitle: 'meta-prescribed',
  rubric: 'meta-rubric',
};

/** The element that takes focus for a refused field: the drop zone, the first rubric, or the control itself. */
export function fieldControl(root: HTMLElement | null, field: Field): HTMLElement | null | undefined {
  return field === 'file'
    ? root?.querySelector<HTMLElement>('.ant-upload[role=button]')
    : field === 'rubric'
      ? root?.querySelector<HTMLElement>(`#${FIELD_IDS.rubric} input[type=radio]`)
      : root?.querySelector<HTMLElement>(`#${FIELD_IDS[field]}`);
}
