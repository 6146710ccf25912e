import type { RemoteAppProps } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { loadCatalog } from '../i18n/catalog';
import { Report } from '../pages/Report';

/** Exposed as `student/ReportPage`: the Deep Analysis Report on /report/:id (inside the shell's header/footer). */
export default function ReportPage(props: RemoteAppProps) {
  return (
    <AntdRoot frame={false} catalog={loadCatalog}>
      <Report {...props} />
    </AntdRoot>
  );
}
