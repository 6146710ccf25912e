'use strict';
/**
 * The extraction pool's worker (piscina; src/pool.ts): long-lived, one task at a time, heap-capped
 * by the pool. Plain CommonJS so that Node loads it as is, from src/ under jest and from dist/.
 *
 * .docx: the zip's central directory is read first (a zip bomb is refused before anything is
 * inflated), then only the main document part (word/document.xml, or where _rels/.rels points)
 * is inflated — by zlib, its output capped — and read by htmlparser2's streaming XML tokenizer: no
 * document model, no styles, numbering, images or HTML. .doc: word-extractor. .pdf: Poppler's
 * pdftotext as a sandboxed subprocess (see pdfText; docs/decisions.md says why not pdf.js).
 *
 * A task answers { ok: true, text } or { ok: false, reason, message }; it never throws on a bad
 * document (the error would cross the thread without its name).
 */
const { spawnSync } = require('node:child_process');
const zlib = require('node:zlib');

/** Most a .docx may expand to, and most parts it may hold (a real essay is far below both). */
const MAX_DOCX_EXPANDED_BYTES = 200 * 1024 * 1024;
const MAX_DOCX_ENTRIES = 5000;
/** Most text a document may hold: far above any essay (evaluation takes ~900 KB) or rubric; reading stops there. */
const MAX_TEXT_BYTES = 16 * 1024 * 1024;
const tooMuchText = (label) =>
  new Refusal(
    'refused',
    `The ${label} holds far more text than an essay or a rubric (over ${MAX_TEXT_BYTES / 1024 / 1024} MB) and is not accepted`,
  );

const W_NAMESPACES = ['http://schemas.openxmlformats.org/wordprocessingml/2006/main', 'http://purl.oclc.org/ooxml/wordprocessingml/main'];
const MC_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

class Refusal extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}
const broken = (why) => new Refusal('unreadable', why);
/** The machine, not the file: a missing reader. Answered as a server error, never as the student's fault. */
class Fault extends Error {}

/**
 * The zip's entries from its central directory: name → where its data is and what it declares.
 * Refuses a zip that declares too many entries or too many bytes (nothing inflated yet).
 */
function centralDirectory(data) {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken('no zip central directory');
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const refused = new Refusal(
    'refused',
    `The .docx file expands to more than ${MAX_DOCX_EXPANDED_BYTES / 1024 / 1024} MB or ${MAX_DOCX_ENTRIES} parts and is not accepted`,
  );
  // ZIP64 markers: sizes beyond 4 GB are never a student's essay.
  if (count === 0xffff || at === 0xffffffff || count > MAX_DOCX_ENTRIES) throw refused;
  const entries = new Map();
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw broken('bad central directory');
    const nameLength = data.readUInt16LE(at + 28);
    const entry = {
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      compressed: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      local: data.readUInt32LE(at + 42),
    };
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) throw refused;
    total += entry.size;
    if (total > MAX_DOCX_EXPANDED_BYTES) throw refused;
    entries.set(data.toString('utf8', at + 46, at + 46 + nameLength), entry);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** One entry's bytes, inflated with its output capped at what it declared (a lying size is refused, not followed). */
function readEntry(data, entry) {
  if (entry.flags & 1) throw new Refusal('refused', 'The .docx file is encrypted; please upload a copy without a password');
  const at = entry.local;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw broken('bad local header');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressed);
  if (raw.length !== entry.compressed) throw broken('truncated entry');
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw broken(`compression method ${entry.method}`);
  try {
    return zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
  } catch (err) {
    if (err && err.code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Refusal('refused', 'The .docx file expands further than it declares and is not accepted');
    }
    throw broken('bad deflate data');
  }
}

/** The main document part's name: the officeDocument relationship of _rels/.rels, else Word's default. */
function mainPartName(data, entries) {
  const rels = entries.get('_rels/.rels');
  if (rels) {
    const xml = readEntry(data, rels).toString('utf8');
    for (const tag of xml.match(/<Relationship\b[^>]*>/g) ?? []) {
      if (/\bType="[^"]*\/officeDocument"/.test(tag)) {
        const target = /\bTarget="([^"]+)"/.exec(tag)?.[1];
        if (target) return target.replace(/^\//, '');
      }
    }
  }
  return 'word/document.xml';
}

let htmlparser2;

/**
 * The text of WordprocessingML as mammoth's raw text reads it — w:t runs, tabs, a blank line after
 * each paragraph (table cells and text boxes included), deleted and moved-from text, field codes
 * and the Choice branch of mc:AlternateContent (its Fallback holds the same text) left out — and
 * line breaks as line breaks (mammoth drops them, gluing the words either side together).
 */
function wordText(xml, Parser) {
  let w = 'w';
  let mc = 'mc';
  let skipNames = null;
  let skip = 0; // depth inside an element whose content is not text
  let inText = false;
  let length = 0;
  const out = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skipNames === null) {
          // The root: which prefixes the document gives the WordprocessingML and markup-compatibility namespaces.
          for (const [attr, value] of Object.entries(attributes)) {
            if (!attr.startsWith('xmlns:')) continue;
            if (W_NAMESPACES.includes(value)) w = attr.slice(6);
            else if (value === MC_NAMESPACE) mc = attr.slice(6);
          }
          skipNames = new Set(
            ['del', 'moveFrom', 'instrText', 'delText', 'delInstrText', 'pPr', 'rPr', 'sectPr', 'tblPr', 'trPr', 'tcPr', 'fldData']
              .map((n) => `${w}:${n}`)
              .concat([`${mc}:Choice`]),
          );
        }
        if (skip > 0 || skipNames.has(name)) {
          skip++;
          return;
        }
        if (name.startsWith(w) && name.charCodeAt(w.length) === 58 /* : */) {
          const local = name.slice(w.length + 1);
          if (local === 't') inText = true;
          else if (local === 'tab' || local === 'ptab') out.push('\t');
          else if (local === 'br' || local === 'cr') out.push('\n');
          else if (local === 'noBreakHyphen') out.push('\u2011');
        }
      },
      onclosetag(name) {
        if (skip > 0) {
          skip--;
          return;
        }
        if (name === `${w}:t`) inText = false;
        else if (name === `${w}:p`) out.push('\n\n');
      },
      ontext(text) {
        if (!inText || skip > 0) return;
        length += text.length;
        if (length > MAX_TEXT_BYTES) throw tooMuchText('.docx file');
        out.push(text);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return out.join('');
}

async function docxText(data) {
  const entries = centralDirectory(data);
  const main = entries.get(mainPartName(data, entries));
  if (!main) throw broken('no main document part');
  htmlparser2 ??= await import('htmlparser2');
  return wordText(readEntry(data, main).toString('utf8'), htmlparser2.Parser);
}

/**
 * Poppler's pdftotext in a subprocess under rlimits: address space (the pool's heap cap), CPU
 * seconds, no files written (output and input are pipes), few descriptors, no core dump; an empty
 * environment; killed at the deadline. It reads at most one page past the limit, so a page bomb
 * costs that many pages; only then does pdfinfo tell the real count for the message.
 */
const PDF_MEMORY_BYTES = 512 * 1024 * 1024;

function sandboxed(command, args, data, deadline) {
  const ms = Math.max(1, deadline - Date.now());
  const limits = [`--as=${PDF_MEMORY_BYTES}`, `--cpu=${Math.ceil(ms / 1000) + 1}`, '--fsize=0', '--nofile=32', '--core=0'];
  const run = spawnSync('prlimit', [...limits, '--', command, ...args], {
    input: data,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' },
    cwd: '/',
    timeout: ms,
    killSignal: 'SIGKILL',
    maxBuffer: MAX_TEXT_BYTES,
    windowsHide: true,
  });
  const code = run.error && run.error.code;
  if (code === 'ENOENT') throw new Fault('prlimit (util-linux) is not installed: the PDF reader cannot run');
  if (code === 'ENOBUFS') throw tooMuchText('PDF');
  // killed at the deadline (SIGKILL) or at the CPU limit (SIGXCPU); any other signal is a crash on this file
  if (code === 'ETIMEDOUT' || run.signal === 'SIGKILL' || run.signal === 'SIGXCPU') throw new Refusal('timeout', `${command} ran too long`);
  if (run.signal || code) throw broken(`${command}: ${run.signal || code}`);
  const stderr = run.stderr.toString('utf8', 0, Math.min(run.stderr.length, 4096));
  // prlimit exits 127 (or 126) when it cannot run the command: a deployment fault, not a bad file.
  if (run.status === 127 || run.status === 126) {
    throw new Fault(`${command} (Debian/Ubuntu package poppler-utils) is not installed: ${stderr.trim()}`);
  }
  return { status: run.status, stdout: run.stdout, stderr };
}

async function pdfText(data, { maxPages, deadline }) {
  const text = sandboxed('pdftotext', ['-l', String(maxPages + 1), '-enc', 'UTF-8', '-eol', 'unix', '-', '-'], data, deadline);
  if (text.status !== 0) {
    if (/password/i.test(text.stderr)) return { ok: false, reason: 'password', message: 'password' };
    throw broken(`pdftotext exit ${text.status}: ${text.stderr.slice(0, 200)}`);
  }
  const out = text.stdout.toString('utf8');
  let pages = 0;
  for (let i = out.indexOf('\f'); i >= 0; i = out.indexOf('\f', i + 1)) pages++;
  if (pages > maxPages) {
    const info = sandboxed('pdfinfo', ['-'], data, deadline);
    const total = /^Pages:\s+(\d+)/m.exec(info.stdout.toString('utf8'))?.[1];
    return { ok: false, reason: 'pages', message: total ?? `more than ${maxPages}` };
  }
  // A document Poppler had to complain about and found no text in is broken, not a scan.
  if (!/\S/.test(out) && /error/i.test(text.stderr)) throw broken(`no text: ${text.stderr.slice(0, 200)}`);
  // pdftotext ends each page with a form feed: pages are joined by a line break.
  return { ok: true, text: out.replace(/\f/g, '\n') };
}

let WordExtractor;

async function docText(data) {
  WordExtractor ??= require('word-extractor');
  const document = await new WordExtractor().extract(data);
  return document.getBody();
}

/** A piscina task: { kind: 'docx' | 'doc' | 'pdf', data: Uint8Array, maxPdfPages, deadline (epoch ms) }. */
module.exports = async function extract({ kind, data, maxPdfPages, deadline }) {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    if (kind === 'pdf') return await pdfText(bytes, { maxPages: maxPdfPages, deadline });
    return { ok: true, text: kind === 'docx' ? await docxText(bytes) : await docText(bytes) };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, reason: err.reason, message: err.message };
    if (err instanceof Fault) return { ok: false, reason: 'fault', message: err.message };
    return { ok: false, reason: 'unreadable', message: String((err && err.message) || err) };
  }
};
