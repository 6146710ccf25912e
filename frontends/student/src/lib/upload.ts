import type { IntlShape, MessageDescriptor } from 'react-intl';
import { errorMessage, isInfrastructureError } from '@corestone/sdk';
import { ENGLISH } from '@corestone/ui/i18n';
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
const UPLOAD: Record<string, MessageDescriptor> = {
  /** Same words as the server's ESSAY_TOO_LONG (services/evaluation domain/evaluation.ts). */
  tooLong: {
    id: 'upload.tooLong',
    defaultMessage: 'The essay is too long: at most {max, number} characters (about 900 KB) of text are accepted',
  },
  empty: { id: 'upload.emptyFile', defaultMessage: 'The file is empty' },
  type: { id: 'upload.fileType', defaultMessage: 'Only {extensions} files are allowed' },
  size: { id: 'upload.fileSize', defaultMessage: 'File size must be less than {max}MB' },
  bytes: { id: 'upload.sizeBytes', defaultMessage: '{n, number} bytes' },
  kb: { id: 'upload.sizeKb', defaultMessage: '{n, number} KB' },
  mb: { id: 'upload.sizeMb', defaultMessage: '{n, number, ::.00} MB' },
  largePdf: { id: 'upload.stage.largePdf', defaultMessage: 'Reading large PDF file... This may take a few minutes' },
  pdf: { id: 'upload.stage.pdf', defaultMessage: 'Reading PDF file...' },
  docx: { id: 'upload.stage.docx', defaultMessage: 'Processing Word document...' },
  file: { id: 'upload.stage.file', defaultMessage: 'Processing file...' },
  noCredits: {
    id: 'upload.noCredits',
    defaultMessage: 'You have no essay credits remaining. Please purchase more credits to continue.',
  },
  submitFailed: { id: 'upload.submitFailed', defaultMessage: 'Failed to submit essay. Please try again.' },
};

export const ESSAY_TOO_LONG_TEXT = ENGLISH.formatMessage(UPLOAD.tooLong, { max: MAX_ESSAY_CHARS });
export const EMPTY_FILE_TEXT = ENGLISH.formatMessage(UPLOAD.empty);

export function checkFile(file: { name: string; size: number }, intl: IntlShape = ENGLISH): string | null {
  if (!ALLOWED_EXTENSIONS.includes(extensionOf(file.name)))
    return intl.formatMessage(UPLOAD.type, { extensions: ALLOWED_EXTENSIONS.join(', ') });
  if (file.size === 0) return intl.formatMessage(UPLOAD.empty);
  if (file.size > MAX_FILE_MB * 1024 * 1024) return intl.formatMessage(UPLOAD.size, { max: MAX_FILE_MB });
  return null;
}

/** The text of a .txt as the server reads it (documents normaliseText): CRLF/CR to LF, no NULs, trimmed; too long → the server's text. */
export function checkEssayText(text: string, intl: IntlShape = ENGLISH): string | null {
  const t = text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').trim();
  if (t.length > MAX_ESSAY_CHARS || new TextEncoder().encode(t).length > MAX_ESSAY_BYTES)
    return intl.formatMessage(UPLOAD.tooLong, { max: MAX_ESSAY_CHARS });
  return null;
}

/**
 * The upload step's check of a .txt's length. Each character takes at least one byte, so a file of at most
 * MAX_ESSAY_CHARS bytes always fits and is not read; a longer one is read and measured as the server will.
 */
export async function checkTextFile(file: Blob & { name: string }, intl: IntlShape = ENGLISH): Promise<string | null> {
  if (extensionOf(file.name) !== '.txt' || file.size <= MAX_ESSAY_CHARS) return null;
  try {
    return checkEssayText(await readText(file), intl);
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
export function sizeMb(bytes: number, intl: IntlShape = ENGLISH): string {
  if (bytes < 1024) return intl.formatMessage(UPLOAD.bytes, { n: bytes });
  if (bytes < 1024 * 1024) return intl.formatMessage(UPLOAD.kb, { n: Math.round(bytes / 1024) });
  return intl.formatMessage(UPLOAD.mb, { n: bytes / (1024 * 1024) });
}

/** The stage message shown while the file is being processed (spec §4). */
export function processingStage(file: { name: string; size: number }, intl: IntlShape = ENGLISH): string {
  const ext = extensionOf(file.name);
  if (ext === '.pdf') return intl.formatMessage(isLargePdf(file) ? UPLOAD.largePdf : UPLOAD.pdf);
  if (ext === '.docx') return intl.formatMessage(UPLOAD.docx);
  return intl.formatMessage(UPLOAD.file);
}

export const NO_CREDITS_TEXT = ENGLISH.formatMessage(UPLOAD.noCredits);

const KEPT_SUBMISSION_CODES = ['CREDIT_UNCONFIRMED', 'SUBMISSION_AWAITING_CREDIT', 'SUBMISSION_IN_PROGRESS'];

/**
 * A school's refusals (billing, passed through by evaluation; all 403): the pool is empty, the
 * student's or the class's cap is used, or buying credits is not allowed. Buying credits
 * would not help (or is forbidden), so the server's own words are shown, not the spec's
 * 'purchase more credits'.
 */
export const SCHOOL_REFUSAL_CODES = [
  'SCHOOL_POOL_EMPTY',
  'SCHOOL_POOL_CAP_REACHED',
  'CLASS_POOL_CAP_REACHED',
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
export function submitFailureText(e: unknown, intl: IntlShape = ENGLISH): string {
  const failed = intl.formatMessage(UPLOAD.submitFailed);
  const status = typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 0;
  const code = String((e as { code?: unknown })?.code ?? '');
  const msg = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  const lower = msg.toLowerCase();
  // the essay is kept (billing did not answer) or already being graded; the server says so (and not to resubmit)
  if (KEPT_SUBMISSION_CODES.includes(code) && msg) return msg;
  const school = schoolRefusalText(e);
  if (school) return school;
  if (isInfrastructureError(e)) return errorMessage(e, failed);
  if (
    status === 403 ||
    code === 'INSUFFICIENT_CREDITS' ||
    lower.includes('403') ||
    lower.includes('insufficient') ||
    lower.includes('credit')
  )
    return intl.formatMessage(UPLOAD.noCredits);
  // network, server faults and unknown routes never show their own text
  return errorMessage(e, failed);
}
