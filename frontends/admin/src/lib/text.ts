/** Text helpers of the admin screens (spec admin §2, §5, §9). */
import { currentLocale } from '@corestone/sdk';

/** Submission names are cut at 40 characters with an ellipsis. */
export function truncate(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Words: split on whitespace, empty pieces ignored (spec §5). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Paragraphs: blocks separated by blank lines. */
export function paragraphCount(text: string): number {
  return text.split(/\n\s*\n/).filter((p) => p.trim()).length;
}

/** Estimated reading time in minutes: words / 200, rounded up (spec §2, §9). */
export function readingTimeMinutes(words: number): number {
  return Math.ceil(words / 200);
}

export function textStats(text: string) {
  const words = wordCount(text);
  return { words, paragraphs: paragraphCount(text), characters: text.length, readingMinutes: readingTimeMinutes(words) };
}

/** A .txt file name from a title ('My Essay: Part 1' → 'My_Essay_Part_1.txt'). */
export function txtFileName(title: string): string {
  const base = title.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '') || 'essay';
  return `${base}.txt`;
}

/** The locale dates are written in: the browser's for English (as before issue 36), else the page's language. */
export function dateLocale(): string | undefined {
  const locale = currentLocale();
  return locale === 'en' ? undefined : locale;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(dateLocale(), { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? '—'
    : d.toLocaleString(dateLocale(), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Saves a blob under a file name (the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
