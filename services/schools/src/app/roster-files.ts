import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as yauzl from 'yauzl';
import { Codes, MAX_ROSTER_FILE_BYTES, RosterCodes } from '@corestone/contracts';
import { HttpError } from '@corestone/service-kit';
import type { RosterSource } from '../domain/roster/model';

/** At most this many files in an upload or a zip. */
export const MAX_ROSTER_FILES = 20;
/** A CSV inside a zip may be at most this large once unpacked (a zip bomb stops here). */
const MAX_UNZIPPED_BYTES = 10 * MAX_ROSTER_FILE_BYTES;

export const invalidUpload = (detail: string) => new HttpError(400, RosterCodes.INVALID_UPLOAD, detail);

/**
 * The files of one roster upload, written to a private temporary folder as they arrive (never held
 * in memory whole) and read back one at a time: the CSV files themselves, or the CSV files inside
 * one zip (read with yauzl from the spooled file; folders inside the zip are ignored).
 * `dispose()` removes the folder.
 */
export class RosterUpload {
  private readonly files = new Map<string, string>(); // name → path
  private zip: yauzl.ZipFile | null = null;

  private constructor(private readonly dir: string) {}

  static async create(): Promise<RosterUpload> {
    return new RosterUpload(await mkdtemp(join(tmpdir(), 'corestone-roster-')));
  }

  get names(): string[] {
    return [...this.files.keys()];
  }

  /** Writes one uploaded file; `tooLarge()` tells whether the stream was cut at the size limit. */
  async add(filename: string, stream: Readable, tooLarge: () => boolean): Promise<void> {
    const name = basename(filename.replace(/\\/g, '/')).trim();
    if (!/\.(csv|zip)$/i.test(name)) {
      stream.resume();
      throw invalidUpload(`${name || 'A file'} is neither a .csv nor a .zip file`);
    }
    if ([...this.files.keys()].some((n) => n.toLowerCase() === name.toLowerCase())) {
      stream.resume();
      throw invalidUpload(`${name} was sent twice`);
    }
    if (this.files.size >= MAX_ROSTER_FILES) {
      stream.resume();
      throw invalidUpload(`at most ${MAX_ROSTER_FILES} files`);
    }
    const path = join(this.dir, `${this.files.size}.upload`);
    await pipeline(stream, createWriteStream(path));
    if (tooLarge()) throw new HttpError(413, Codes.PAYLOAD_TOO_LARGE, `${name} is larger than ${MAX_ROSTER_FILE_BYTES / 1024 / 1024} MB`);
    this.files.set(name, path);
  }

  /** The roster files: the CSV files sent, or those inside the one zip sent. */
  async source(): Promise<RosterSource> {
    const names = this.names;
    if (!names.length)
      throw invalidUpload('No files: send the OneRoster CSV files, one zip of them, or one CSV with email,name,role,class');
    const zips = names.filter((n) => n.toLowerCase().endsWith('.zip'));
    if (zips.length && names.length > 1) throw invalidUpload('Send either CSV files or one zip, not both');
    if (!zips.length) {
      return { names, open: (name) => createReadStream(this.files.get(name)!) };
    }
    return this.zipSource(this.files.get(zips[0]!)!, zips[0]!);
  }

  private async zipSource(path: string, zipName: string): Promise<RosterSource> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
    } catch (err) {
      throw invalidUpload(`${zipName} is not a readable zip file (${(err as Error).message})`);
    }
    this.zip = zip;
    const entries = new Map<string, yauzl.Entry>();
    try {
      for await (const entry of zip.eachEntry()) {
        const name = basename(entry.fileName);
        if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/') || name.startsWith('.')) continue;
        if (!name.toLowerCase().endsWith('.csv')) continue;
        if (entries.size >= MAX_ROSTER_FILES) throw invalidUpload(`${zipName} holds more than ${MAX_ROSTER_FILES} CSV files`);
        if ([...entries.keys()].some((n) => n.toLowerCase() === name.toLowerCase())) {
          throw invalidUpload(`${zipName} holds ${name} twice (in different folders)`);
        }
        if (entry.uncompressedSize > MAX_UNZIPPED_BYTES) throw invalidUpload(`${name} in ${zipName} is too large once unpacked`);
        entries.set(name, entry);
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw invalidUpload(`${zipName} is not a readable zip file (${(err as Error).message})`);
    }
    if (!entries.size) throw invalidUpload(`${zipName} holds no CSV files`);
    return {
      names: [...entries.keys()],
      open: (name) =>
        (async function* () {
          try {
            const stream = await zip.openReadStreamPromise(entries.get(name)!);
            yield* stream as AsyncIterable<Buffer>;
          } catch (err) {
            throw invalidUpload(`${name} in ${zipName} cannot be unpacked (${(err as Error).message})`);
          }
        })(),
    };
  }

  async dispose(): Promise<void> {
    this.zip?.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}
