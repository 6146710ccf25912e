import { useCallback, useState } from 'react';
import { App } from 'antd';
import { errorMessage } from '@corestone/sdk';

/**
 * Which of a screen's actions is under way (its button shows a spinner): `run(key, fn, failure)`
 * marks `key` busy while `fn` runs and shows `failure` (or the server's text) as an error toast.
 */
export function useBusy() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(
    async (key: string, fn: () => Promise<void>, failure: string) => {
      setBusy(key);
      try {
        await fn();
      } catch (e) {
        message.error(errorMessage(e, failure));
      } finally {
        setBusy(null);
      }
    },
    [message],
  );
  return { busy, run };
}
