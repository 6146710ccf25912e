/**
 * Regex scans that try the pattern only where a match can start. A global regex tries every offset
 * of the text; when every match starts with one of a few characters, finding those with indexOf
 * (a memchr) and trying the pattern there alone (sticky) gives the same matches, in the same order,
 * in a fraction of the time.
 */

const stickies = new WeakMap<RegExp, RegExp>();

/** The regex, matching only at its lastIndex (sticky) and not global. */
export function stickyOf(re: RegExp): RegExp {
  let sticky = stickies.get(re);
  if (!sticky) stickies.set(re, (sticky = new RegExp(re.source, `${re.flags.replace(/[gy]/g, '')}y`)));
  return sticky;
}

/**
 * [...text.matchAll(re)] for a regex each of whose matches starts with one of the characters of
 * `leads`: tried at those characters only, in text order, going on after each match as matchAll does.
 */
export function matchesAt(re: RegExp, text: string, leads: string): RegExpExecArray[] {
  const sticky = stickyOf(re);
  const out: RegExpExecArray[] = [];
  const next = Array.from(leads, (c) => text.indexOf(c));
  let from = 0;
  for (;;) {
    let at = -1;
    for (let k = 0; k < next.length; k++) {
      if (next[k] >= 0 && next[k] < from) next[k] = text.indexOf(leads[k], from);
      if (next[k] >= 0 && (at < 0 || next[k] < at)) at = next[k];
    }
    if (at < 0) return out;
    sticky.lastIndex = at;
    const m = sticky.exec(text);
    if (m) out.push(m);
    from = m ? at + m[0].length : at + 1; // a match holds its lead character: never empty
  }
}

/** text.replace(re, (m) => ' '.repeat(m.length)), with `re` and `leads` as matchesAt takes them. */
export function blankOut(text: string, re: RegExp, leads: string): string {
  const found = matchesAt(re, text, leads);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const m of found) {
    out += text.slice(at, m.index) + ' '.repeat(m[0].length);
    at = m.index + m[0].length;
  }
  return out + text.slice(at);
}
