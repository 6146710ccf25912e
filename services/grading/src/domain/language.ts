import { franc } from 'franc-min';
import type { EssayLanguage } from '@corestone/contracts';

/**
 * The language an essay is written in (issue 36), by `franc-min` (trigram profiles of the 82 most
 * spoken languages, Cavnar & Trenkle's method): English, French or Spanish, the IB's three working
 * languages, or `other`. franc reads at most 2,048 characters, and an essay's opening is often its
 * title page, headings and a quoted research question, so three samples of the body vote (the
 * first 15 %, the middle, the last third before the bibliography at most); ties go to the earliest.
 * Deterministic and fast (~1 ms for an EE).
 */

const ISO_639_3: Record<string, EssayLanguage> = { eng: 'en', fra: 'fr', spa: 'es' };

/** Characters one sample holds (franc's own maximum). */
const SAMPLE = 2048;
/** Below this many letters the text is too short to tell: it is taken as English, as before issue 36. */
const MIN_LETTERS = 40;

function languageOfSample(sample: string): EssayLanguage | null {
  const code = franc(sample, { minLength: MIN_LETTERS });
  return code === 'und' ? null : (ISO_639_3[code] ?? 'other');
}

/** The essay's language: `en`, `fr`, `es`, or `other`; a text too short to tell is `en`. */
export function detectLanguage(text: string): EssayLanguage {
  const n = text.length;
  const starts =
    n <= SAMPLE * 3 ? [0, SAMPLE, SAMPLE * 2].filter((s) => s < n) : [Math.floor(n * 0.15), Math.floor(n * 0.45), Math.floor(n * 0.65)];
  const votes = new Map<EssayLanguage, number>();
  let first: EssayLanguage | null = null;
  for (const start of starts) {
    const lang = languageOfSample(text.slice(start, start + SAMPLE));
    if (!lang) continue;
    first ??= lang;
    votes.set(lang, (votes.get(lang) ?? 0) + 1);
  }
  if (!first) return 'en';
  let best = first;
  for (const [lang, count] of votes) if (count > votes.get(best)!) best = lang;
  return best;
}

const NAMES: Record<EssayLanguage, string> = { en: 'English', fr: 'French', es: 'Spanish', other: 'another language' };

/** The language's English name, as the model prompt and the logs name it. */
export const languageName = (lang: EssayLanguage): string => NAMES[lang];
