/** Rubric file rules (spec admin §5, §9): .pdf, .docx, .doc, .txt up to 10 MB. */
export const RUBRIC_FILE_EXTENSIONS = ['.pdf', '.docx', '.doc', '.txt'];
export const RUBRIC_FILE_MAX_BYTES = 10 * 1024 * 1024;

export function rubricFileError(file: { name: string; size: number }): string | null {
  const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (!file.name.includes('.') || !RUBRIC_FILE_EXTENSIONS.includes(ext))
    return 'Unsupported file type. Please upload: .pdf, .docx, .doc, .txt';
  if (file.size > RUBRIC_FILE_MAX_BYTES) return 'File too large. Maximum size is 10MB.';
  return null;
}
