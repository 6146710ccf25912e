import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** One remote of the shell: where its entry script is, and which release that is. */
export const RemoteEntry = Type.Object(
  {
    /** A path on this origin (`/mf/student/remoteEntry.js`) or an http(s) URL (a CDN). */
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
/** `/mf/manifest.json`, and the format of `MF_REMOTES` / `MF_REMOTES_FILE`. */
export const Manifest = Type.Object({ remotes: Type.Record(Type.String(), RemoteEntry) }, { additionalProperties: false });
export type Manifest = Static<typeof Manifest>;
export type Remotes = Manifest['remotes'];

/**
 * Without configuration: the remotes this repository builds, served by the gateway itself. A
 * remote that is not built yet is still listed; the shell shows its fallback when it fails to load.
 */
export const DEFAULT_REMOTES: Remotes = {
  student: { url: '/mf/student/remoteEntry.js' },
  admin: { url: '/mf/admin/remoteEntry.js' },
};

/** A federation container name the shell can register. */
const REMOTE_NAME = /^[A-Za-z_][\w-]*$/;
/** `/mf/<folder>/…`: a remote served from `<FRONTENDS_DIR>/<folder>/dist` (no dots: no way out of the folder). */
const LOCAL_URL = /^\/mf\/([A-Za-z0-9][\w-]*)\/[^?#]+$/;

/** Parses and checks a remote configuration; throws an Error naming the problem and `source`. */
export function parseRemotes(text: string, source: string): Remotes {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new Error(`${source}: not JSON (${(err as Error).message})`, { cause: err });
  }
  if (!Value.Check(Manifest, body)) {
    const first = [...Value.Errors(Manifest, body)][0];
    throw new Error(
      `${source}: expected {"remotes": {"<name>": {"url": "...", "version": "..."}}}${first ? ` (${first.path || '/'}: ${first.message})` : ''}`,
    );
  }
  for (const [name, { url }] of Object.entries(body.remotes)) {
    if (!REMOTE_NAME.test(name)) throw new Error(`${source}: "${name}" is not a valid remote name`);
    if (!LOCAL_URL.test(url) && !isHttpUrl(url))
      throw new Error(`${source}: the URL of "${name}" must be /mf/<folder>/<file> or an http(s) URL`);
  }
  return body.remotes;
}

function isHttpUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The `<FRONTENDS_DIR>` folders the gateway serves under /mf/: those the remotes' URLs point into. */
export function localFolders(remotes: Remotes): Set<string> {
  const folders = new Set<string>();
  for (const { url } of Object.values(remotes)) {
    const m = LOCAL_URL.exec(url);
    if (m && m[1] !== 'shell') folders.add(m[1]);
  }
  return folders;
}

/** Origins of remotes served elsewhere: the CSP must allow their scripts. */
export function remoteOrigins(remotes: Remotes): string[] {
  return [
    ...new Set(
      Object.values(remotes)
        .filter((r) => isHttpUrl(r.url))
        .map((r) => new URL(r.url).origin),
    ),
  ];
}
