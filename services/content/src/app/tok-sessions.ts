import { Codes, Messages, type TokSession, type TokSessionInput, type TokTitles } from '@corestone/contracts';
import { notFound, type GenerationCache } from '@corestone/service-kit';
import type { TokSessionStore } from '../store/tok-sessions';

/** The cache entry of the public list (the current session's titles); also its path under /general/. */
export const TOK_TITLES = 'tok-prescribed-titles';

export interface TokSessionDeps {
  sessions: TokSessionStore;
  cache: GenerationCache;
}

/** The current session's titles (the upload wizard), through the cache. */
export async function currentTitles({ sessions, cache }: TokSessionDeps): Promise<TokTitles> {
  const data = await cache.get(TOK_TITLES, () => sessions.current());
  if (!data) throw notFound(Messages.CONTENT_NOT_FOUND, Codes.CONTENT_NOT_FOUND);
  return data;
}

/** Every change to a session may change the public list: each drops the cached titles after it. */
async function thenForget<T>(cache: GenerationCache, change: Promise<T>): Promise<T> {
  const result = await change;
  await cache.invalidate(TOK_TITLES);
  return result;
}

export const createSession = (d: TokSessionDeps, input: TokSessionInput, editor: string): Promise<TokSession> =>
  thenForget(d.cache, d.sessions.create(input, editor));

export const updateSession = (d: TokSessionDeps, id: string, input: TokSessionInput, editor: string): Promise<TokSession> =>
  thenForget(d.cache, d.sessions.update(id, input, editor));

export const makeSessionCurrent = (d: TokSessionDeps, id: string, editor: string): Promise<TokSession> =>
  thenForget(d.cache, d.sessions.makeCurrent(id, editor));

export const removeSession = (d: TokSessionDeps, id: string): Promise<void> => thenForget(d.cache, d.sessions.remove(id));
