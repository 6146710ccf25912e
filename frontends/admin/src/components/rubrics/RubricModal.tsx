import { Alert, Button, Col, Form, Input, Modal, Row, Select, Space, Tabs, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { CorestoneClient, Rubric } from '@corestone/sdk';
import { useRubricDraft, type RubricView } from '../../hooks/useRubricDraft';
import { RUBRIC_TEXT_LIMITS } from '../../lib/rubricText';
import { ReadOnlyChoice } from '../readOnly';
import { ScoringEditor } from '../ScoringEditor';
import { TranslationsEditor } from './TranslationsEditor';
import { RUBRIC_STATUS_OPTIONS, RUBRIC_TYPE_OPTIONS, useOptions } from '../selects';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Create a rubric from a processed document, or edit one (its type stays). Editing has two views:
 * the rubric (English texts, criteria, scoring) and its Translations (issue 36), saved together.
 */
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
  const intl = useIntl();
  const d = useRubricDraft(client, rubric, onSaved, onClose);
  const typeOptions = useOptions(RUBRIC_TYPE_OPTIONS);
  const statusOptions = useOptions(RUBRIC_STATUS_OPTIONS);

  const form = (
    <Form layout="vertical">
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            label={<FormattedMessage id="rubricModal.essayType" defaultMessage="Essay type" />}
            extra={
              d.creating ? undefined : (
                <FormattedMessage id="rubricModal.typeCannotChange" defaultMessage="The type of an existing rubric cannot change." />
              )
            }
          >
            {d.creating ? (
              <Select
                aria-label={intl.formatMessage({ id: 'rubricModal.essayType', defaultMessage: 'Essay type' })}
                value={d.type}
                onChange={d.setType}
                options={typeOptions}
              />
            ) : (
              <ReadOnlyChoice
                aria-label={intl.formatMessage({ id: 'rubricModal.essayType', defaultMessage: 'Essay type' })}
                value={d.type}
                options={typeOptions}
              />
            )}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={<FormattedMessage id="rubricModal.status" defaultMessage="Status" />}>
            <Select
              aria-label={intl.formatMessage({ id: 'rubricModal.rubricStatus', defaultMessage: 'Rubric status' })}
              value={d.status}
              onChange={d.setStatus}
              options={statusOptions}
            />
          </Form.Item>
        </Col>
      </Row>
      {d.creating && (
        <Form.Item
          label={<FormattedMessage id="rubricModal.rubricDocument" defaultMessage="Rubric document" />}
          extra={<FormattedMessage id="rubricModal.pdfDocxDocOrTxt" defaultMessage=".pdf, .docx, .doc or .txt, up to 10 MB" />}
        >
          <Space wrap>
            <Upload beforeUpload={d.pick} maxCount={1} showUploadList={false} accept=".pdf,.docx,.doc,.txt">
              <Button icon={<UploadOutlined />}>
                {d.file ? d.file.name : <FormattedMessage id="rubricModal.chooseFile" defaultMessage="Choose file" />}
              </Button>
            </Upload>
            <Button type="primary" ghost disabled={!d.file} loading={d.busy === 'process'} onClick={d.process}>
              <FormattedMessage id="rubricModal.processFile" defaultMessage="Process File" />
            </Button>
            {d.processed && (
              <Tag color="green">
                <FormattedMessage
                  id="rubricModal.processedSummary"
                  defaultMessage="{criteria, plural, one {# criterion} other {# criteria}} · {points, plural, one {# point} other {# points}}"
                  values={{
                    criteria: d.processed.structured_rubric.criteria.length,
                    points: d.processed.structured_rubric.scoring_structure.total_points,
                  }}
                />
              </Tag>
            )}
          </Space>
        </Form.Item>
      )}
      <Form.Item label={<FormattedMessage id="rubricModal.title" defaultMessage="Title" />} required>
        <Input
          aria-label={intl.formatMessage({ id: 'rubricModal.rubricTitle', defaultMessage: 'Rubric title' })}
          value={d.title}
          count={{ show: d.title.length > RUBRIC_TEXT_LIMITS.title * 0.8, max: RUBRIC_TEXT_LIMITS.title }}
          onChange={(e) => d.setTitle(e.target.value)}
        />
      </Form.Item>
      <Form.Item label={<FormattedMessage id="rubricModal.description" defaultMessage="Description" />}>
        <Input.TextArea
          aria-label={intl.formatMessage({ id: 'rubricModal.rubricDescription', defaultMessage: 'Rubric description' })}
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={d.description}
          count={{ show: d.description.length > RUBRIC_TEXT_LIMITS.description * 0.8, max: RUBRIC_TEXT_LIMITS.description }}
          onChange={(e) => d.setDescription(e.target.value)}
        />
      </Form.Item>
      <Form.Item
        label={<FormattedMessage id="rubricModal.criteria" defaultMessage="Criteria" />}
        extra={
          d.creating ? (
            <FormattedMessage
              id="rubricModal.criteriaFromFile"
              defaultMessage="Read from the processed file. Changes made under Scoring are written into it when the rubric is saved."
            />
          ) : (
            <FormattedMessage
              id="rubricModal.criteriaReadAgain"
              defaultMessage="Changed text is read again into the scoring when saved; if Scoring is changed too, Scoring is kept."
            />
          )
        }
      >
        <Input.TextArea
          aria-label={intl.formatMessage({ id: 'rubricModal.criteriaText', defaultMessage: 'Criteria text' })}
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
        <Form.Item label={<FormattedMessage id="rubricModal.scoring" defaultMessage="Scoring" />}>
          <ScoringEditor value={d.scoring} onChange={d.setScoring} />
        </Form.Item>
      )}
    </Form>
  );

  return (
    <Modal
      open
      width={760}
      title={
        d.creating
          ? intl.formatMessage({ id: 'rubricModal.createRubric', defaultMessage: 'Create Rubric' })
          : intl.formatMessage({ id: 'rubricModal.editRubric', defaultMessage: 'Edit Rubric' })
      }
      onCancel={onClose}
      onOk={d.save}
      okText={
        d.creating
          ? intl.formatMessage({ id: 'rubricModal.createRubric', defaultMessage: 'Create Rubric' })
          : intl.formatMessage({ id: 'rubricModal.saveChanges', defaultMessage: 'Save Changes' })
      }
      confirmLoading={d.busy === 'save'}
      okButtonProps={{ disabled: (d.creating && !d.processed) || Boolean(d.success) }}
      destroyOnHidden
    >
      {d.creating ? (
        form
      ) : (
        <Tabs
          activeKey={d.view}
          onChange={(k) => d.setView(k as RubricView)}
          items={[
            { key: 'rubric', label: intl.formatMessage({ id: 'rubricModal.rubricTab', defaultMessage: 'Rubric' }), children: form },
            {
              key: 'translations',
              label: intl.formatMessage({ id: 'rubricModal.translationsTab', defaultMessage: 'Translations' }),
              children: <TranslationsEditor t={d.translations} />,
            },
          ]}
        />
      )}
      {d.error && (
        <Typography.Text type="danger" data-testid="rubric-form-error">
          {d.error}
        </Typography.Text>
      )}
      {d.success && <Typography.Text type="success">{d.success}</Typography.Text>}
    </Modal>
  );
}
