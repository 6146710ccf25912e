import { useState } from 'react';
import { App as AntApp, Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { errorMessage, type CorestoneClient, type Evaluation } from '@corestone/sdk';
import { saveEvaluationPdf } from '../lib/pdf';

/** Export PDF: 'Generating PDF...' while busy; any failure is a toast with a plain message. */
export function PdfButton({
  client,
  ev,
  label,
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
  const intl = useIntl();
  const generating = intl.formatMessage({ id: 'pdf.generating', defaultMessage: 'Generating PDF...' });
  const run = async () => {
    setBusy(true);
    try {
      await saveEvaluationPdf(client, ev);
    } catch (e) {
      notification.error({
        title: intl.formatMessage({ id: 'pdf.exportFailedTitle', defaultMessage: 'Export Failed' }),
        description: errorMessage(
          e,
          intl.formatMessage({ id: 'pdf.exportFailed', defaultMessage: 'Failed to export the PDF report. Please try again.' }),
        ),
        duration: 7,
      });
    } finally {
      setBusy(false);
    }
  };
  if (compact)
    return (
      <Tooltip title={busy ? generating : intl.formatMessage({ id: 'pdf.download', defaultMessage: 'Download PDF report' })}>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={run}
          aria-label={intl.formatMessage({ id: 'pdf.downloadOf', defaultMessage: 'Download PDF report of {title}' }, { title: ev.title })}
        />
      </Tooltip>
    );
  return (
    <Button type={type} icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid="export-pdf">
      {busy ? generating : (label ?? intl.formatMessage({ id: 'pdf.export', defaultMessage: 'Export PDF' }))}
    </Button>
  );
}
