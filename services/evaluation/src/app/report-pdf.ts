import PDFDocument from 'pdfkit';
import type { Criterion, Evaluation, Locale, Results } from '@corestone/contracts';
import { REPORT_TEXTS, formatPoints, type ReportTexts } from '../domain/report-texts';

/**
 * The evaluation report as a PDF (GET /evaluation/{id}/download-pdf), laid out for A4:
 * header, essay facts, the overall grade with points and percentage, every criterion with
 * score, band, a score bar, feedback, strengths and improvements, the summary, next steps and
 * writing insights, the review as the student sees it, and page numbers. DejaVu Sans is embedded (subset) so titles and feedback in
 * any European script print as written. In the requester's language (issue 36): headings, labels,
 * dates and numbers here; the rubric's texts (criterion names, bands, grade texts, the rubric's
 * title) come translated in `e` (app/result-language.ts, the one place results are put in a
 * reader's language); the essay's and the graders' words print as written.
 */

const FONT_DIR = require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
const FONTS = { regular: `${FONT_DIR}DejaVuSans.ttf`, bold: `${FONT_DIR}DejaVuSans-Bold.ttf`, italic: `${FONT_DIR}DejaVuSans-Oblique.ttf` };

const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#d9e2ec';
const ACCENT = '#243b53';
const MARGIN = 50;

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
const day = (t: ReportTexts, iso: string) =>
  new Date(iso).toLocaleDateString(t.intl, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const percentOf = (score: number, max: number) => (max > 0 ? Math.round((score / max) * 100) : 0);

export function renderReport(e: Evaluation, locale: Locale = 'en'): Promise<Buffer> {
  const t = REPORT_TEXTS[locale];
  const points = (n: number) => formatPoints(t, n);
  const results = e.results as Results;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: t.intl,
    info: { Title: t.docTitle(e.title), Author: 'Corestone', Subject: t.essayType[e.essay_type] },
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
  doc.font('bold').fontSize(20).fillColor('#ffffff').text(t.heading, MARGIN, 26, { width });
  doc.font('regular').fontSize(10).fillColor('#d9e2ec').text(`Corestone · ${t.essayType[e.essay_type]}`, MARGIN, 54, { width });
  doc.y = 110;

  // --- essay facts ---
  doc.font('bold').fontSize(16).fillColor(INK).text(e.title, MARGIN, doc.y, { width });
  doc.moveDown(0.4);
  const facts: Array<[string, string]> = [
    [t.facts.student, e.profiles.full_name || e.user_name || t.unknownStudent],
    [t.facts.essayType, t.essayType[e.essay_type]],
    [t.facts.subject, e.subject_area || '—'],
    [t.facts.rubric, e.rubric.title],
    [t.facts.words, new Intl.NumberFormat(locale === 'en' ? 'en-US' : t.intl).format(e.extractedWordCount)],
    [t.facts.submitted, formatDate(t, e.created_at)],
    [t.facts.completed, e.completed_at ? formatDate(t, e.completed_at) : '—'],
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
    .text(t.overallGrade, MARGIN + 20, boxY + 68, { width: 80, align: 'center' });
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(t.points(points(results.totalPoints), points(results.maxPoints)), MARGIN + 130, boxY + 20, { width: width - 150 });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text(
      `${new Intl.NumberFormat(t.intl, { style: 'percent' }).format(percent / 100)} · ${results.overallBand}`,
      MARGIN + 130,
      boxY + 46,
      {
        width: width - 150,
      },
    );
  bar(doc, MARGIN + 130, boxY + 68, width - 150, percent, colour);
  doc.y = boxY + 108;

  // --- criteria ---
  heading(t.criteria);
  for (const c of results.criteria) criterion(doc, t, c, width, need, bullets);

  // --- summary and next steps ---
  const summary = results.overallSummary;
  heading(t.summary);
  if (summary.holisticCommentary.trim()) paragraph(summary.holisticCommentary.trim());
  bullets(t.strengths, summary.strengths);
  bullets(t.toImprove, summary.improvements);
  if (summary.nextSteps.some((s) => s.trim())) {
    heading(t.nextSteps);
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
    heading(t.writingInsights);
    for (const [k, v] of insights) {
      need(36);
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(MUTED)
        .text(t.insights[k] ?? insightLabel(k), MARGIN, doc.y, { width });
      paragraph(String(v).trim());
      doc.moveDown(0.3);
    }
  }
  // The review as the student sees it (never the internal admin notes: the route renders the student's view).
  const review = e.review;
  if (review && (review.decided_at || review.feedback || review.notes)) {
    heading(t.review.heading);
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(`${t.review.status[review.status]}${review.decided_at ? ` · ${day(t, review.decided_at)}` : ''}`, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    const dated = (label: string) => `${label}${review.feedback_at ? ` · ${day(t, review.feedback_at)}` : ''}`;
    if (review.feedback) {
      need(36);
      doc.font('bold').fontSize(10).fillColor(MUTED).text(dated(t.review.feedback), MARGIN, doc.y, { width });
      paragraph(review.feedback);
    }
    if (review.notes) {
      need(36);
      doc.font('bold').fontSize(10).fillColor(MUTED).text(dated(t.review.notes), MARGIN, doc.y, { width });
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
      .text(t.footer(e.id, results.grader), MARGIN, doc.page.height - 34, {
        width: width - 60,
        lineBreak: false,
      });
    doc.text(t.page(i - range.start + 1, range.count), MARGIN + width - 80, doc.page.height - 34, {
      width: 80,
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
  t: ReportTexts,
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
    .text(`${formatPoints(t, c.score)} / ${formatPoints(t, c.maxScore)}`, MARGIN + width - 120, y, { width: 120, align: 'right' });
  doc.y = Math.max(afterName, y + 16);
  doc
    .font('italic')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(t.band(c.band || '—'), MARGIN, doc.y, { width });
  bar(doc, MARGIN, doc.y + 3, width, pct, colour);
  doc.y += 12;
  if (c.feedback.trim()) doc.font('regular').fontSize(10.5).fillColor(INK).text(c.feedback.trim(), MARGIN, doc.y, { width, lineGap: 2 });
  bullets(t.strengths, c.strengths ?? []);
  bullets(t.improvements, c.improvements ?? []);
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

function formatDate(t: ReportTexts, iso: string): string {
  return new Date(iso).toLocaleString(t.intl, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}
