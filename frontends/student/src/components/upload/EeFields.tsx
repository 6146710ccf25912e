import { Col, Form, Input, Row, Select } from 'antd';
import { useIntl } from 'react-intl';
import { ContextField } from './ContextField';
import { CITATION_STYLES, EE_SUBJECTS } from '../../data/subjects';
import { subjectLabel } from '../../data/subjectLabels';
import type { Field, FieldErrors } from '../../lib/uploadFields';
import type { EeMeta } from '../../lib/uploadMetadata';
import { MAX_DETAIL_CHARS } from '../../lib/upload';
import { invalid, marked } from './fieldMarks';

interface EeFieldsProps {
  ee: EeMeta;
  errors: FieldErrors;
  /** Applies a change; the fields named are no longer marked as refused. */
  onChange: (patch: Partial<EeMeta>, ...fields: Field[]) => void;
}

/** The Extended Essay's metadata: subject category and subject, research question, citation style, context. */
export function EeFields({ ee, errors, onChange }: EeFieldsProps) {
  const intl = useIntl();
  const optional = intl.formatMessage({ id: 'upload.optional', defaultMessage: 'Optional' });
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label={intl.formatMessage({ id: 'upload.field.category', defaultMessage: 'Subject Category' })}
            htmlFor="meta-category"
            required
            {...marked(errors, 'category')}
          >
            <Select
              id="meta-category"
              {...invalid(errors, 'category')}
              placeholder={intl.formatMessage({ id: 'upload.chooseCategory', defaultMessage: 'Choose a category' })}
              value={ee.category || undefined}
              options={Object.keys(EE_SUBJECTS).map((c) => ({ value: c, label: subjectLabel(intl, c) }))}
              onChange={(v) => onChange({ category: v, subject: '' }, 'category', 'subject')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={intl.formatMessage({ id: 'upload.field.subject', defaultMessage: 'Subject' })}
            htmlFor="meta-subject"
            required
            {...marked(errors, 'subject')}
          >
            <Select
              id="meta-subject"
              {...invalid(errors, 'subject')}
              placeholder={
                ee.category
                  ? intl.formatMessage({ id: 'upload.chooseSubject', defaultMessage: 'Choose a subject' })
                  : intl.formatMessage({ id: 'upload.chooseCategoryFirst', defaultMessage: 'Choose a category first' })
              }
              disabled={!ee.category}
              value={ee.subject || undefined}
              showSearch
              options={(EE_SUBJECTS[ee.category] ?? []).map((s) => ({ value: s, label: subjectLabel(intl, s) }))}
              onChange={(v) => onChange({ subject: v }, 'subject')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={intl.formatMessage({ id: 'upload.field.researchQuestion', defaultMessage: 'Research Question' })}
        htmlFor="meta-rq"
        required
        {...marked(errors, 'researchQuestion')}
      >
        <Input.TextArea
          id="meta-rq"
          {...invalid(errors, 'researchQuestion')}
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={MAX_DETAIL_CHARS.research_question}
          value={ee.researchQuestion}
          placeholder={intl.formatMessage({ id: 'upload.rqPlaceholder', defaultMessage: 'To what extent…' })}
          onChange={(e) => onChange({ researchQuestion: e.target.value }, 'researchQuestion')}
        />
      </Form.Item>
      <Form.Item label={intl.formatMessage({ id: 'upload.field.citation', defaultMessage: 'Citation Style' })} htmlFor="meta-citation">
        <Select
          id="meta-citation"
          allowClear
          placeholder={optional}
          value={ee.citationStyle || undefined}
          options={CITATION_STYLES.map((c) => ({ value: c, label: subjectLabel(intl, c) }))}
          onChange={(v) => onChange({ citationStyle: v ?? '' })}
        />
      </Form.Item>
      <ContextField
        value={ee.additionalContext}
        placeholder={intl.formatMessage({ id: 'upload.contextPlaceholder', defaultMessage: 'Optional: anything the assessor should know' })}
        onChange={(additionalContext) => onChange({ additionalContext })}
      />
    </>
  );
}
