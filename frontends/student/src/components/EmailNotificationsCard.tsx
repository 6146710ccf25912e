import { useState } from 'react';
import { App as AntApp, Card, Space, Switch, Typography } from 'antd';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { errorMessage, type EmailNotifications, type RemoteAppProps } from '@corestone/sdk';

/** The mails a member can switch off (issue 31), in the profile's words. */
export const EMAIL_CHOICES: { key: keyof EmailNotifications; label: MessageDescriptor; help: MessageDescriptor }[] = [
  {
    key: 'assignment_opened',
    label: { id: 'mail.opened', defaultMessage: 'An assignment opens' },
    help: { id: 'mail.openedHelp', defaultMessage: 'When a teacher opens an assignment for one of your classes.' },
  },
  {
    key: 'assignment_due_soon',
    label: { id: 'mail.dueSoon', defaultMessage: 'An assignment is due in 24 hours' },
    help: { id: 'mail.dueSoonHelp', defaultMessage: 'Only while you have not submitted it.' },
  },
  {
    key: 'result_released',
    label: { id: 'mail.released', defaultMessage: 'A result is released' },
    help: { id: 'mail.releasedHelp', defaultMessage: 'When your teacher releases a reviewed result.' },
  },
];

const ALL_ON: EmailNotifications = { assignment_opened: true, assignment_due_soon: true, result_released: true };

/** Profile: each e-mail on or off (PUT /users/me `email_notifications`; absent means on). */
export function EmailNotificationsCard({ user, client, refreshUser }: Pick<RemoteAppProps, 'user' | 'client' | 'refreshUser'>) {
  const { notification } = AntApp.useApp();
  const intl = useIntl();
  const [choices, setChoices] = useState<EmailNotifications>(user.email_notifications ?? ALL_ON);
  const [busy, setBusy] = useState<keyof EmailNotifications | null>(null);

  const change = async (key: keyof EmailNotifications, on: boolean) => {
    setBusy(key);
    try {
      const saved = await client.users.updateMe({ email_notifications: { [key]: on } });
      setChoices(saved.email_notifications ?? { ...choices, [key]: on });
      await refreshUser();
    } catch (e) {
      notification.error({
        title: intl.formatMessage({ id: 'profile.updateFailed', defaultMessage: 'Update Failed' }),
        description: errorMessage(
          e,
          intl.formatMessage({ id: 'mail.saveFailed', defaultMessage: 'Your e-mail choice could not be saved.' }),
        ),
        duration: 7,
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      variant="borderless"
      title={intl.formatMessage({ id: 'mail.title', defaultMessage: 'E-mail notifications' })}
      data-testid="email-notifications"
      style={{ marginTop: 24 }}
    >
      <Space orientation="vertical" size={14} style={{ width: '100%' }}>
        {EMAIL_CHOICES.map((c) => (
          <div key={c.key} style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            <Switch
              id={`mail-${c.key}`}
              aria-label={intl.formatMessage(c.label)}
              checked={choices[c.key]}
              loading={busy === c.key}
              onChange={(on) => void change(c.key, on)}
            />
            <label htmlFor={`mail-${c.key}`}>
              <Typography.Text strong>{intl.formatMessage(c.label)}</Typography.Text>
              <div style={{ fontSize: 13, color: '#64748b' }}>{intl.formatMessage(c.help)}</div>
            </label>
          </div>
        ))}
      </Space>
    </Card>
  );
}
