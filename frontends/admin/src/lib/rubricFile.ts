/** Rubric file rules (spec admin §5, §9): .pdf, .docx, .doc, .txt up to 10 MB. */
import { type IntlShape } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

export const RUBRIC_FILE_EXTENSIONS = ['.pdf', '.docx', '.doc', '.txt'];
export const RUBRIC_FILE_MAX_BYTES = 10 * 1024 * 1024;

export function rubricFileError(file: { name: string; size: number }, intl: IntlShape = ENGLISH): string | null {
  const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (!file.name.includes('.') || !RUBRIC_FILE_EXTENSIONS.includes(ext))
    return intl.formatMessage({
      id: 'rubricFile.unsupportedType',
      defaultMessage: 'Unsupported file type. Please upload: .pdf, .docx, .doc, .txt',
    });
  if (file.size > RUBRIC_FILE_MAX_BYTES)
    return intl.formatMessage({ id: 'rubricFile.tooLarge', defaultMessage: 'File too large. Maximum size is 10MB.' });
  return null;
}
