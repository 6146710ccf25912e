import { errorMessage, isInfrastructureError } from '@corestone/sdk';
/** File checks of the upload step (spec §5): .txt/.docx/.pdf by case-insensitive extension, 20 MB. */
export const ALLOWED_EXTENSIONS = ['.txt', '.docx', '.pdf'];
export const MAX_FILE_MB = 20;
export const LARGE_PDF_BYTES = 5 * 1024 * 1024;
/** The server's bound on a title (contracts MAX_TITLE_CHARS): the field stops there instead of failing at submit. */
export const MAX_TITLE_CHARS = 500;

export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i).toLowerCase() : '';
}

export function checkFile(file: { name: string; size: number }): string | null {
  if (!ALLOWED_EXTENSIONS.includes(extensionOf(file.name))) return `Only ${ALLOWED_EXTENSIONS.join(', ')} files are allowed`;
  if (file.size > MAX_FILE_MB * 1024 * 1024) return `File size must be less than ${MAX_FILE_MB}MB`;
  return null;
}

export const isLargePdf = (file: { name: string; size: number }) => extensionOf(file.name) === '.pdf' && file.size > LARGE_PDF_BYTES;

export function sizeMb(bytes: number): string {
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

/** Submit failure text (spec §8). */
export function submitFailureText(e: unknown): string {
  const status = typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 0;
  const code = String((e as { code?: unknown })?.code ?? '');
  const msg = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  const lower = msg.toLowerCase();
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
