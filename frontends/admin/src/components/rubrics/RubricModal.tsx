import { Alert, Button, Col, Form, Input, Modal, Row, Select, Space, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { CorestoneClient, Rubric } from '@corestone/sdk';
import { useRubricDraft } from '../../hooks/useRubricDraft';
import { RUBRIC_TEXT_LIMITS } from '../../lib/rubricText';
import { ReadOnlyChoice } from '../readOnly';
import { ScoringEditor } from '../ScoringEditor';
import { RUBRIC_STATUS_OPTIONS, RUBRIC_TYPE_OPTIONS } from '../selects';

/** Create a rubric from a processed document, or edit one (its type stays). */
export function RubricModal({
  client,
  rubric,
  onClose,
  onSaved,
}: {
  client: CorestoneClient;
  rubric: Rubric | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const d = useRubricDraft(client, rubric, onSaved, onClose);

  return (
    <Modal
      open
      width={760}
      title={d.creating ? 'Create Rubric' : 'Edit Rubric'}
      onCancel={onClose}
      onOk={d.save}
      okText={d.creating ? 'Create Rubric' : 'Save Changes'}
      confirmLoading={d.busy === 'save'}
      okButtonProps={{ disabled: (d.creating && !d.processed) || Boolean(d.success) }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Essay type" extra={d.creating ? undefined : 'The type of an existing rubric cannot change.'}>
              {d.creating ? (
                <Select aria-label="Essay type" value={d.type} onChange={d.setType} options={RUBRIC_TYPE_OPTIONS} />
              ) : (
                <ReadOnlyChoice aria-label="Essay type" value={d.type} options={RUBRIC_TYPE_OPTIONS} />
              )}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Status">
              <Select aria-label="Rubric status" value={d.status} onChange={d.setStatus} options={RUBRIC_STATUS_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
        {d.creating && (
          <Form.Item label="Rubric document" extra=".pdf, .docx, .doc or .txt, up to 10 MB">
            <Space wrap>
              <Upload beforeUpload={d.pick} maxCount={1} showUploadList={false} accept=".pdf,.docx,.doc,.txt">
                <Button icon={<UploadOutlined />}>{d.file ? d.file.name : 'Choose file'}</Button>
              </Upload>
              <Button type="primary" ghost disabled={!d.file} loading={d.busy === 'process'} onClick={d.process}>
                Process File
              </Button>
              {d.processed && (
                <Tag color="green">
                  {d.processed.structured_rubric.criteria.length} criteria · {d.processed.structured_rubric.scoring_structure.total_points}{' '}
                  points
                </Tag>
              )}
            </Space>
          </Form.Item>
        )}
        <Form.Item label="Title" required>
          <Input
            aria-label="Rubric title"
            value={d.title}
            count={{ show: d.title.length > RUBRIC_TEXT_LIMITS.title * 0.8, max: RUBRIC_TEXT_LIMITS.title }}
            onChange={(e) => d.setTitle(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Description">
          <Input.TextArea
            aria-label="Rubric description"
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={d.description}
            count={{ show: d.description.length > RUBRIC_TEXT_LIMITS.description * 0.8, max: RUBRIC_TEXT_LIMITS.description }}
            onChange={(e) => d.setDescription(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Criteria"
          extra={
            d.creating
              ? 'Read from the processed file. Changes made under Scoring are written into it when the rubric is saved.'
              : 'Changed text is read again into the scoring when saved; if Scoring is changed too, Scoring is kept.'
          }
        >
          <Input.TextArea
            aria-label="Criteria text"
            autoSize={{ minRows: 6, maxRows: 16 }}
            value={d.criteria}
            count={{ show: d.criteria.length > RUBRIC_TEXT_LIMITS.criteria * 0.8, max: RUBRIC_TEXT_LIMITS.criteria }}
            readOnly={d.creating}
            variant={d.creating ? 'filled' : 'outlined'}
            onChange={(e) => d.setCriteria(e.target.value)}
            style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12 }}
          />
        </Form.Item>
        {d.processed?.warnings.length ? <Alert type="warning" showIcon title={d.processed.warnings.join(' ')} /> : null}
        {d.scoring && (
          <Form.Item label="Scoring">
            <ScoringEditor value={d.scoring} onChange={d.setScoring} />
          </Form.Item>
        )}
      </Form>
      {d.error && (
        <Typography.Text type="danger" data-testid="rubric-form-error">
          {d.error}
        </Typography.Text>
      )}
      {d.success && <Typography.Text type="success">{d.success}</Typography.Text>}
    </Modal>
  );
}
