import { randomBytes } from 'node:crypto';

export type ImageKind = 'png' | 'jpg' | 'webp';

export const CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The image type judged by the file's first bytes (its name and declared type are ignored). */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

export const newAvatarName = (kind: ImageKind) => `${randomBytes(16).toString('hex')}.${kind}`;

/** The kind of a well-formed stored name, or null for anything else (paths, dots, other names). */
export function avatarKindOf(name: string): ImageKind | null {
  const m = NAME.exec(name);
  return m ? (m[1] as ImageKind) : null;
}
