import { Readable } from 'node:stream';
import { csvCell, toCsv } from '@corestone/service-kit';
import type { ExportRow } from '../store/dashboard';

/** `submissions_export_{date}.csv` (spec admin §7), date the UTC day of the export. */
export const submissionsExportName = (now = new Date()) => `submissions_export_${now.toISOString().slice(0, 10)}.csv`;

/** `{type}_analytics_{date}.csv` for `GET /dashboard/analytics/export/{type}`. */
export const analyticsExportName = (type: string, now = new Date()) => `${type}_analytics_${now.toISOString().slice(0, 10)}.csv`;

const BASE_COLUMNS = [
  'id',
  'title',
  'file_name',
  'student_name',
  'student_email',
  'user_type',
  'essay_type',
  'subject_area',
  'rubric',
  'status',
  'approval_status',
  'overall_grade',
  'overall_score',
  'max_points',
  'percentage',
  'word_count',
  'submitted_at',
  'completed_at',
] as const;

/**
 * The AI feedback column: the admin's edited `ai_feedback` when there is one, else the grader's
 * commentary, then each criterion's "code (score/max): feedback".
 */
function aiFeedback(r: ExportRow): string {
  if (r.ai_feedback?.trim()) return r.ai_feedback;
  if (!r.results) return '';
  const criteria = r.results.criteria.map((c) => `${c.code} ${c.name} (${c.score}/${c.maxScore}): ${c.feedback}`);
  return [r.results.overallSummary.holisticCommentary, ...criteria].filter(Boolean).join('\n');
}

type ExportOptions = { essayContent: boolean; aiFeedback: boolean };

function headerOf(opts: ExportOptions): string[] {
  const header: string[] = [...BASE_COLUMNS];
  if (opts.aiFeedback) header.push('ai_feedback', 'admin_notes');
  if (opts.essayContent) header.push('essay_content');
  return header;
}

function cellsOf(r: ExportRow, opts: ExportOptions): unknown[] {
  const cells: unknown[] = [
    r.id,
    r.title,
    r.file_name,
    r.user_name,
    r.user_email,
    r.user_type,
    r.essay_type,
    r.subject_area,
    r.rubric_title,
    r.status,
    r.approval_status,
    r.results?.overallGrade ?? '',
    r.overall_score,
    r.results?.maxPoints ?? null,
    r.results?.percentage ?? null,
    r.word_count,
    r.created_at,
    r.completed_at,
  ];
  if (opts.aiFeedback) cells.push(aiFeedback(r), r.admin_notes ?? '');
  if (opts.essayContent) cells.push(r.essay_text ?? '');
  return cells;
}

/**
 * The submissions export (RFC 4180, the kit's cells) as a stream: the header, then each batch of
 * rows as the store reads it (DashboardStore.exportBatches), pulled only as fast as the client
 * takes it — a million rows pass in the memory of one batch.
 */
export function submissionsCsvStream(batches: AsyncIterable<ExportRow[]>, opts: ExportOptions): Readable {
  async function* lines() {
    yield toCsv(headerOf(opts), []);
    for await (const rows of batches) yield rows.map((r) => cellsOf(r, opts).map(csvCell).join(',') + '\r\n').join('');
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 16 * 1024 });
}
