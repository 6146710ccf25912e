import fs from 'node:fs/promises';
import path from 'node:path';
import { avatarKindOf, newAvatarName, type ImageKind } from '../domain/avatar';

/** Avatar images on disk: one flat folder, random names, written atomically. */
export class AvatarFiles {
  constructor(private readonly dir: string) {}

  async save(data: Buffer, kind: ImageKind): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = newAvatarName(kind);
    const tmp = path.join(this.dir, `.${name}.tmp`);
    await fs.writeFile(tmp, data, { mode: 0o644 });
    await fs.rename(tmp, path.join(this.dir, name));
    return name;
  }

  /** The file's bytes, or null when the name is not one of ours or the file is gone. */
  async read(name: string): Promise<Buffer | null> {
    if (!avatarKindOf(name)) return null;
    try {
      return await fs.readFile(path.join(this.dir, name));
    } catch {
      return null;
    }
  }

  async remove(name: string | null): Promise<void> {
    if (!name || !avatarKindOf(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}
