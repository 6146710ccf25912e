/**
 * How the product counts words (admin spec §5: the text split on whitespace, empty pieces ignored),
 * shared by the server's extraction, the grader and the admin's browser-local assessment.
 */

/** True for exactly the UTF-16 code units a regular expression's `\s` matches. */
export function isSpaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The words of a text as `text.split(/\s+/)` with empty pieces ignored would count them — counted
 * as runs of non-space characters, without making a string per word.
 */
export function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpaceCode(text.charCodeAt(i));
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** A person's name as stored: trimmed, inner runs of white space made one space (sign-up, profile and admin edits alike). */
export function cleanPersonName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}
