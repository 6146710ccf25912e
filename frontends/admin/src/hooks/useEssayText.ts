import { useEffect, useState } from 'react';
import { errorMessage, type CorestoneClient } from '@corestone/sdk';
import { useIntlRef } from '@corestone/ui/i18n';

/** A submission's essay text (GET /evaluation/admin/{id}/text): null while it loads, or the failure's text. */
export function useEssayText(client: CorestoneClient, id: string) {
  const intlRef = useIntlRef();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    client.admin.essayText(id).then(
      (t) => alive && setText(t.text),
      (e) =>
        alive &&
        setError(
          errorMessage(
            e,
            intlRef.current.formatMessage({ id: 'essayText.loadFailed', defaultMessage: 'The essay text could not be loaded' }),
          ),
        ),
    );
    return () => {
      alive = false;
    };
  }, [client, id, intlRef]);
  return { text, error };
}
