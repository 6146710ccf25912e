import type { Evaluation } from '@corestone/sdk';
import { typeLabel } from './evaluation';

/** The header's 'Search submissions...': every word must appear in the title, subject, type or file name. */
export function matchesSearch(ev: Pick<Evaluation, 'title' | 'subject_area' | 'essay_type' | 'fileName'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = [ev.title, ev.subject_area, typeLabel(ev.essay_type), ev.fileName].filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}
