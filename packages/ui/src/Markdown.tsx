import { Fragment, type ReactNode } from 'react';

// Tiny markdown renderer for policy documents: headings, paragraphs, lists, bold, italic, links. No HTML.

/** A link's target when it is safe to follow: http(s), mailto, or a path on this site; else null (shown as text). */
export function safeHref(raw: string): string | null {
  if (/^\/(?!\/)/.test(raw)) return raw;
  try {
    const url = new URL(raw);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function link(key: number, text: string, raw: string): ReactNode {
  const href = safeHref(raw);
  if (!href) return text;
  const external = /^https?:/.test(href);
  return (
    <a key={key} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {text}
    </a>
  );
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\[[^\]]+\]\((?:[^()\s]|\([^()\s]*\))+\)|\*\*[^*]+\*\*|__[^_]+__|\*[^*]+\*|_[^_]+_)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    // a URL may hold one level of parentheses, as in Wikipedia's addresses
    const linked = /^\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)$/.exec(tok);
    if (linked) out.push(link(i++, linked[1]!, linked[2]!));
    else if (tok.startsWith('**') || tok.startsWith('__')) out.push(<strong key={i++}>{tok.slice(2, -2)}</strong>);
    else out.push(<em key={i++}>{tok.slice(1, -1)}</em>);
    last = m.index + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Raw HTML in the stored markdown is dropped (script/style with their content, other tags alone);
 * what is left only ever becomes React text, never injected HTML.
 */
export function stripHtml(source: string): string {
  return source
    .replace(/<(script|style|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '');
}

const HEADING_SIZES = ['2em', '1.5em', '1.17em', '1em'];

/**
 * `topLevel`: the heading level a `#` becomes (default 1, the page's h1 on a policy page; 2 where the
 * document is shown under a screen's own h1, as in the admin preview). Levels stop at h6.
 */
export function Markdown({ source, topLevel = 1 }: { source: string; topLevel?: number }) {
  const blocks: ReactNode[] = [];
  const lines = stripHtml(source).replace(/\r\n/g, '\n').split('\n');
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (para.length) blocks.push(<p key={blocks.length}>{inline(para.join(' '))}</p>);
    para = [];
    if (list) {
      const items = list.items.map((t, i) => <li key={i}>{inline(t)}</li>);
      blocks.push(list.ordered ? <ol key={blocks.length}>{items}</ol> : <ul key={blocks.length}>{items}</ul>);
    }
    list = null;
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    const ul = /^\s*[-*+]\s+(.*)$/.exec(line);
    const ol = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (h) {
      flush();
      const depth = Math.min(h[1]!.length, 4);
      const Tag = `h${Math.min(depth + topLevel - 1, 6)}` as 'h1';
      // drawn at the size its `#`s give it (a browser's h1–h4), whatever its place in the outline
      blocks.push(
        <Tag key={blocks.length} style={{ fontSize: HEADING_SIZES[depth - 1] }}>
          {inline(h[2]!)}
        </Tag>,
      );
    } else if (ul || ol) {
      const ordered = !!ol;
      if (para.length || (list && list.ordered !== ordered)) flush();
      if (!list) list = { ordered, items: [] };
      list.items.push((ul ?? ol)![1]!);
    } else if (list) {
      // a wrapped line continues the list item above it (lazy continuation)
      const items = list.items;
      items[items.length - 1] = `${items[items.length - 1]} ${line.trim()}`;
    } else {
      para.push(line.trim());
    }
  }
  flush();
  return (
    <div className="cs-markdown" style={{ lineHeight: 1.7, color: '#1e293b' }}>
      {blocks.map((b, i) => (
        <Fragment key={i}>{b}</Fragment>
      ))}
    </div>
  );
}
