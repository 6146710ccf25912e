/**
 * Words of an essay at the character level: whitespace and word characters, word counts, tokens
 * and their vocabulary, syllables. Written as loops over character codes (the grader's hot path);
 * each function gives exactly what the regex noted beside it gives.
 */
import { isSpaceCode } from '@corestone/contracts';

/**
 * Classes of UTF-16 code units (what charCodeAt gives), looked up rather than tested in the loops
 * over every character: WORD is `\w` without the u flag ([A-Za-z0-9_]); SPACE is `\s`, WhiteSpace
 * and LineTerminator (no such character is outside the BMP), which is also what trim() strips.
 * LETTER ([A-Za-z]) and GLUE (['’-]) make tokens (tokensOf); SPECIAL marks the only characters whose
 * lower case has an ASCII letter but is not one ('İ' → 'i̇', two characters; the Kelvin sign → 'k'):
 * without them, lower-casing a text maps each character on its own, ASCII letters to ASCII letters,
 * and keeps ['’-] and every offset.
 */
const WORD = 1;
const SPACE = 2;
const LETTER = 4;
const GLUE = 8;
const SPECIAL = 16;
const CLASSES = new Uint8Array(0x10000);
for (let c = 0; c < 0x10000; c++) {
  const word = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
  const space = isSpaceCode(c);
  const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  const glue = c === 39 || c === 0x2019 || c === 45;
  const special = c === 0x130 || c === 0x212a;
  CLASSES[c] = (word ? WORD : 0) | (space ? SPACE : 0) | (letter ? LETTER : 0) | (glue ? GLUE : 0) | (special ? SPECIAL : 0);
}
/** Whether the code unit is a word character (`\w` without the u flag). */
export const isWordChar = (c: number): boolean => (CLASSES[c] & WORD) !== 0;
/** Whether the code unit is whitespace (`\s`). */
export const isSpace = (c: number): boolean => (CLASSES[c] & SPACE) !== 0;

/** wordsOf(text.slice(start, end)).length without building the words; stops counting at `atMost`. */
export function countWords(text: string, start = 0, end = text.length, atMost = Infinity): number {
  let n = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord && ++n >= atMost) return n;
    inWord = !space;
  }
  return n;
}

export const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/**
 * Where a text's words start (runs of non-space, as `/\S+/g` finds them), where its whitespace is
 * more than one plain space, its runs of word characters (`/\w+/g`) and its tokens (tokensOf): one
 * pass over the text that lines, sentences, wordStart, the phrase scan, the mechanics and the
 * vocabulary share.
 */
export interface WordIndex {
  /** offsets where a word starts, ascending */
  starts: Int32Array;
  /** offsets of whitespace other than a space after a non-space: where `s.replace(/\s+/g, ' ')` changes s */
  irregular: number[];
  /** runs of word characters: [runStarts[k], runEnds[k]) */
  runStarts: Int32Array;
  runEnds: Int32Array;
  /** tokensOf(text)[k] is text.slice(tokenStarts[k], tokenEnds[k]).toLowerCase(); null when the text has a SPECIAL character */
  tokens: { starts: Int32Array; ends: Int32Array } | null;
}

let scratch = new Int32Array(0);

export function wordIndexOf(text: string): WordIndex {
  const room = (text.length >> 1) + 2; // a word, run or token and the character after it: at most one per two characters
  if (scratch.length < 5 * room) scratch = new Int32Array(5 * room);
  const irregular: number[] = [];
  const end = scanText(text, scratch, room, irregular);
  return {
    starts: scratch.slice(0, end.words),
    irregular,
    runStarts: scratch.slice(room, end.runs),
    runEnds: scratch.slice(2 * room, end.runEnds),
    tokens: end.seen & SPECIAL ? null : { starts: scratch.slice(3 * room, end.tokens), ends: scratch.slice(4 * room, end.tokenEnds) },
  };
}

/** wordIndexOf's pass: the offsets go to five areas of `buffer`, `room` apart; returns where each ends. */
function scanText(text: string, buffer: Int32Array, room: number, irregular: number[]) {
  const n = text.length;
  // Each offset is stored whether or not it starts (ends) something, and counted only if it does:
  // no branch that a word boundary decides, which the processor would mispredict at every word.
  let words = 0;
  let runs = room;
  let runEnds = 2 * room;
  let tokens = 3 * room;
  let tokenEnds = 4 * room;
  let before = SPACE; // the class of the character before (the text starts as after a space)
  let inToken = 0;
  let afterLetter = 0; // after the last letter seen
  let seen = 0; // every class seen
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32; // and a space after the text: it ends the last run and token
    const k = CLASSES[c];
    seen |= k;
    buffer[words] = i;
    words += (before & ~k & SPACE) >> 1;
    buffer[runs] = i;
    runs += k & ~before & WORD;
    buffer[runEnds] = i;
    runEnds += before & ~k & WORD;
    if ((k & SPACE) !== 0 && ((before & SPACE) !== 0 || c !== 32) && i < n) irregular.push(i);
    before = k;
    // A token starts at a letter outside one, goes on over letters and glue, ends after its last letter.
    const letter = (k & LETTER) >> 2;
    const glue = (k & GLUE) >> 3;
    buffer[tokens] = i;
    tokens += letter & (inToken ^ 1);
    buffer[tokenEnds] = afterLetter;
    tokenEnds += inToken & ((letter | glue) ^ 1);
    afterLetter += (i + 1 - afterLetter) * letter;
    inToken = letter | (glue & inToken);
  }
  return { words, runs, runEnds, tokens, tokenEnds, seen };
}

// An essay's first pass is long enough for V8 to optimise scanText in the middle of its loop, before
// the code after the loop has ever run: with no type feedback there, the optimised code gave up at
// that point at every call (up to 251 times in one intake benchmark), and was never replaced. A few
// short texts first run all of it, with the kinds of character that an essay has.
for (let i = 0; i < 3; i++) wordIndexOf('Warm-up: a b’c 1_2\n  x.');

/** How many of the ascending offsets are below `at`. */
export function countBelow(offsets: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** countWords(text, a, b) for a span that starts with a non-space character, from the index. */
export function wordsIn(index: WordIndex, text: string, a: number, b: number): number {
  if (a >= b) return 0;
  const within = countBelow(index.starts, b) - countBelow(index.starts, a);
  return a > 0 && !isSpace(text.charCodeAt(a - 1)) ? within + 1 : within; // a word cut at a counts from a
}

/** Whether text.slice(a, b) (trimmed: no whitespace at either end) has whitespace other than single spaces. */
export function hasIrregularSpace(index: WordIndex, a: number, b: number): boolean {
  const k = countBelow(index.irregular, a + 1);
  return k < index.irregular.length && index.irregular[k] < b;
}

/**
 * Lower-case words: runs of [a-z'’-] starting with a letter in the lower-cased text, without their
 * trailing apostrophes and hyphens (as matching the regex [a-z][a-z'’-]* and stripping ['’-]+$ gives).
 */
export function tokensOf(text: string): string[] {
  const s = text.toLowerCase();
  const out: string[] = [];
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c < 97 || c > 122) {
      i++;
      continue;
    }
    const end = tokenEnd(s, i);
    out.push(s.slice(i, end));
    i = end; // glue after the last letter is skipped as any non-letter is
  }
  return out;
}

/** Where the token starting at `start` (a lower-case letter) ends: after its last letter, glue between letters included. */
function tokenEnd(s: string, start: number): number {
  const n = s.length;
  let end = start + 1;
  for (let i = end; i < n;) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) end = ++i;
    else if (c === 39 || c === 0x2019 || c === 45) i++;
    else break;
  }
  return end;
}

/** A crude stem: enough to match 'methodology' with 'method', 'justified' with 'justify'. */
export const stem = (word: string): string => word.toLowerCase().slice(0, 6);

/** The distinct tokens (in order of first use) and, for each token, its index among them. */
export interface Vocabulary {
  distinct: string[];
  ids: Int32Array;
}

export function buildVocabulary(tokens: readonly string[]): Vocabulary {
  const index = new Map<string, number>();
  const distinct: string[] = [];
  const ids = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    let id = index.get(tokens[i]);
    if (id === undefined) index.set(tokens[i], (id = distinct.push(tokens[i]) - 1));
    ids[i] = id;
  }
  return { distinct, ids };
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * The distinct tokens met so far, looked up by their characters in the text they were found in
 * (hashed as they are read), so that only a token's first occurrence makes a string.
 */
class TokenTable {
  readonly distinct: string[] = [];
  private hashes = new Int32Array(256); // by id
  private bits = 10;
  private slots = new Int32Array(1 << this.bits); // id + 1 by hash; 0: free. At most half full.

  /** The id of source.slice(start, end).toLowerCase(), a token: ASCII letters (either case) and ['’-]. */
  id(source: string, start: number, end: number): number {
    let hash = FNV_OFFSET;
    for (let i = start; i < end; i++) {
      const c = source.charCodeAt(i);
      hash = Math.imul(hash ^ (c < 128 ? c | 32 : c), FNV_PRIME); // lower case ('|32' keeps ' and -)
    }
    const length = end - start;
    const mask = (1 << this.bits) - 1;
    let slot = Math.imul(hash, 0x9e3779b1) >>> (32 - this.bits);
    for (let entry = this.slots[slot]; entry !== 0; entry = this.slots[slot]) {
      const known = this.distinct[entry - 1];
      if (this.hashes[entry - 1] === hash && known.length === length) {
        let k = 0;
        for (; k < length; k++) {
          const c = source.charCodeAt(start + k);
          if (known.charCodeAt(k) !== (c < 128 ? c | 32 : c)) break;
        }
        if (k === length) return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
    const id = this.distinct.push(source.slice(start, end).toLowerCase()) - 1;
    if (id === this.hashes.length) {
      const more = new Int32Array(this.hashes.length * 2);
      more.set(this.hashes);
      this.hashes = more;
    }
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (this.distinct.length * 2 > mask + 1) this.grow();
    return id;
  }

  private grow(): void {
    this.bits++;
    this.slots = new Int32Array(1 << this.bits);
    const mask = (1 << this.bits) - 1;
    for (let id = 0; id < this.distinct.length; id++) {
      let slot = Math.imul(this.hashes[id], 0x9e3779b1) >>> (32 - this.bits);
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = id + 1;
    }
  }
}

/**
 * buildVocabulary of the texts' tokens (tokensOf of each text, one after another) without making a
 * string per token. `counts[i]`: tokens of texts[0..i].
 */
export function vocabularyOfTexts(texts: readonly string[]): Vocabulary & { counts: number[] } {
  const lower = texts.map((t) => t.toLowerCase());
  let bound = 0; // a token and the character after it: at most one token per two characters
  for (const s of lower) bound += (s.length + 1) >> 1;
  const ids = new Int32Array(bound);
  const table = new TokenTable();
  const counts: number[] = [];
  let count = 0;
  for (const s of lower) {
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c < 97 || c > 122) {
        i++;
        continue;
      }
      const end = tokenEnd(s, i);
      ids[count++] = table.id(s, i, end);
      i = end;
    }
    counts.push(count);
  }
  return { distinct: table.distinct, ids: ids.subarray(0, count), counts };
}

/**
 * vocabularyOfTexts([text.slice(0, cut), text.slice(cut)]) from the text's index: its tokens as found
 * in the index pass (or, for a text with a SPECIAL character or a token across the cut, as that does;
 * then without `tokens`).
 */
export function vocabularyOfIndex(
  text: string,
  index: WordIndex,
  cut: number,
): Vocabulary & { counts: number[]; /** where ids[k]'s token is, when taken from the index */ tokens?: WordIndex['tokens'] } {
  const tokens = index.tokens;
  const before = tokens ? countBelow(tokens.starts, cut) : 0;
  if (!tokens || (before > 0 && tokens.ends[before - 1] > cut)) return vocabularyOfTexts([text.slice(0, cut), text.slice(cut)]);
  const table = new TokenTable();
  const ids = new Int32Array(tokens.starts.length);
  for (let k = 0; k < ids.length; k++) ids[k] = table.id(text, tokens.starts[k], tokens.ends[k]);
  return { distinct: table.distinct, ids, counts: [before, ids.length], tokens };
}

/** Moving-average type-token ratio (window 50): lexical diversity that does not fall with length. */
export function mattr(tokens: string[], window = 50): number {
  return mattrOf(buildVocabulary(tokens), window);
}

export function mattrOf({ distinct, ids }: Vocabulary, window = 50): number {
  if (ids.length === 0) return 0;
  if (ids.length <= window) return distinct.length / ids.length;
  const counts = new Int32Array(distinct.length);
  let distinctInWindow = 0;
  for (let i = 0; i < window; i++) if (++counts[ids[i]] === 1) distinctInWindow++;
  let sum = distinctInWindow;
  for (let i = window; i < ids.length; i++) {
    if (--counts[ids[i - window]] === 0) distinctInWindow--;
    if (++counts[ids[i]] === 1) distinctInWindow++;
    sum += distinctInWindow;
  }
  return sum / (ids.length - window + 1) / window;
}

/** Syllables of an English word, by vowel groups (the usual readability heuristic). */
export function syllables(word: string): number {
  let w = word.toLowerCase();
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 97 || c > 122) {
      w = w.replace(/[^a-z]/g, '');
      break;
    }
  }
  const n = w.length;
  if (n === 0) return 0;
  if (n <= 3) return 1;
  // Without a final -es, -ed or -e after a consonant other than l (/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/),
  // and a leading y; then vowel groups, two vowels at most each (/[aeiouy]{1,2}/g).
  const last = w[n - 1];
  let end = n;
  if ((last === 's' || last === 'd') && w[n - 2] === 'e' && !'laeiouy'.includes(w[n - 3])) end = n - 3;
  else if (last === 'e' && !'laeiouy'.includes(w[n - 2])) end = n - 2;
  let i = w[0] === 'y' ? 1 : 0;
  let groups = 0;
  while (i < end) {
    if (!'aeiouy'.includes(w[i])) i++;
    else {
      groups++;
      i += i + 1 < end && 'aeiouy'.includes(w[i + 1]) ? 2 : 1;
    }
  }
  return Math.max(1, groups);
}
