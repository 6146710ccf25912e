import { Alert, Form, Select } from 'antd';
import { ContextField } from './ContextField';
import { AREAS_OF_KNOWLEDGE } from '../../data/subjects';
import type { Field, FieldErrors } from '../../lib/uploadFields';
import type { TokMeta } from '../../lib/uploadMetadata';
import { invalid, marked } from './fieldMarks';

interface TokFieldsProps {
  tok: TokMeta;
  /** The session's prescribed titles ('Title n: ...'). */
  titles: string[];
  errors: FieldErrors;
  /** Applies a change; the fields named are no longer marked as refused. */
  onChange: (patch: Partial<TokMeta>, ...fields: Field[]) => void;
}

/** The TOK essay's metadata: prescribed title, areas of knowledge, context, and the length reminder. */
export function TokFields({ tok, titles, errors, onChange }: TokFieldsProps) {
  return (
    <>
      <Form.Item
        label="Prescribed Title"
        htmlFor="meta-prescribed"
        required
        {...marked(errors, 'prescribedTitle')}
        // the field shows one line of a long title: the whole chosen title is written out under it
        extra={
          tok.prescribedTitle ? (
            <span data-testid="prescribed-full" style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
              {tok.prescribedTitle}
            </span>
          ) : undefined
        }
      >
        <Select
          id="meta-prescribed"
          {...invalid(errors, 'prescribedTitle')}
          placeholder="Choose the prescribed title you answered"
          value={tok.prescribedTitle || undefined}
          options={titles.map((t) => ({ value: t, label: t }))}
          onChange={(v) => onChange({ prescribedTitle: v }, 'prescribedTitle')}
          popupMatchSelectWidth
          listHeight={320}
          // titles are long: options wrap instead of being cut (no hover tooltip on a phone)
          optionRender={(o) => <div style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{o.label}</div>}
        />
      </Form.Item>
      <Form.Item label="Areas of Knowledge Focus" htmlFor="meta-aok">
        <Select
          id="meta-aok"
          mode="multiple"
          allowClear
          placeholder="Optional"
          value={tok.aokFocus}
          options={AREAS_OF_KNOWLEDGE.map((a) => ({ value: a, label: a }))}
          onChange={(v) => onChange({ aokFocus: v })}
        />
      </Form.Item>
      <ContextField
        value={tok.additionalContext}
        placeholder="Optional"
        onChange={(additionalContext) => onChange({ additionalContext })}
      />
      <Alert type="info" showIcon title="TOK essays should be about 1,600 words." style={{ marginBottom: 24 }} />
    </>
  );
}
