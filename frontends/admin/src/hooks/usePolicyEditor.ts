import { useEffect, useState } from 'react';
import { App } from 'antd';
import { errorMessage, type CorestoneClient, type Policy, type PolicyId, type PolicyStatus } from '@corestone/sdk';
import { useIntl } from 'react-intl';

/** The content service's limit of a policy's text (contracts' PolicyUpdate). */
export const POLICY_MAX_CHARS = 200_000;

/**
 * The editor of the selected policy (`current`, stored as `title`, named `shownTitle` on screen): the draft text and status while
 * editing, whether they differ from what is stored (`dirty`) or are too long, and `save`
 * (PUT /general/{id}, then the stored policy again, handed to `onSaved`). Choosing another policy
 * ends the editing.
 */
export function usePolicyEditor(
  client: CorestoneClient,
  selected: PolicyId,
  current: Policy | undefined,
  title: string,
  shownTitle: string,
  onSaved: (policy: Policy) => void,
) {
  const { message } = App.useApp();
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [status, setStatus] = useState<PolicyStatus>('published');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setEditing(false);
    setError(null);
  }, [selected]);

  const dirty = editing && (draft !== (current?.content ?? '') || status !== (current?.status ?? 'draft'));
  const tooLong = editing && draft.length > POLICY_MAX_CHARS;

  const startEdit = () => {
    setDraft(current?.content ?? '');
    setStatus(current?.status ?? 'draft');
    setEditing(true);
    setError(null);
  };
  const stopEdit = () => setEditing(false);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await client.content.updatePolicy(selected, { title: current?.title ?? title, content: draft, status });
      const fresh = await client.content.policy(selected);
      onSaved(fresh.data);
      setEditing(false);
      message.success(intl.formatMessage({ id: 'policyEditor.saved', defaultMessage: '{title} saved' }, { title: shownTitle }));
    } catch (e) {
      setError(
        errorMessage(
          e,
          intl.formatMessage({ id: 'policyEditor.saveFailed', defaultMessage: 'Failed to update content. Please try again.' }),
        ),
      );
    } finally {
      setSaving(false);
    }
  };

  return { editing, draft, setDraft, status, setStatus, saving, error, dirty, tooLong, startEdit, stopEdit, save };
}
