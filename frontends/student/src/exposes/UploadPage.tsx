import type { RemoteAppProps } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { loadCatalog } from '../i18n/catalog';
import { UploadWizard } from '../pages/UploadWizard';

/** Exposed as `student/UploadPage`: the wizard on /upload/:type (inside the shell's header/footer). */
export default function UploadPage(props: RemoteAppProps) {
  return (
    <AntdRoot frame={false} catalog={loadCatalog}>
      <UploadWizard {...props} />
    </AntdRoot>
  );
}
