import { isApiError } from '@corestone/sdk';

/** The users service takes PNG, JPEG or WebP up to 2 MB (judged by content; we check the obvious first). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';
export const AVATAR_TYPE_TEXT = 'Please choose a PNG, JPEG or WebP image.';
export const AVATAR_SIZE_TEXT = 'The image must be 2 MB or smaller.';
export const AVATAR_FAILED = 'Failed to upload avatar';

export function checkAvatar(file: { name: string; size: number; type?: string }): string | null {
  const okType = /^image\/(png|jpeg|webp)$/.test(file.type ?? '') || /\.(png|jpe?g|webp)$/i.test(file.name);
  if (!okType) return AVATAR_TYPE_TEXT;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_SIZE_TEXT;
  return null;
}

/** Text for a refused upload: the type and size refusals in plain words, anything else 'Failed to upload avatar'. */
export function avatarFailureText(e: unknown): string {
  if (isApiError(e) && e.status === 415) return AVATAR_TYPE_TEXT;
  if (isApiError(e) && e.status === 413) return AVATAR_SIZE_TEXT;
  return AVATAR_FAILED;
}

/** A picture the user uploaded, as opposed to the generated initials image. */
export const hasUploadedAvatar = (avatar: string | null | undefined) => !!avatar && !avatar.startsWith('data:');
