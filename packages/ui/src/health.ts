import { useEffect, useState } from 'react';
import type { CorestoneClient, Health } from '@corestone/sdk';

/** The last answer, so a remounted indicator shows it at once instead of 'Checking...'. */
let lastHealth: Health | 'error' | null = null;

/**
 * GET /api/v1/health, checked again every `everyMs`: null while the first answer is awaited,
 * 'error' when the gateway cannot be reached. What the answer is shown as is each app's.
 */
export function useHealth(client: CorestoneClient, everyMs = 30_000) {
  const [health, setHealthState] = useState<Health | null | 'error'>(lastHealth);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    const setHealth = (h: Health | 'error') => {
      lastHealth = h;
      if (alive) setHealthState(h);
    };
    const check = () => client.health().then(setHealth, () => setHealth('error'));
    void check();
    const t = setInterval(check, everyMs);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, [client, everyMs, tick]);
  return { health, recheck: () => setTick((n) => n + 1) };
}
