import { Worker } from 'node:worker_threads';

/**
 * Text extraction, keyed by file type. A type is accepted only when the extension AND the
 * content agree: .txt must be UTF-8 text without NUL bytes, .docx a zip container mammoth can
 * read, .pdf a document pdf-parse can read.
 *
 * .docx and .pdf are read in a short-lived worker thread with a memory cap and a time limit:
 * an uploaded document is untrusted input (zip bombs, pathological PDFs) and parsing is CPU
 * work that must not stall the service's event loop. (It also keeps pdf-parse's ES-module
 * loader out of jest's CommonJS sandbox.)
 */
export type FileKind = 'txt' | 'docx' | 'pdf';

export const FILE_KINDS: readonly FileKind[] = ['txt', 'docx', 'pdf'];

/** Why a file was refused: `unsupported` = not the type it claims, `unreadable` = that type but broken. */
export class ExtractError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'unreadable' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}

/** The type named by the file's extension (case-insensitive), or null for anything else. */
export function kindOf(fileName: string): FileKind | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const ext = match?.[1].toLowerCase();
  return ext && (FILE_KINDS as readonly string[]).includes(ext) ? (ext as FileKind) : null;
}

/** Line endings to \n, no trailing spaces on the whole; keeps paragraphs. */
export function normaliseText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\u0000/g, '').trim();
}

/** Words as the results screen counts them: runs of non-space characters holding a letter or digit. */
export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) n++;
  return n;
}

export function decodePlainText(data: Buffer): string {
  if (data.includes(0)) throw new ExtractError('unsupported', 'The .txt file is not plain text (it contains binary data)');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ExtractError('unsupported', 'The .txt file is not UTF-8 text');
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function looksLike(kind: FileKind, data: Buffer): boolean {
  if (kind === 'docx') return data.subarray(0, 4).equals(ZIP_MAGIC);
  if (kind === 'pdf') return data.subarray(0, 1024).includes('%PDF-');
  return true;
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
    } else {
      const parser = new lib.PDFParse({ data: new Uint8Array(bytes) });
      try {
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

const LIBRARIES: Record<'docx' | 'pdf', string> = { docx: 'mammoth', pdf: 'pdf-parse' };
const LABEL: Record<FileKind, string> = { txt: '.txt', docx: '.docx', pdf: '.pdf' };

function inWorker(kind: 'docx' | 'pdf', data: Buffer, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { kind, modulePath: require.resolve(LIBRARIES[kind]), data: new Uint8Array(data) },
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
      finish(() =>
        msg.ok
          ? resolve(msg.text)
          : reject(new ExtractError('unreadable', `The file could not be read as a ${LABEL[kind]} document`)),
      ),
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
    throw new ExtractError('unsupported', `The file's content is not a ${LABEL[kind]} document`);
  }
  const raw = kind === 'txt' ? decodePlainText(data) : await inWorker(kind, data, opts.timeoutMs ?? 60_000);
  return normaliseText(raw);
}
