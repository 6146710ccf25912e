import fs from 'node:fs';

/** The .eml files auth has written into a MAIL_DIR so far. */
export const mailFiles = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : []);

/** A raw mail's text with quoted-printable soft breaks and `=3D` undone. */
export const unfold = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The set-password / reset link inside a raw mail. */
export function linkIn(raw: string): string {
  const match = /(https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(unfold(raw));
  if (!match) throw new Error('no reset link in mail');
  return match[1]!;
}
