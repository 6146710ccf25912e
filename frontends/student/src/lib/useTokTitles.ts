import { useEffect, useState } from 'react';
import type { CorestoneClient } from '@corestone/sdk';

/** 'Title n: ...' (spec §2 upload wizard). */
export const titleLabel = (n: number, text: string) => `Title ${n}: ${text}`;

export type TokTitlesStatus = 'loading' | 'ready' | 'failed';

/**
 * The current session's prescribed titles as labels ('Title n: ...'), with how the load went and
 * the session's name. An array (the wizard passes it on as the list of titles) carrying the two
 * facts the TOK fields show: while loading, and when the list could not be loaded.
 */
export type TokTitleChoices = string[] & { status: TokTitlesStatus; session: string | null };

const choices = (labels: string[], status: TokTitlesStatus, session: string | null = null): TokTitleChoices =>
  Object.assign([...labels], { status, session });

/**
 * The current session's TOK prescribed titles, served by the content service (an admin sets them
 * each session in the back office). There is ONE list: nothing is bundled with the app. If it
 * cannot be loaded the status is `failed`: the wizard says so and the student types the title
 * (the free "other title" entry is always offered).
 */
export function useTokTitles(client: CorestoneClient): TokTitleChoices {
  const [state, setState] = useState<TokTitleChoices>(() => choices([], 'loading'));
  useEffect(() => {
    let alive = true;
    client.content.tokTitles().then(
      (r) => {
        const titles = r?.data?.titles;
        if (!alive) return;
        if (!Array.isArray(titles)) return setState(choices([], 'failed'));
        setState(
          choices(
            titles.map((t) => titleLabel(t.number, t.text)),
            'ready',
            r.data.session ?? null,
          ),
        );
      },
      (e) => {
        console.warn('TOK prescribed titles unavailable', e);
        if (alive) setState(choices([], 'failed'));
      },
    );
    return () => {
      alive = false;
    };
  }, [client]);
  return state;
}
