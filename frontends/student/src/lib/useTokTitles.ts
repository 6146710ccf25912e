import { useEffect, useState } from 'react';
import type { CorestoneClient } from '@corestone/sdk';
import { TOK_PRESCRIBED_TITLES } from '../data/subjects';

/** 'Title n: ...' (spec §2 upload wizard). */
export const titleLabel = (n: number, text: string) => `Title ${n}: ${text}`;
const BUNDLED = TOK_PRESCRIBED_TITLES.map((t, i) => titleLabel(i + 1, t));

/**
 * The session's TOK prescribed titles as the content service serves them (admins update them each
 * session). If the service cannot answer, the titles bundled with the app keep the wizard usable.
 */
export function useTokTitles(client: CorestoneClient): string[] {
  const [labels, setLabels] = useState<string[]>(BUNDLED);
  useEffect(() => {
    let alive = true;
    client.content.tokTitles().then(
      (r) => {
        const titles = r?.data?.titles;
        if (alive && Array.isArray(titles) && titles.length) setLabels(titles.map((t) => titleLabel(t.number, t.text)));
      },
      (e) => console.warn('TOK titles unavailable; using the bundled list', e),
    );
    return () => {
      alive = false;
    };
  }, [client]);
  return labels;
}
