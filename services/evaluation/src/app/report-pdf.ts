import PDFDocument from 'pdfkit';
import { ReviewTexts, type Criterion, type Evaluation, type Results } from '@corestone/contracts';

/**
 * The evaluation report as a PDF (GET /evaluation/{id}/download-pdf), laid out for A4:
 * header, essay facts, the overall grade with points and percentage, every criterion with
 * score, band, a score bar, feedback, strengths and improvements, the summary, next steps and
 * writing insights, the review as the student sees it, and page numbers. DejaVu Sans is embedded (subset) so titles and feedback in
 * any European script print as written.
 */

const FONT_DIR = require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
const FONTS = { regular: `${FONT_DIR}DejaVuSans.ttf`, bold: `${FONT_DIR}DejaVuSans-Bold.ttf`, italic: `${FONT_DIR}DejaVuSans-Oblique.ttf` };

const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#d9e2ec';
const ACCENT = '#243b53';
const MARGIN = 50;

const TYPE_LABEL: Record<Evaluation['essay_type'], string> = { ee: 'Extended Essay', tok: 'Theory of Knowledge essay' };

/** Report colour by percentage (spec user-app §9): ≥83 green, ≥67 blue, ≥50 yellow, else red. */
function reportColour(percent: number): string {
  if (percent >= 83) return '#2f855a';
  if (percent >= 67) return '#2b6cb0';
  if (percent >= 50) return '#b7791f';
  return '#c53030';
}

/** `<title>-report.pdf` with only safe characters (the header carries no quotes or slashes). */
export function reportFileName(title: string, id: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || `evaluation-${id}`}-report.pdf`;
}

/** A date as the report prints it: 12 November 2026 (UTC, so every server prints the same). */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const percentOf = (score: number, max: number) => (max > 0 ? Math.round((score / max) * 100) : 0);
const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function renderReport(e: Evaluation): Promise<Buffer> {
  const results = e.results as Results;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${e.title} — evaluation report`, Author: 'Corestone', Subject: TYPE_LABEL[e.essay_type] },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('italic', FONTS.italic);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  /** Starts a new page when fewer than `space` points are left. */
  const need = (space: number) => {
    if (doc.y + space > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    need(60);
    doc.moveDown(0.8).font('bold').fontSize(14).fillColor(ACCENT).text(text, MARGIN, doc.y, { width });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 6;
  };
  const paragraph = (text: string, font = 'regular', colour = INK, size = 10.5) => {
    doc.font(font).fontSize(size).fillColor(colour).text(text, MARGIN, doc.y, { width, lineGap: 2 });
  };
  const bullets = (label: string, items: string[]) => {
    const list = items.map((s) => s.trim()).filter(Boolean);
    if (list.length === 0) return;
    need(40);
    doc.moveDown(0.3).font('bold').fontSize(10).fillColor(MUTED).text(label, MARGIN, doc.y, { width });
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor(INK)
      .list(list, MARGIN + 8, doc.y, { width: width - 8, bulletRadius: 1.8, lineGap: 2 });
  };

  // --- header band ---
  doc.rect(0, 0, doc.page.width, 86).fill(ACCENT);
  doc.font('bold').fontSize(20).fillColor('#ffffff').text('Essay Evaluation Report', MARGIN, 26, { width });
  doc.font('regular').fontSize(10).fillColor('#d9e2ec').text(`Corestone · ${TYPE_LABEL[e.essay_type]}`, MARGIN, 54, { width });
  doc.y = 110;

  // --- essay facts ---
  doc.font('bold').fontSize(16).fillColor(INK).text(e.title, MARGIN, doc.y, { width });
  doc.moveDown(0.4);
  const facts: Array<[string, string]> = [
    ['Student', e.profiles.full_name || e.user_name || 'Unknown'],
    ['Essay type', TYPE_LABEL[e.essay_type]],
    ['Subject', e.subject_area || '—'],
    ['Rubric', e.rubric.title],
    ['Words', e.extractedWordCount.toLocaleString('en-US')],
    ['Submitted', formatDate(e.created_at)],
    ['Completed', e.completed_at ? formatDate(e.completed_at) : '—'],
  ];
  for (const [k, v] of facts) {
    const y = doc.y;
    doc.font('bold').fontSize(10).fillColor(MUTED).text(k, MARGIN, y, { width: 90 });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(v, MARGIN + 95, y, { width: width - 95 });
    doc.moveDown(0.15);
  }

  // --- overall result box ---
  doc.moveDown(0.8);
  const percent = Math.round(results.percentage ?? percentOf(results.totalPoints, results.maxPoints));
  const colour = reportColour(percent);
  const boxY = doc.y;
  doc.roundedRect(MARGIN, boxY, width, 92, 6).fillAndStroke('#f5f7fa', RULE);
  doc
    .font('bold')
    .fontSize(40)
    .fillColor(colour)
    .text(results.overallGrade, MARGIN + 20, boxY + 18, { width: 80, align: 'center' });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Overall grade', MARGIN + 20, boxY + 68, { width: 80, align: 'center' });
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(`${points(results.totalPoints)} / ${points(results.maxPoints)} points`, MARGIN + 130, boxY + 20, { width: width - 150 });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${percent}% · ${results.overallBand}`, MARGIN + 130, boxY + 46, { width: width - 150 });
  bar(doc, MARGIN + 130, boxY + 68, width - 150, percent, colour);
  doc.y = boxY + 108;

  // --- criteria ---
  heading('Criteria');
  for (const c of results.criteria) criterion(doc, c, width, need, bullets);

  // --- summary and next steps ---
  const summary = results.overallSummary;
  heading('Summary');
  if (summary.holisticCommentary.trim()) paragraph(summary.holisticCommentary.trim());
  bullets('Strengths', summary.strengths);
  bullets('To improve', summary.improvements);
  if (summary.nextSteps.some((s) => s.trim())) {
    heading('Next steps');
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor(INK)
      .list(summary.nextSteps.map((s) => s.trim()).filter(Boolean), MARGIN + 8, doc.y, {
        width: width - 8,
        listType: 'numbered',
        lineGap: 2,
      });
  }
  const insights = Object.entries(results.insight_feedback ?? {}).filter(([, v]) => typeof v === 'string' && v.trim());
  if (insights.length) {
    heading('Writing insights');
    for (const [k, v] of insights) {
      need(36);
      doc.font('bold').fontSize(10).fillColor(MUTED).text(insightLabel(k), MARGIN, doc.y, { width });
      paragraph(String(v).trim());
      doc.moveDown(0.3);
    }
  }
  // The review as the student sees it (never the internal admin notes: the route renders the student's view).
  const review = e.review;
  if (review && (review.decided_at || review.feedback || review.notes)) {
    heading(ReviewTexts.HEADING);
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(`${ReviewTexts.STATUS[review.status]}${review.decided_at ? ` · ${day(review.decided_at)}` : ''}`, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    const dated = (label: string) => `${label}${review.feedback_at ? ` · ${day(review.feedback_at)}` : ''}`;
    if (review.feedback) {
      need(36);
      doc.font('bold').fontSize(10).fillColor(MUTED).text(dated(ReviewTexts.FEEDBACK_LABEL), MARGIN, doc.y, { width });
      paragraph(review.feedback);
    }
    if (review.notes) {
      need(36);
      doc.font('bold').fontSize(10).fillColor(MUTED).text(dated(ReviewTexts.NOTES_LABEL), MARGIN, doc.y, { width });
      paragraph(review.notes);
    }
  }

  // --- footer on every page (drawn inside the bottom margin, so no page break is triggered) ---
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Corestone evaluation ${e.id} · graded by ${results.grader}`, MARGIN, doc.page.height - 34, {
        width: width - 60,
        lineBreak: false,
      });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width - 60, doc.page.height - 34, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = keep;
  }
  doc.end();
  return done;
}

function criterion(
  doc: PDFKit.PDFDocument,
  c: Criterion,
  width: number,
  need: (space: number) => void,
  bullets: (label: string, items: string[]) => void,
): void {
  need(90);
  const pct = percentOf(c.score, c.maxScore);
  const colour = reportColour(pct);
  const y = doc.y + 4;
  const name = c.code ? `${c.code} · ${c.name}` : c.name;
  doc
    .font('bold')
    .fontSize(11.5)
    .fillColor(INK)
    .text(name, MARGIN, y, { width: width - 130 });
  const afterName = doc.y;
  doc
    .font('bold')
    .fontSize(11.5)
    .fillColor(colour)
    .text(`${points(c.score)} / ${points(c.maxScore)}`, MARGIN + width - 120, y, { width: 120, align: 'right' });
  doc.y = Math.max(afterName, y + 16);
  doc
    .font('italic')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`Band: ${c.band || '—'}`, MARGIN, doc.y, { width });
  bar(doc, MARGIN, doc.y + 3, width, pct, colour);
  doc.y += 12;
  if (c.feedback.trim()) doc.font('regular').fontSize(10.5).fillColor(INK).text(c.feedback.trim(), MARGIN, doc.y, { width, lineGap: 2 });
  bullets('Strengths', c.strengths ?? []);
  bullets('Improvements', c.improvements ?? []);
  doc.moveDown(0.8);
}

function bar(doc: PDFKit.PDFDocument, x: number, y: number, w: number, percent: number, colour: string): void {
  doc.roundedRect(x, y, w, 6, 3).fill('#e4e7eb');
  const filled = Math.max(0, Math.min(100, percent)) / 100;
  if (filled > 0) doc.roundedRect(x, y, Math.max(6, w * filled), 6, 3).fill(colour);
}

function insightLabel(key: string): string {
  return key
    .split('_')
    .map((w) => (w === 'and' ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}
