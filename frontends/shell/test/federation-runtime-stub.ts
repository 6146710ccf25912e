/** Stand-in for @module-federation/enhanced/runtime under jest: records registrations. */
export const registered: { name: string; entry: string }[] = [];
export function registerRemotes(remotes: { name: string; entry: string }[]) {
  registered.push(...remotes);
}
export async function loadRemote<T>(id: string): Promise<T | null> {
  const [remote, expose] = id.split('/');
  if (remote !== 'student') return null;
  return (await import(`../../student/src/exposes/${expose}.tsx`)) as T;
}
