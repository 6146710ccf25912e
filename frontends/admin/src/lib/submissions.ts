import { saveBlob } from './text';
import type { CorestoneClient, EvaluationListItem } from '@corestone/sdk';
import { defineMessage } from 'react-intl';

export const DELETE_CONFIRMATION = defineMessage({
  id: 'submissions.deleteConfirmation',
  defaultMessage: 'This cannot be undone. The essay, its results and feedback will be removed.',
});

/** GET /evaluation/{id}/download-pdf, saved under the server's file name. */
export async function downloadReport(client: CorestoneClient, ev: Pick<EvaluationListItem, 'id' | 'title'>) {
  const file = await client.evaluations.downloadPdf(ev.id);
  saveBlob(file.blob, file.filename ?? `${ev.title || 'report'}-report.pdf`);
}
