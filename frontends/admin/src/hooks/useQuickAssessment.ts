import { useState } from 'react';
import { App } from 'antd';
import { errorMessage, type CorestoneClient, type EssayType, type SessionUser } from '@corestone/sdk';
import { assessLocal, createLocal, deleteLocal, listLocal, type LocalSubmission } from '../lib/localAssessment';
import { useIntl } from 'react-intl';

/**
 * Quick Assessment's state: the essay form (type, subject, research question or prescribed title,
 * text), this browser's assessments of `user` (local storage), the one `shown`, and `run` (the
 * submission is stored `processing`, shown, then graded by the server or the local fallback — a
 * warning toast says so — and the list read again) and `remove` (from this browser).
 */
export function useQuickAssessment(client: CorestoneClient, user: SessionUser) {
  const { message } = App.useApp();
  const intl = useIntl();
  const [type, setType] = useState<EssayType>('ee');
  const [subject, setSubject] = useState('');
  const [question, setQuestion] = useState('');
  const [text, setText] = useState('');
  const [items, setItems] = useState<LocalSubmission[]>(() => listLocal(user.id));
  const [open, setOpen] = useState<string | null>(items[0]?.id ?? null);
  const [busy, setBusy] = useState(false);

  const refresh = () => setItems(listLocal(user.id));
  const run = async () => {
    setBusy(true);
    try {
      const sub = createLocal(user, {
        type,
        text,
        subject,
        ...(type === 'ee' ? { researchQuestion: question } : { prescribedTitle: question }),
      });
      refresh();
      setOpen(sub.id);
      const done = await assessLocal(client, sub);
      refresh();
      if (done.source === 'fallback')
        message.warning(
          intl.formatMessage({
            id: 'useQuickAssessment.theServerAssessmentWas',
            defaultMessage: 'The server assessment was not available: the local estimate is shown.',
          }),
        );
    } catch (e) {
      message.error(errorMessage(e));
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const remove = (id: string) => {
    deleteLocal(user, id);
    refresh();
  };
  const shown = items.find((s) => s.id === open) ?? null;

  return {
    form: { type, setType, subject, setSubject, question, setQuestion, text, setText },
    items,
    open,
    setOpen,
    shown,
    busy,
    run,
    remove,
  };
}
