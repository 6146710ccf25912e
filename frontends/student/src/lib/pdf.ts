import type { CorestoneClient, Evaluation } from '@corestone/sdk';

/** File name for a saved report: the server's, else the title made safe, else "evaluation". */
export function pdfFileName(serverName: string | null, title: string | undefined): string {
  if (serverName) return serverName;
  const base =
    (title ?? '')
      .replace(/[^\w\- ]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'evaluation';
  return `${base}.pdf`;
}

/** GET /evaluation/{id}/download-pdf (60 s), saved by the browser as a PDF. */
export async function saveEvaluationPdf(client: CorestoneClient, ev: Pick<Evaluation, 'id' | 'title'>): Promise<void> {
  const file = await client.evaluations.downloadPdf(ev.id);
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = pdfFileName(file.filename, ev.title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
