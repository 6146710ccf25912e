import { Col, Form, Input, Row, Select } from 'antd';
import { ContextField } from './ContextField';
import { CITATION_STYLES, EE_SUBJECTS } from '../../data/subjects';
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
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Subject Category" htmlFor="meta-category" required {...marked(errors, 'category')}>
            <Select
              id="meta-category"
              {...invalid(errors, 'category')}
              placeholder="Choose a category"
              value={ee.category || undefined}
              options={Object.keys(EE_SUBJECTS).map((c) => ({ value: c, label: c }))}
              onChange={(v) => onChange({ category: v, subject: '' }, 'category', 'subject')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Subject" htmlFor="meta-subject" required {...marked(errors, 'subject')}>
            <Select
              id="meta-subject"
              {...invalid(errors, 'subject')}
              placeholder={ee.category ? 'Choose a subject' : 'Choose a category first'}
              disabled={!ee.category}
              value={ee.subject || undefined}
              showSearch
              options={(EE_SUBJECTS[ee.category] ?? []).map((s) => ({ value: s, label: s }))}
              onChange={(v) => onChange({ subject: v }, 'subject')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Research Question" htmlFor="meta-rq" required {...marked(errors, 'researchQuestion')}>
        <Input.TextArea
          id="meta-rq"
          {...invalid(errors, 'researchQuestion')}
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={MAX_DETAIL_CHARS.research_question}
          value={ee.researchQuestion}
          placeholder="To what extent…"
          onChange={(e) => onChange({ researchQuestion: e.target.value }, 'researchQuestion')}
        />
      </Form.Item>
      <Form.Item label="Citation Style" htmlFor="meta-citation">
        <Select
          id="meta-citation"
          allowClear
          placeholder="Optional"
          value={ee.citationStyle || undefined}
          options={CITATION_STYLES.map((c) => ({ value: c, label: c }))}
          onChange={(v) => onChange({ citationStyle: v ?? '' })}
        />
      </Form.Item>
      <ContextField
        value={ee.additionalContext}
        placeholder="Optional: anything the assessor should know"
        onChange={(additionalContext) => onChange({ additionalContext })}
      />
    </>
  );
}
