/**
 * Remotes are discovered at runtime: GET /mf/manifest.json →
 * `{ remotes: { name: { url, version } } }` (the gateway's configuration; the older
 * `{ remotes: { name: url } }` is read too). Nothing about a remote's location is baked into the
 * shell's build. A listed remote that fails to load shows its fallback (RemoteView).
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export const MANIFEST_URL = '/mf/manifest.json';

let manifest: Promise<Record<string, string>> | null = null;

const NAME = /^[A-Za-z_][\w-]*$/;

export function parseManifest(body: unknown, origin: string): Record<string, string> {
  const remotes = body && typeof body === 'object' ? (body as { remotes?: unknown }).remotes : undefined;
  const out: Record<string, string> = {};
  if (!remotes || typeof remotes !== 'object') return out;
  for (const [name, value] of Object.entries(remotes as Record<string, unknown>)) {
    const entry = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as { url?: unknown }).url : undefined;
    if (!NAME.test(name) || typeof entry !== 'string' || !entry) continue;
    try {
      out[name] = new URL(entry, origin).href;
    } catch {
      /* skip malformed entries */
    }
  }
  return out;
}

/** Fetches and registers the remotes once (retried on the next call after a failure). */
export function loadManifest(): Promise<Record<string, string>> {
  if (!manifest) {
    manifest = fetch(MANIFEST_URL, { cache: 'no-cache', credentials: 'same-origin' })
      .then((res) => {
        if (!res.ok) throw new Error(`Could not load the module manifest (HTTP ${res.status})`);
        return res.json();
      })
      .then((body) => {
        const remotes = parseManifest(body, window.location.origin);
        registerRemotes(
          Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
          { force: false },
        );
        return remotes;
      })
      .catch((e) => {
        manifest = null;
        throw e;
      });
  }
  return manifest;
}

export async function hasRemote(name: string): Promise<boolean> {
  try {
    return name in (await loadManifest());
  } catch {
    return false;
  }
}

const cache = new Map<string, Promise<unknown>>();

/**
 * Loads `remote/expose` (once; again on the next call after a failure) and returns its default
 * export, or the module itself: a component, or data such as a remote's `./navigation`.
 */
export function loadRemoteModule<T>(remote: string, expose: string): Promise<T> {
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  let p = cache.get(id) as Promise<T> | undefined;
  if (!p) {
    p = loadManifest()
      .then((remotes) => {
        if (!remotes[remote]) throw new ModuleUnavailableError(remote);
        return loadRemote<{ default?: T } & T>(id);
      })
      .then((mod) => {
        if (!mod) throw new Error(`Could not load ${id}`);
        return (mod.default ?? mod) as T;
      })
      .catch((e) => {
        cache.delete(id);
        throw e;
      });
    cache.set(id, p);
  }
  return p;
}

/** A failure whose message is written for people (the retry screen shows it as is). */
export class ModuleUnavailableError extends Error {
  override name = 'ModuleUnavailableError';
  constructor(readonly remote: string) {
    super(`The "${remote}" module is not available right now.`);
  }
}
