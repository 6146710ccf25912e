import { Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { MAX_DETAIL_CHARS } from '../../lib/upload';

/** The optional 'Additional Context' of either essay type's metadata. */
export function ContextField({ value, placeholder, onChange }: { value: string; placeholder: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <Form.Item label={intl.formatMessage({ id: 'upload.field.context', defaultMessage: 'Additional Context' })} htmlFor="meta-context">
      <Input.TextArea
        id="meta-context"
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={MAX_DETAIL_CHARS.additional_context}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}
