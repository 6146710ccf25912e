/**
 * What a Transport tells the app about the session: the events, their listeners, and the
 * cross-tab `storage` listener that turns another tab's sign-in or sign-out into events here.
 */
import { STORAGE_KEYS, type TokenStore } from './tokens';

export type ClientEvent =
  /**
   * the server ended the session (refused refresh, deactivated account): tokens were cleared;
   * payload is the message to show ('Session expired…' or the deactivated text)
   */
  | 'session-expired'
  /** tokens or stored user changed (this tab or another tab) */
  | 'tokens-changed'
  /** tokens removed in another tab */
  | 'signed-out';

type Listener = (payload?: unknown) => void;

export class SessionEvents {
  private listeners = new Map<ClientEvent, Set<Listener>>();

  on(event: ClientEvent, fn: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return () => set!.delete(fn);
  }

  emit(event: ClientEvent, payload?: unknown): void {
    for (const fn of this.listeners.get(event) ?? []) {
      try {
        fn(payload);
      } catch {
        /* listener errors never break the client */
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

/**
 * Listens on `target` for another tab changing the stored tokens or user: `signed-out` when the
 * access token is gone, else `tokens-changed`. Answers the function that stops listening.
 */
export function listenToOtherTabs(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  tokens: TokenStore,
  events: SessionEvents,
): () => void {
  const onStorage = (e: StorageEvent) => {
    const keys: string[] = Object.values(STORAGE_KEYS);
    if (e.key !== null && !keys.includes(e.key)) return;
    if ((e.key === STORAGE_KEYS.accessToken && e.newValue === null) || e.key === null) {
      if (!tokens.accessToken) {
        events.emit('signed-out');
        return;
      }
    }
    events.emit('tokens-changed');
  };
  target.addEventListener('storage', onStorage as EventListener);
  return () => target.removeEventListener('storage', onStorage as EventListener);
}
