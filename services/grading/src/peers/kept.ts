/**
 * Answers of a peer kept per key in this process for `ttlMs` (calls in flight shared; at most `max`
 * keys, the oldest dropped). A failed call is not kept: the next caller asks again.
 */
export function keptPerKey<T>(load: (key: string) => Promise<T>, opts: { ttlMs: number; max: number }): (key: string) => Promise<T> {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return (key) => {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && now - hit.at < opts.ttlMs) return hit.value;
    const value = load(key);
    kept.delete(key);
    kept.set(key, { at: now, value });
    if (kept.size > opts.max) kept.delete(kept.keys().next().value!);
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
