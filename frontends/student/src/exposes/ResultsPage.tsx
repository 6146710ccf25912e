import type { RemoteAppProps } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { loadCatalog } from '../i18n/catalog';
import { Results } from '../pages/Results';

/** Exposed as `student/ResultsPage`: results on /results/:id (inside the shell's header/footer). */
export default function ResultsPage(props: RemoteAppProps) {
  return (
    <AntdRoot frame={false} catalog={loadCatalog}>
      <Results {...props} />
    </AntdRoot>
  );
}
