import type { IntlShape, MessageDescriptor } from 'react-intl';
import { isApiError } from '@corestone/sdk';
import { ENGLISH } from '@corestone/ui/i18n';

/** The users service takes PNG, JPEG or WebP up to 2 MB (judged by content; we check the obvious first). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';
const TEXTS: Record<'type' | 'size' | 'failed', MessageDescriptor> = {
  type: { id: 'avatar.type', defaultMessage: 'Please choose a PNG, JPEG or WebP image.' },
  size: { id: 'avatar.size', defaultMessage: 'The image must be 2 MB or smaller.' },
  failed: { id: 'avatar.failed', defaultMessage: 'Failed to upload avatar' },
};

export function checkAvatar(file: { name: string; size: number; type?: string }, intl: IntlShape = ENGLISH): string | null {
  const okType = /^image\/(png|jpeg|webp)$/.test(file.type ?? '') || /\.(png|jpe?g|webp)$/i.test(file.name);
  if (!okType) return intl.formatMessage(TEXTS.type);
  if (file.size > AVATAR_MAX_BYTES) return intl.formatMessage(TEXTS.size);
  return null;
}

/** Text for a refused upload: the type and size refusals in plain words, anything else 'Failed to upload avatar'. */
export function avatarFailureText(e: unknown, intl: IntlShape = ENGLISH): string {
  if (isApiError(e) && e.status === 415) return intl.formatMessage(TEXTS.type);
  if (isApiError(e) && e.status === 413) return intl.formatMessage(TEXTS.size);
  return intl.formatMessage(TEXTS.failed);
}

/** A picture the user uploaded, as opposed to the generated initials image. */
export const hasUploadedAvatar = (avatar: string | null | undefined) => !!avatar && !avatar.startsWith('data:');
