import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { errorMessage, type RemoteAppProps } from '@corestone/sdk';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The admin's own OpenAI key (`PUT /users/admin/api-key`), used by the server for this admin's Quick
 * Assessments. Sent once, stored encrypted, only ever shown masked; an empty key removes it.
 */
export function ApiKeyCard({ client, user, refreshUser }: Pick<RemoteAppProps, 'client' | 'user' | 'refreshUser'>) {
  const intl = useIntl();
  const [key, setKey] = useState('');
  const [masked, setMasked] = useState<string | null>(user.openai_api_key ?? null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const save = async (value: string) => {
    setBusy(true);
    setNote(null);
    try {
      const updated = await client.users.setApiKey(value);
      setMasked(updated.openai_api_key ?? null);
      setKey('');
      setNote({
        type: 'success',
        text: value
          ? intl.formatMessage({ id: 'apiKeyCard.saved', defaultMessage: 'API key saved' })
          : intl.formatMessage({ id: 'apiKeyCard.removed', defaultMessage: 'API key removed' }),
      });
      await refreshUser();
    } catch (e) {
      setNote({
        type: 'error',
        text: errorMessage(e, intl.formatMessage({ id: 'apiKeyCard.saveFailed', defaultMessage: 'Failed to save the API key' })),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={<FormattedMessage id="apiKeyCard.openaiApiKey" defaultMessage="OpenAI API key" />}
      variant="borderless"
      data-testid="api-key-card"
    >
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="apiKeyCard.yourOwnKeyForQuick"
          defaultMessage="Your own key for Quick Assessments: the server calls the model with it. It is stored encrypted and never shown again in full."
        />
      </Typography.Paragraph>
      <Typography.Paragraph data-testid="api-key-current">
        {masked ? (
          <FormattedMessage id="apiKeyCard.currentKey" defaultMessage="Current key: {masked}" values={{ masked }} />
        ) : (
          <FormattedMessage id="apiKeyCard.noKey" defaultMessage="No key set: the platform's grader assesses your essays." />
        )}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password
          aria-label={intl.formatMessage({ id: 'apiKeyCard.openaiApiKey', defaultMessage: 'OpenAI API key' })}
          placeholder="sk-…"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          autoComplete="off"
        />
        <Button type="primary" disabled={busy || !key.trim()} loading={busy} onClick={() => save(key.trim())}>
          <FormattedMessage id="apiKeyCard.saveKey" defaultMessage="Save Key" />
        </Button>
      </Space.Compact>
      {masked && (
        <Button style={{ marginTop: 8 }} danger disabled={busy} onClick={() => save('')}>
          <FormattedMessage id="apiKeyCard.removeKey" defaultMessage="Remove Key" />
        </Button>
      )}
      {note && <Alert style={{ marginTop: 12 }} type={note.type} showIcon title={note.text} data-testid="api-key-note" />}
    </Card>
  );
}
