import { Refusal, centralDirectory } from '../worker/zip';
import { runExtraction } from './pool';

/**
 * Text extraction, keyed by file type. A type is accepted only when the extension AND the
 * content agree: .txt must be UTF-8 text without NUL bytes, .docx a zip container holding a
 * WordprocessingML main part, .pdf a document Poppler's pdftotext can read, .doc (Word 97-2003)
 * an OLE compound file word-extractor can read.
 *
 * .docx, .doc and .pdf are read by the long-lived extraction pool (pool.ts, piscina) with a heap
 * cap per worker and a time limit per task; pdftotext runs as a subprocess under rlimits. An
 * uploaded document is untrusted input (zip bombs, pathological PDFs) and parsing is CPU work
 * that must not stall the service's event loop.
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

/** An Extended Essay with appendices is a few dozen pages; a PDF far past that is refused unread. */
export const MAX_PDF_PAGES = 300;

const passwordProtected = () => new ExtractError('refused', 'The PDF is password-protected; please upload a copy without a password');

type ParsedKind = Exclude<FileKind, 'txt'>;
const LABEL: Record<FileKind, string> = { txt: '.txt', docx: '.docx', pdf: '.pdf', doc: '.doc' };

type WorkerAnswer =
  | { ok: true; text: string }
  | { ok: false; reason: 'unreadable' | 'refused' | 'timeout' | 'password' | 'pages' | 'fault'; message: string };

/** Reads the document in the extraction pool (worker/extract-worker.js), within `timeoutMs` from now, queueing included. */
async function inPool(kind: ParsedKind, data: Buffer, timeoutMs: number): Promise<string> {
  const unreadable = () => new ExtractError('unreadable', `The file could not be read as a ${LABEL[kind]} document`);
  const tooLong = () => new ExtractError('timeout', `Reading the ${LABEL[kind]} file took too long`);
  // a copy of the upload of our own, moved to the worker rather than copied again (a 20 MB PDF)
  const bytes = new Uint8Array(data);
  let answer: WorkerAnswer;
  try {
    answer = await runExtraction({ kind, data: bytes, maxPdfPages: MAX_PDF_PAGES, deadline: Date.now() + timeoutMs }, timeoutMs, [
      bytes.buffer,
    ]);
  } catch (err) {
    // aborted at the time limit (the pool ends the worker), or the worker died (its heap cap)
    throw (err as Error)?.name === 'AbortError' ? tooLong() : unreadable();
  }
  if (answer.ok) return answer.text;
  switch (answer.reason) {
    case 'password':
      throw passwordProtected();
    case 'pages':
      throw new ExtractError('refused', `The PDF has ${answer.message} pages; at most ${MAX_PDF_PAGES} pages are accepted`);
    case 'refused':
      throw new ExtractError('refused', answer.message);
    case 'timeout':
      throw tooLong();
    case 'fault':
      throw new Error(answer.message);
    default:
      throw unreadable();
  }
}

/**
 * A zip bomb (too many parts or bytes declared) or a zip without a readable directory is refused
 * here, on the caller's thread, in microseconds; the worker reads the same directory again.
 */
function checkZip(data: Buffer): void {
  try {
    centralDirectory(data);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    throw new ExtractError(err.reason, err.reason === 'refused' ? err.message : 'The file could not be read as a .docx document');
  }
}

/** The essay text of an uploaded file, normalised. Throws ExtractError when the file is refused. */
export async function extractText(kind: FileKind, data: Buffer, opts: { timeoutMs?: number } = {}): Promise<string> {
  if (!looksLike(kind, data)) {
    throw new ExtractError(
      'unsupported',
      `This file is named ${LABEL[kind]} but its content is not a ${LABEL[kind]} document: save it again as ${kind === 'pdf' ? 'a PDF' : `${LABEL[kind]} (or as a PDF)`} and upload that`,
    );
  }
  if (kind === 'docx') checkZip(data);
  const raw = kind === 'txt' ? decodePlainText(data) : await inPool(kind, data, opts.timeoutMs ?? 60_000);
  return normaliseText(raw);
}
