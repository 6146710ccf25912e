import { useEffect, useReducer, type ComponentProps, type ReactNode } from 'react';
import type { FallbackFrame as Frame } from './FallbackFrame';

/**
 * The fallback frame's chunk. Fetched ahead once someone is signed in (`preloadFallbackFrame`), so
 * that it is at hand when the network is gone and a remote cannot be loaded; fetched again on the
 * next try after a failure.
 */
let loaded: typeof Frame | null = null;
let loading: Promise<void> | null = null;

export function preloadFallbackFrame(): Promise<void> {
  loading ??= import('./FallbackFrame').then(
    (m) => {
      loaded = m.FallbackFrame;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * `children` (a remote's failure screen) inside the fallback frame; alone while the frame's chunk
 * arrives, or if it cannot be fetched either (the next 'Try Again' remounts this and tries again).
 */
export function InFallbackFrame({ children, ...frame }: Omit<ComponentProps<typeof Frame>, 'children'> & { children: ReactNode }) {
  const [, frameArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!loaded)
      preloadFallbackFrame().then(
        () => frameArrived(),
        () => undefined,
      );
  }, []);
  const Loaded = loaded;
  return Loaded ? <Loaded {...frame}>{children}</Loaded> : <>{children}</>;
}
