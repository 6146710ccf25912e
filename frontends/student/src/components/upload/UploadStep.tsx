import { Alert, Button, Card, Space, Typography, Upload } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import { sizeMb } from '../../lib/upload';
import { FIELD_IDS } from '../../lib/uploadFields';
import type { UploadWizardState } from '../../lib/useUploadWizard';

/** Shown on the Upload step when a kept draft came back without its file (a File cannot outlive a reload). */
export const chooseFileAgainText = (fileName: string | null) =>
  `Your details are kept. Choose your file${fileName ? ` (${fileName})` : ''} again to continue.`;

/** Step 1: the drop zone, or the chosen file with Remove; 'Continue' goes on to the metadata. */
export function UploadStep({ wizard }: { wizard: UploadWizardState }) {
  const { file, fileName, draftCameBack, errors, pickFile, removeFile, next } = wizard;
  return (
    <>
      {!file && draftCameBack && (
        <Alert type="info" showIcon title={chooseFileAgainText(fileName)} style={{ marginBottom: 16 }} data-testid="choose-file-again" />
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
          <p className="ant-upload-text">Click or drag your essay to this area</p>
          <p className="ant-upload-hint">.txt, .docx or .pdf · up to 20 MB</p>
        </Upload.Dragger>
      ) : (
        <Card size="small" style={{ background: '#f8fafc' }} data-testid="selected-file">
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space>
              <FileTextOutlined style={{ fontSize: 24, color: '#1d4ed8' }} />
              <div>
                <Typography.Text strong>{file.name}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{sizeMb(file.size)}</Typography.Text>
              </div>
            </Space>
            <Button icon={<DeleteOutlined />} onClick={removeFile}>
              Remove
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
          Continue
        </Button>
      </div>
    </>
  );
}
