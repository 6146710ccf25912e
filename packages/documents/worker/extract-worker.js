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
const { spawn } = require('node:child_process');
const { Refusal, broken, centralDirectory, readEntry } = require('./zip.js');

/** Most text a document may hold: far above any essay (evaluation takes ~900 KB) or rubric; reading stops there. */
const MAX_TEXT_BYTES = 16 * 1024 * 1024;
const tooMuchText = (label) =>
  new Refusal(
    'refused',
    `The ${label} holds far more text than an essay or a rubric (over ${MAX_TEXT_BYTES / 1024 / 1024} MB) and is not accepted`,
  );

const W_NAMESPACES = ['http://schemas.openxmlformats.org/wordprocessingml/2006/main', 'http://purl.oclc.org/ooxml/wordprocessingml/main'];
const MC_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

/** The machine, not the file: a missing reader. Answered as a server error, never as the student's fault. */
class Fault extends Error {}

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

/** Poppler's complaints before any text: past this much, the file is broken past reading (an object nested 100,000 deep writes 6 MB of them). */
const MAX_ERRORS_BEFORE_TEXT_BYTES = 256 * 1024;

function sandboxed(command, args, data, deadline) {
  const ms = Math.max(1, deadline - Date.now());
  const limits = [`--as=${PDF_MEMORY_BYTES}`, `--cpu=${Math.ceil(ms / 1000) + 1}`, '--fsize=0', '--nofile=32', '--core=0'];
  return new Promise((resolve, reject) => {
    const child = spawn('prlimit', [...limits, '--', command, ...args], {
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' },
      cwd: '/',
      timeout: ms,
      killSignal: 'SIGKILL',
      windowsHide: true,
    });
    const out = [];
    let outBytes = 0;
    let errBytes = 0;
    let stderr = '';
    let stopped = null; // why we killed it
    const stop = (why) => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (chunk) => {
      outBytes += chunk.length;
      if (outBytes > MAX_TEXT_BYTES) stop(tooMuchText('PDF'));
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      errBytes += chunk.length;
      if (stderr.length < 4096) stderr += chunk.toString('utf8', 0, Math.min(chunk.length, 4096));
      if (errBytes > MAX_ERRORS_BEFORE_TEXT_BYTES && outBytes === 0) stop(broken(`${command}: errors and no text`));
    });
    child.stdin.on('error', () => undefined); // it may stop reading early (killed, or a broken header)
    child.stdin.end(data);
    child.on('error', (err) => {
      if (err.code === 'ENOENT') reject(new Fault('prlimit (util-linux) is not installed: the PDF reader cannot run'));
      else reject(broken(`${command}: ${err.code || err.message}`));
    });
    child.on('close', (status, signal) => {
      if (stopped) return reject(stopped);
      // killed at the deadline (SIGKILL) or at the CPU limit (SIGXCPU); any other signal is a crash on this file
      if (signal === 'SIGKILL' || signal === 'SIGXCPU') return reject(new Refusal('timeout', `${command} ran too long`));
      if (signal) return reject(broken(`${command}: ${signal}`));
      // prlimit exits 127 (or 126) when it cannot run the command: a deployment fault, not a bad file.
      if (status === 127 || status === 126) {
        return reject(new Fault(`${command} (Debian/Ubuntu package poppler-utils) is not installed: ${stderr.trim()}`));
      }
      resolve({ status, stdout: Buffer.concat(out), stderr });
    });
  });
}

async function pdfText(data, { maxPages, deadline }) {
  const text = await sandboxed('pdftotext', ['-l', String(maxPages + 1), '-enc', 'UTF-8', '-eol', 'unix', '-', '-'], data, deadline);
  if (text.status !== 0) {
    if (/password/i.test(text.stderr)) return { ok: false, reason: 'password', message: 'password' };
    throw broken(`pdftotext exit ${text.status}: ${text.stderr.slice(0, 200)}`);
  }
  const out = text.stdout.toString('utf8');
  let pages = 0;
  for (let i = out.indexOf('\f'); i >= 0; i = out.indexOf('\f', i + 1)) pages++;
  if (pages > maxPages) {
    const info = await sandboxed('pdfinfo', ['-'], data, deadline);
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
