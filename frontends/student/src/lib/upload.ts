import { errorMessage, isInfrastructureError } from '@corestone/sdk';
/** File checks of the upload step (spec §5): .txt/.docx/.pdf by case-insensitive extension, 20 MB. */
export const ALLOWED_EXTENSIONS = ['.txt', '.docx', '.pdf'];
export const MAX_FILE_MB = 20;
export const LARGE_PDF_BYTES = 5 * 1024 * 1024;
/** The server's bound on a title (contracts MAX_TITLE_CHARS): the field stops there instead of failing at submit. */
export const MAX_TITLE_CHARS = 500;
/** The server's bounds on what the student states (contracts SUBMISSION_DETAIL_LIMITS): fields stop there. */
export const MAX_DETAIL_CHARS = { research_question: 1000, additional_context: 2000 } as const;

export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i).toLowerCase() : '';
}

/**
 * The server's bound on an essay's text: contracts MAX_ESSAY_CHARS (400,000 characters), and the evaluation
 * service's isTooLong also caps the text's UTF-8 at 900,000 bytes. A .txt over it is refused at once.
 */
export const MAX_ESSAY_CHARS = 400_000;
export const MAX_ESSAY_BYTES = 900_000;
/** Same words as the server's ESSAY_TOO_LONG (services/evaluation domain/evaluation.ts). */
export const ESSAY_TOO_LONG_TEXT = `The essay is too long: at most ${MAX_ESSAY_CHARS.toLocaleString('en-US')} characters (about 900 KB) of text are accepted`;
export const EMPTY_FILE_TEXT = 'The file is empty';

export function checkFile(file: { name: string; size: number }): string | null {
  if (!ALLOWED_EXTENSIONS.includes(extensionOf(file.name))) return `Only ${ALLOWED_EXTENSIONS.join(', ')} files are allowed`;
  if (file.size === 0) return EMPTY_FILE_TEXT;
  if (file.size > MAX_FILE_MB * 1024 * 1024) return `File size must be less than ${MAX_FILE_MB}MB`;
  return null;
}

/** The text of a .txt as the server reads it (documents normaliseText): CRLF/CR to LF, no NULs, trimmed; too long → the server's text. */
export function checkEssayText(text: string): string | null {
  const t = text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').trim();
  if (t.length > MAX_ESSAY_CHARS || new TextEncoder().encode(t).length > MAX_ESSAY_BYTES) return ESSAY_TOO_LONG_TEXT;
  return null;
}

/**
 * The upload step's check of a .txt's length. Each character takes at least one byte, so a file of at most
 * MAX_ESSAY_CHARS bytes always fits and is not read; a longer one is read and measured as the server will.
 */
export async function checkTextFile(file: Blob & { name: string }): Promise<string | null> {
  if (extensionOf(file.name) !== '.txt' || file.size <= MAX_ESSAY_CHARS) return null;
  try {
    return checkEssayText(await readText(file));
  } catch {
    return null; // unreadable here: the server decides
  }
}

function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

export const isLargePdf = (file: { name: string; size: number }) => extensionOf(file.name) === '.pdf' && file.size > LARGE_PDF_BYTES;

/** A file's size for people: bytes, KB under 1 MB (a short essay is not "0.00 MB"), else MB with two decimals. */
export function sizeMb(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The stage message shown while the file is being processed (spec §4). */
export function processingStage(file: { name: string; size: number }): string {
  const ext = extensionOf(file.name);
  if (ext === '.pdf') return isLargePdf(file) ? 'Reading large PDF file... This may take a few minutes' : 'Reading PDF file...';
  if (ext === '.docx') return 'Processing Word document...';
  return 'Processing file...';
}

export const NO_CREDITS_TEXT = 'You have no essay credits remaining. Please purchase more credits to continue.';

const KEPT_SUBMISSION_CODES = ['CREDIT_UNCONFIRMED', 'SUBMISSION_AWAITING_CREDIT', 'SUBMISSION_IN_PROGRESS'];

/**
 * A school's refusals (billing, passed through by evaluation; all 403): the pool is empty, the
 * student's cap is used, AI grading is off, or buying credits is not allowed. Buying credits
 * would not help (or is forbidden), so the server's own words are shown, not the spec's
 * 'purchase more credits'.
 */
export const SCHOOL_REFUSAL_CODES = [
  'SCHOOL_POOL_EMPTY',
  'SCHOOL_POOL_CAP_REACHED',
  'AI_GRADING_DISABLED_BY_SCHOOL',
  'CREDIT_PURCHASE_DISABLED_BY_SCHOOL',
];

/** The school's reason when the failure is one of its refusals, else null. */
export function schoolRefusalText(e: unknown): string | null {
  const code = String((e as { code?: unknown })?.code ?? '');
  if (!SCHOOL_REFUSAL_CODES.includes(code)) return null;
  const detail = (e as { detail?: unknown }).detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  return e instanceof Error && e.message ? e.message : null;
}

/** Submit failure text (spec §8). */
export function submitFailureText(e: unknown): string {
  const status = typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 0;
  const code = String((e as { code?: unknown })?.code ?? '');
  const msg = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  const lower = msg.toLowerCase();
  // the essay is kept (billing did not answer) or already being graded; the server says so (and not to resubmit)
  if (KEPT_SUBMISSION_CODES.includes(code) && msg) return msg;
  const school = schoolRefusalText(e);
  if (school) return school;
  if (isInfrastructureError(e)) return errorMessage(e, 'Failed to submit essay. Please try again.');
  if (
    status === 403 ||
    code === 'INSUFFICIENT_CREDITS' ||
    lower.includes('403') ||
    lower.includes('insufficient') ||
    lower.includes('credit')
  )
    return NO_CREDITS_TEXT;
  // network, server faults and unknown routes never show their own text
  return errorMessage(e, 'Failed to submit essay. Please try again.');
}
