import { useState } from 'react';
import { App as AntApp, Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { errorMessage, type CorestoneClient, type Evaluation } from '@corestone/sdk';
import { PDF_EXPORT_FAILED, saveEvaluationPdf } from '../lib/pdf';

/** Export PDF: 'Generating PDF...' while busy; any failure is a toast with a plain message. */
export function PdfButton({
  client,
  ev,
  label = 'Export PDF',
  type,
  compact,
}: {
  client: CorestoneClient;
  ev: Pick<Evaluation, 'id' | 'title'>;
  label?: string;
  type?: 'primary' | 'default';
  compact?: boolean;
}) {
  const { notification } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await saveEvaluationPdf(client, ev);
    } catch (e) {
      notification.error({ title: 'Export Failed', description: errorMessage(e, PDF_EXPORT_FAILED), duration: 7 });
    } finally {
      setBusy(false);
    }
  };
  if (compact)
    return (
      <Tooltip title={busy ? 'Generating PDF...' : 'Download PDF report'}>
        <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={run} aria-label={`Download PDF report of ${ev.title}`} />
      </Tooltip>
    );
  return (
    <Button type={type} icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid="export-pdf">
      {busy ? 'Generating PDF...' : label}
    </Button>
  );
}
