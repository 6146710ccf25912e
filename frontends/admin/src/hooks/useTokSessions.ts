import { useMemo, useState } from 'react';
import { App } from 'antd';
import { errorMessage, type CorestoneClient, type TokSession } from '@corestone/sdk';
import { useLoad } from '../components/common';
import { draftDirty, draftProblems, type TokDraft } from '../lib/tokTitles';
import { useIntl } from 'react-intl';

/**
 * The TOK sessions (GET /general/tok-sessions, the current one first), the one shown (`selected`:
 * the chosen one, else the first), and the session being written (`draft`, `dirty` against the
 * session it edits; `problems` once Save was tried). `save` creates or updates and shows the saved
 * session, `makeCurrent` and `remove` act on one; each says its success in a toast and its failure
 * in `error`, and the list is read again after it.
 */
export function useTokSessions(client: CorestoneClient) {
  const { message } = App.useApp();
  const intl = useIntl();
  const sessions = useLoad(() => client.content.tokSessions().then((r) => r.sessions), [client]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<TokDraft | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const list = useMemo(() => sessions.data ?? [], [sessions.data]);
  // the chosen session, else the first (the current one: the server lists it first)
  const selected = list.find((s) => s.id === selectedId) ?? list[0];
  const original = draft?.id ? list.find((s) => s.id === draft.id) : undefined;
  const dirty = draftDirty(draft, original);
  const problems = draft && tried ? draftProblems(draft, intl) : [];

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      message.success(done);
    } catch (e) {
      setError(errorMessage(e, intl.formatMessage({ id: 'tokSessions.saveFailed', defaultMessage: 'Failed to save the TOK titles' })));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (!draft) return;
    setTried(true);
    if (draftProblems(draft, intl).length) return;
    const body = { session: draft.session.trim(), titles: draft.titles.map((t) => t.trim()) };
    void run(
      async () => {
        const saved = draft.id ? await client.content.updateTokSession(draft.id, body) : await client.content.createTokSession(body);
        setDraft(null);
        setTried(false);
        setSelectedId(saved.data.id);
        sessions.reload();
      },
      intl.formatMessage({ id: 'tokSessions.saved', defaultMessage: 'TOK titles saved' }),
    );
  };

  /** Drops the draft (the caller asked first when it was dirty). */
  const cancel = () => {
    setDraft(null);
    setTried(false);
  };

  /** Shows another session, dropping the draft (the caller asked first when it was dirty). */
  const select = (id: string) => {
    setDraft(null);
    setSelectedId(id);
  };

  const makeCurrent = (s: TokSession) =>
    void run(
      async () => {
        await client.content.makeTokSessionCurrent(s.id);
        sessions.reload();
      },
      intl.formatMessage({ id: 'tokSessions.nowCurrent', defaultMessage: '{session} is now the current session' }, { session: s.session }),
    );

  const remove = (s: TokSession) =>
    run(
      async () => {
        await client.content.deleteTokSession(s.id);
        setSelectedId(null);
        sessions.reload();
      },
      intl.formatMessage({ id: 'tokSessions.deleted', defaultMessage: 'Session deleted' }),
    );

  return { sessions, list, selected, draft, setDraft, original, dirty, problems, busy, error, save, cancel, select, makeCurrent, remove };
}
