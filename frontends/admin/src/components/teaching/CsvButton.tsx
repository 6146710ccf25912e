import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadedFile } from '@corestone/sdk';
import { useBusy } from '../../hooks/useBusy';
import { saveBlob } from '../../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * 'Export CSV': downloads what `load` answers under the server's file name (or `fallbackName`);
 * `small`: an icon button (named by `label`) for a table's column head.
 */
export function CsvButton({
  load,
  fallbackName,
  small,
  label,
}: {
  load: () => Promise<DownloadedFile>;
  fallbackName: string;
  small?: boolean;
  label?: string;
}) {
  const intl = useIntl();
  const { busy, run } = useBusy();
  return (
    <Button
      icon={<DownloadOutlined />}
      size={small ? 'small' : undefined}
      type={small ? 'text' : undefined}
      aria-label={label}
      title={label}
      loading={busy === 'csv'}
      onClick={() =>
        void run(
          'csv',
          async () => {
            const f = await load();
            saveBlob(f.blob, f.filename ?? fallbackName);
          },
          intl.formatMessage({ id: 'teaching.csvFailed', defaultMessage: 'The CSV could not be made' }),
        )
      }
    >
      {!small && <FormattedMessage id="teaching.exportCsv" defaultMessage="Export CSV" />}
    </Button>
  );
}
