import type { RemoteAppProps } from '@corestone/sdk';
import { Results } from '../pages/Results';

/** Exposed as `student/ResultsPage`: results on /results/:id (inside the shell's header/footer). */
export default function ResultsPage(props: RemoteAppProps) {
  return <Results {...props} />;
}
