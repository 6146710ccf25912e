import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadedFile } from '@corestone/sdk';
import { useBusy } from '../../hooks/useBusy';
import { saveBlob } from '../../lib/text';

/** 'Export CSV': downloads what `load` answers under the server's file name (or `fallbackName`). */
export function CsvButton({ load, fallbackName }: { load: () => Promise<DownloadedFile>; fallbackName: string }) {
  const { busy, run } = useBusy();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy === 'csv'}
      onClick={() =>
        void run(
          'csv',
          async () => {
            const f = await load();
            saveBlob(f.blob, f.filename ?? fallbackName);
          },
          'The CSV could not be made',
        )
      }
    >
      Export CSV
    </Button>
  );
}
