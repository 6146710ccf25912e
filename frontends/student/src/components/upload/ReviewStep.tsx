import { Alert, Button, Descriptions, Grid, Space, Typography } from 'antd';
import { LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLargePdf, sizeMb } from '../../lib/upload';
import { subjectLabel } from '../../data/subjectLabels';
import type { UploadWizardState } from '../../lib/useUploadWizard';
import { METADATA_STEP } from '../../lib/wizardSteps';

/** Step 3: what will be sent, the integrity note and the submit's progress or failure. */
export function ReviewStep({ wizard, file }: { wizard: UploadWizardState; file: File }) {
  const { type, ee, tok, stage, submitError, busy } = wizard;
  const wide = Boolean(Grid.useBreakpoint().md);
  const intl = useIntl();
  return (
    <>
      <Descriptions
        bordered
        column={1}
        size="middle"
        data-testid="submit-summary"
        // on a phone labels go above their values, which then get the whole width
        layout={wide ? 'horizontal' : 'vertical'}
        styles={wide ? { label: { width: 200 } } : { content: { overflowWrap: 'anywhere' } }}
      >
        <Descriptions.Item label={intl.formatMessage({ id: 'upload.review.essayType', defaultMessage: 'Essay Type' })}>
          {wizard.essayName}
        </Descriptions.Item>
        <Descriptions.Item label={intl.formatMessage({ id: 'upload.review.file', defaultMessage: 'File' })}>
          {file.name} ({sizeMb(file.size, intl)})
        </Descriptions.Item>
        <Descriptions.Item label={intl.formatMessage({ id: 'upload.field.title', defaultMessage: 'Title' })}>
          {wizard.title}
        </Descriptions.Item>
        {type === 'ee' ? (
          <>
            <Descriptions.Item label={intl.formatMessage({ id: 'upload.field.subject', defaultMessage: 'Subject' })}>
              {subjectLabel(intl, ee.subject)}
            </Descriptions.Item>
            <Descriptions.Item label={intl.formatMessage({ id: 'upload.field.researchQuestion', defaultMessage: 'Research Question' })}>
              {ee.researchQuestion}
            </Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={intl.formatMessage({ id: 'upload.field.prescribedTitle', defaultMessage: 'Prescribed Title' })}>
            {tok.prescribedTitle}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={intl.formatMessage({ id: 'upload.field.rubric', defaultMessage: 'Rubric' })}>
          {wizard.rubric?.title ?? '—'}
        </Descriptions.Item>
      </Descriptions>
      <Space orientation="vertical" style={{ width: '100%', marginTop: 20 }} size={12}>
        {isLargePdf(file) && (
          <Alert
            type="warning"
            showIcon
            title={intl.formatMessage({
              id: 'upload.review.largePdf',
              defaultMessage: 'Large PDF: reading this file may take 2 to 3 minutes.',
            })}
          />
        )}
        <Alert
          type="success"
          icon={<SafetyCertificateOutlined />}
          showIcon
          title={intl.formatMessage({ id: 'upload.review.integrity', defaultMessage: 'Academic integrity' })}
          description={intl.formatMessage({
            id: 'upload.review.integrityText',
            defaultMessage:
              'You confirm this essay is your own work. Corestone gives feedback and grading guidance only: it never rewrites or generates essay content.',
          })}
        />
        {stage && <Alert type="info" showIcon icon={<LoadingOutlined />} title={stage} data-testid="submit-stage" />}
        {submitError && <Alert type="error" showIcon title={submitError} data-testid="submit-error" />}
      </Space>
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 12, marginTop: 24 }}>
        <Space>
          <Button size="large" disabled={busy} onClick={() => wizard.backTo(METADATA_STEP)}>
            <FormattedMessage id="upload.review.backToMetadata" defaultMessage="Back to Metadata" />
          </Button>
          <Button size="large" disabled={busy} onClick={wizard.startOver}>
            <FormattedMessage id="upload.review.startOver" defaultMessage="Start Over" />
          </Button>
        </Space>
        <Button type="primary" size="large" loading={busy} onClick={wizard.submit}>
          <FormattedMessage id="upload.review.submit" defaultMessage="Submit for Evaluation" />
        </Button>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 13 }}>
        <FormattedMessage
          id="upload.review.timing"
          defaultMessage="AI evaluation can take 5 to 10 minutes. PDF files take 1 to 2 minutes to read, large PDFs 2 to 3 minutes. You can leave this page: the result appears in your submissions."
        />
      </Typography.Paragraph>
    </>
  );
}
