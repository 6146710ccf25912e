import { Alert, Button, Card, Space, Typography, Upload } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { sizeMb } from '../../lib/upload';
import { ENGLISH } from '@corestone/ui/i18n';
import { FIELD_IDS } from '../../lib/uploadFields';
import type { UploadWizardState } from '../../lib/useUploadWizard';

/** Shown on the Upload step when a kept draft came back without its file (a File cannot outlive a reload). */
export const chooseFileAgainText = (fileName: string | null, intl: IntlShape = ENGLISH) =>
  fileName
    ? intl.formatMessage(
        { id: 'upload.chooseAgainNamed', defaultMessage: 'Your details are kept. Choose your file ({fileName}) again to continue.' },
        { fileName },
      )
    : intl.formatMessage({ id: 'upload.chooseAgain', defaultMessage: 'Your details are kept. Choose your file again to continue.' });

/** Step 1: the drop zone, or the chosen file with Remove; 'Continue' goes on to the metadata. */
export function UploadStep({ wizard }: { wizard: UploadWizardState }) {
  const { file, fileName, draftCameBack, errors, pickFile, removeFile, next } = wizard;
  const intl = useIntl();
  return (
    <>
      {!file && draftCameBack && (
        <Alert
          type="info"
          showIcon
          title={chooseFileAgainText(fileName, intl)}
          style={{ marginBottom: 16 }}
          data-testid="choose-file-again"
        />
      )}
      {!file ? (
        <Upload.Dragger
          accept=".txt,.docx,.pdf"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            void pickFile(f as File);
            return Upload.LIST_IGNORE;
          }}
          data-testid="file-dropzone"
        >
          <p className="ant-upload-drag-icon">
            <CloudUploadOutlined />
          </p>
          <p className="ant-upload-text">
            <FormattedMessage id="upload.dropText" defaultMessage="Click or drag your essay to this area" />
          </p>
          <p className="ant-upload-hint">
            <FormattedMessage id="upload.dropHint" defaultMessage=".txt, .docx or .pdf · up to 20 MB" />
          </p>
        </Upload.Dragger>
      ) : (
        <Card size="small" style={{ background: '#f8fafc' }} data-testid="selected-file">
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space>
              <FileTextOutlined style={{ fontSize: 24, color: '#1d4ed8' }} />
              <div>
                <Typography.Text strong>{file.name}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{sizeMb(file.size, intl)}</Typography.Text>
              </div>
            </Space>
            <Button icon={<DeleteOutlined />} onClick={removeFile}>
              <FormattedMessage id="common.remove" defaultMessage="Remove" />
            </Button>
          </Space>
        </Card>
      )}
      {errors.file && (
        <Typography.Text type="danger" id={`${FIELD_IDS.file}-error`} style={{ display: 'block', marginTop: 8 }}>
          {errors.file}
        </Typography.Text>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 24 }}>
        <Button type="primary" size="large" onClick={next}>
          <FormattedMessage id="upload.continue" defaultMessage="Continue" />
        </Button>
      </div>
    </>
  );
}
