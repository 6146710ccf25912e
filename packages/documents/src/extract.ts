import { Worker } from 'node:worker_threads';

/**
 * Text extraction, keyed by file type. A type is accepted only when the extension AND the
 * content agree: .txt must be UTF-8 text without NUL bytes, .docx a zip container mammoth can
 * read, .pdf a document pdf-parse can read, .doc (Word 97-2003) an OLE compound file
 * word-extractor can read.
 *
 * .docx, .doc and .pdf are read in a short-lived worker thread with a memory cap and a time limit:
 * an uploaded document is untrusted input (zip bombs, pathological PDFs) and parsing is CPU
 * work that must not stall the service's event loop. (It also keeps pdf-parse's ES-module
 * loader out of jest's CommonJS sandbox.)
 */
export type FileKind = 'txt' | 'docx' | 'pdf' | 'doc';

/** What an essay upload may be. */
export const FILE_KINDS: readonly FileKind[] = ['txt', 'docx', 'pdf'];
/** What a rubric document may be (admin spec §5: .pdf, .docx, .doc, .txt). */
export const RUBRIC_FILE_KINDS: readonly FileKind[] = ['pdf', 'docx', 'doc', 'txt'];

/**
 * Why a file was refused: `unsupported` = not the type it claims, `unreadable` = that type but
 * broken, `refused` = that type but not acceptable (password-protected, expands too far).
 */
export class ExtractError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'unreadable' | 'refused' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}

/** The type named by the file's extension (case-insensitive) when it is one of `accepted`, else null. */
export function kindOf(fileName: string, accepted: readonly FileKind[] = FILE_KINDS): FileKind | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const ext = match?.[1].toLowerCase();
  return ext && (accepted as readonly string[]).includes(ext) ? (ext as FileKind) : null;
}

/** Line endings to \n, no trailing spaces on the whole; keeps paragraphs. */
export function normaliseText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').trim();
}

/** Words as spec admin §5 counts them (the definition is the contracts' own). */
export { countWords } from '@corestone/contracts';

function decodePlainText(data: Buffer): string {
  if (data.includes(0))
    throw new ExtractError(
      'unsupported',
      'This file is named .txt but it is not plain text: save the essay as .txt (or as a PDF) and upload that',
    );
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ExtractError(
      'unsupported',
      'The .txt file is not UTF-8 text: save it again with UTF-8 encoding (or as a PDF) and upload that',
    );
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function looksLike(kind: FileKind, data: Buffer): boolean {
  if (kind === 'docx') return data.subarray(0, 4).equals(ZIP_MAGIC);
  if (kind === 'doc') return data.subarray(0, 8).equals(OLE_MAGIC);
  if (kind === 'pdf') return data.subarray(0, 1024).includes('%PDF-');
  return true;
}

/** Most a .docx may expand to, and most parts it may hold (a real essay is far below both). */
const MAX_DOCX_EXPANDED_BYTES = 200 * 1024 * 1024;
/** An Extended Essay with appendices is a few dozen pages; a PDF far past that is refused unread. */
export const MAX_PDF_PAGES = 300;
const MAX_DOCX_ENTRIES = 5000;

/**
 * What a zip declares in its central directory: entry count and total uncompressed size, read
 * before anything is inflated, so a zip bomb is refused without being opened. Null when there is
 * no readable central directory (left to mammoth to call broken).
 */
function zipDeclaredSize(data: Buffer): { entries: number; bytes: number } | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  // ZIP64 markers: sizes beyond 4 GB are never a student's essay.
  if (entries === 0xffff || at === 0xffffffff) return { entries: Infinity, bytes: Infinity };
  let bytes = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return null;
    const size = data.readUInt32LE(at + 24);
    bytes += size === 0xffffffff ? Infinity : size;
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return { entries, bytes };
}

function checkDocxSize(data: Buffer): void {
  const declared = zipDeclaredSize(data);
  if (!declared) return;
  if (declared.entries > MAX_DOCX_ENTRIES || declared.bytes > MAX_DOCX_EXPANDED_BYTES) {
    throw new ExtractError(
      'refused',
      `The .docx file expands to more than ${MAX_DOCX_EXPANDED_BYTES / 1024 / 1024} MB or ${MAX_DOCX_ENTRIES} parts and is not accepted`,
    );
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { kind, modulePath, data } = workerData;
  const lib = require(modulePath);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    if (kind === 'docx') {
      const result = await lib.extractRawText({ buffer: bytes });
      parentPort.postMessage({ ok: true, text: result.value });
    } else if (kind === 'doc') {
      const document = await new lib().extract(bytes);
      parentPort.postMessage({ ok: true, text: document.getBody() });
    } else {
      const parser = new lib.PDFParse({ data: new Uint8Array(bytes) });
      try {
        // The page count first (seconds even for 20,000 pages): a page bomb is refused before any page is read.
        const info = await parser.getInfo({ first: 1 });
        if (info.total > workerData.maxPdfPages) {
          parentPort.postMessage({ ok: false, name: 'TooManyPages', message: String(info.total) });
          return;
        }
        const result = await parser.getText({ pageJoiner: '' });
        parentPort.postMessage({ ok: true, text: result.text });
      } finally {
        await parser.destroy().catch(() => undefined);
      }
    }
  } catch (err) {
    parentPort.postMessage({ ok: false, name: err && err.name, message: String((err && err.message) || err) });
  }
})();
`;

/** pdf.js reports a PDF it cannot open without a password as PasswordException. */
const passwordProtected = () => new ExtractError('refused', 'The PDF is password-protected; please upload a copy without a password');

type ParsedKind = Exclude<FileKind, 'txt'>;
const LIBRARIES: Record<ParsedKind, string> = { docx: 'mammoth', pdf: 'pdf-parse', doc: 'word-extractor' };
const LABEL: Record<FileKind, string> = { txt: '.txt', docx: '.docx', pdf: '.pdf', doc: '.doc' };

function inWorker(kind: ParsedKind, data: Buffer, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { kind, modulePath: require.resolve(LIBRARIES[kind]), data: new Uint8Array(data), maxPdfPages: MAX_PDF_PAGES },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new ExtractError('timeout', `Reading the ${LABEL[kind]} file took too long`))),
      timeoutMs,
    );
    worker.once('message', (msg: { ok: true; text: string } | { ok: false; name?: string; message: string }) =>
      finish(() => {
        if (msg.ok) return resolve(msg.text);
        if (msg.name === 'PasswordException') return reject(passwordProtected());
        if (msg.name === 'TooManyPages') {
          return reject(new ExtractError('refused', `The PDF has ${msg.message} pages; at most ${MAX_PDF_PAGES} pages are accepted`));
        }
        reject(new ExtractError('unreadable', `The file could not be read as a ${LABEL[kind]} document`));
      }),
    );
    worker.once('error', () =>
      finish(() => reject(new ExtractError('unreadable', `The file could not be read as a ${LABEL[kind]} document`))),
    );
    worker.once('exit', () =>
      finish(() => reject(new ExtractError('unreadable', `The file could not be read as a ${LABEL[kind]} document`))),
    );
  });
}

/** The essay text of an uploaded file, normalised. Throws ExtractError when the file is refused. */
export async function extractText(kind: FileKind, data: Buffer, opts: { timeoutMs?: number } = {}): Promise<string> {
  if (!looksLike(kind, data)) {
    throw new ExtractError(
      'unsupported',
      `This file is named ${LABEL[kind]} but its content is not a ${LABEL[kind]} document: save it again as ${kind === 'pdf' ? 'a PDF' : `${LABEL[kind]} (or as a PDF)`} and upload that`,
    );
  }
  if (kind === 'docx') checkDocxSize(data);
  const raw = kind === 'txt' ? decodePlainText(data) : await inWorker(kind, data, opts.timeoutMs ?? 60_000);
  return normaliseText(raw);
}
