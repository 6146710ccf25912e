/**
 * Unsent work a screen keeps in this tab's sessionStorage (the upload wizard's details), per
 * signed-in user, under one prefix: a reload or an expired session keeps it, signing out forgets
 * all of it (on a shared computer the next person must not find it in the browser's storage).
 */
const DRAFT_PREFIX = 'corestone.draft.';

/** The storage key of one draft: `corestone.draft.<part>.<part>…`. */
export const draftKey = (...parts: string[]): string => DRAFT_PREFIX + parts.join('.');

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (some private modes throw on access)
  }
}

/** Every draft of this tab, any user, removed (sign-out). */
export function forgetDrafts(storage: Storage | null = tabStorage()): void {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => !!k?.startsWith(DRAFT_PREFIX));
    for (const k of keys) storage.removeItem(k);
  } catch {}
}
