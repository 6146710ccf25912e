/**
 * Stand-in for @module-federation/enhanced/runtime under jest: records registrations and answers
 * every registered remote with a small marker component (no remote's source is imported: the
 * shell is tested on its own). Entries listed in `unreachable` fail like a script that 404s; a
 * remote named in `breaking` loads but its component throws while rendering (a chunk that failed
 * inside it). `lastProps` keeps the props each exposed module was last rendered with. A module
 * set in `modules` (by id, 'student/navigation') is answered as is instead of the marker.
 */
import { createElement } from 'react';

export const registered: { name: string; entry: string }[] = [];
export const unreachable = new Set<string>();
export const breaking = new Set<string>();
export const lastProps = new Map<string, Record<string, unknown>>();
export const modules = new Map<string, unknown>();

export function registerRemotes(remotes: { name: string; entry: string }[]) {
  registered.push(...remotes);
}

export async function loadRemote<T>(id: string): Promise<T | null> {
  const [remote] = id.split('/');
  const entry = registered.find((r) => r.name === remote)?.entry;
  if (!entry) throw new Error(`remote ${remote} is not registered`);
  if (unreachable.has(entry)) throw new Error(`Loading script failed: ${entry}`);
  if (modules.has(id)) return modules.get(id) as T;
  const Marker = (props: Record<string, unknown>) => {
    if (breaking.has(remote!)) throw new Error(`Loading chunk ${remote}-screen failed`);
    lastProps.set(id, props);
    const plain = Object.fromEntries(Object.entries(props).filter(([, v]) => typeof v !== 'object' && typeof v !== 'function'));
    return createElement('div', { 'data-testid': 'remote', 'data-props': JSON.stringify(plain) }, id);
  };
  return { default: Marker } as T;
}
