/** Types of zip.js (plain CommonJS, shared by the pool's worker and extract.ts). */
export class Refusal extends Error {
  constructor(reason: 'unreadable' | 'refused', message: string);
  readonly reason: 'unreadable' | 'refused';
}
export interface ZipEntry {
  flags: number;
  method: number;
  compressed: number;
  size: number;
  local: number;
}
/** The entries of the zip's central directory by name; throws a Refusal for a zip bomb (`refused`) or no readable directory (`unreadable`). */
export function centralDirectory(data: Buffer): Map<string, ZipEntry>;
