import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayConfig } from '../config';
import { DEFAULT_REMOTES, localFolders, parseRemotes, remoteOrigins, type Remotes } from '../domain/remotes';

/**
 * The shell's remotes, from configuration: `MF_REMOTES_FILE` (a JSON file, read again whenever
 * it changes, so a remote is released by updating the file — e.g. a mounted ConfigMap — with no
 * restart), else `MF_REMOTES` (JSON), else `DEFAULT_REMOTES`. A bad value stops the start; a file
 * that later turns bad is logged and the last good content stays in force.
 */
export class RemoteConfig {
  private remotes: Remotes;
  private folders: Set<string>;
  private sources: string;
  private mtimeMs = 0;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly file: string | null,
    initial: Remotes,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.remotes = initial;
    this.folders = localFolders(initial);
    this.sources = remoteOrigins(initial).join(' ');
  }

  static fromConfig(config: Pick<GatewayConfig, 'MF_REMOTES' | 'MF_REMOTES_FILE'>, log?: FastifyBaseLogger): RemoteConfig {
    if (config.MF_REMOTES_FILE) {
      const file = config.MF_REMOTES_FILE;
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        throw new Error(`MF_REMOTES_FILE: cannot read ${file} (${(err as Error).message})`, { cause: err });
      }
      const rc = new RemoteConfig(file, parseRemotes(text, 'MF_REMOTES_FILE'), log);
      rc.mtimeMs = fs.statSync(file).mtimeMs;
      return rc;
    }
    return new RemoteConfig(null, config.MF_REMOTES ? parseRemotes(config.MF_REMOTES, 'MF_REMOTES') : DEFAULT_REMOTES, log);
  }

  /** True when the configuration can change while the gateway runs. */
  get live(): boolean {
    return this.file !== null;
  }

  current(): Remotes {
    return this.remotes;
  }

  /** Whether `/mf/<folder>/` is served from `<FRONTENDS_DIR>/<folder>/dist`. */
  servesFolder(folder: string): boolean {
    return this.folders.has(folder);
  }

  /** Origins of the remotes served elsewhere, space separated (for the CSP; computed when loaded). */
  origins(): string {
    return this.sources;
  }

  /** Reads the file again when it changed since the last look (one look at a time). */
  refresh(): Promise<void> {
    if (!this.file) return Promise.resolve();
    this.checking ??= this.reload(this.file).finally(() => (this.checking = null));
    return this.checking;
  }

  private async reload(file: string): Promise<void> {
    try {
      const { mtimeMs } = await fs.promises.stat(file);
      if (mtimeMs === this.mtimeMs) return;
      const remotes = parseRemotes(await fs.promises.readFile(file, 'utf8'), 'MF_REMOTES_FILE');
      this.mtimeMs = mtimeMs;
      this.remotes = remotes;
      this.folders = localFolders(remotes);
      this.sources = remoteOrigins(remotes).join(' ');
      this.log?.info({ remotes: Object.keys(remotes) }, 'remote configuration reloaded');
    } catch (err) {
      this.log?.error({ err }, 'remote configuration could not be reloaded; the last good one stays');
    }
  }
}
