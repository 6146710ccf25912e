import { FIELD_IDS, type Field, type FieldErrors } from '../../lib/uploadFields';

/** Form.Item props marking a refused field: the message under it. */
export const marked = (errors: FieldErrors, field: Field) =>
  errors[field] ? { validateStatus: 'error' as const, help: <span id={`${FIELD_IDS[field]}-error`}>{errors[field]}</span> } : {};

/** The refused control's own state for screen readers. */
export const invalid = (errors: FieldErrors, field: Field) =>
  errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_IDS[field]}-error` } : {};
