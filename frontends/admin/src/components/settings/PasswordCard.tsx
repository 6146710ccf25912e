import { Button, Card, Form, Input, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';

/** Change Password: current, new and confirmation (all three needed). */
export function PasswordCard({
  current,
  setCurrent,
  next,
  setNext,
  confirm,
  setConfirm,
  missing,
  busy,
  onChange,
}: {
  current: string;
  setCurrent: (v: string) => void;
  next: string;
  setNext: (v: string) => void;
  confirm: string;
  setConfirm: (v: string) => void;
  missing: boolean;
  /** which of the screen's actions runs */
  busy: 'profile' | 'password' | null;
  onChange: () => void;
}) {
  const intl = useIntl();
  return (
    <Card
      title={<FormattedMessage id="passwordCard.changePassword" defaultMessage="Change Password" />}
      variant="borderless"
      style={{ height: '100%' }}
    >
      <Form layout="vertical">
        <Form.Item label={<FormattedMessage id="passwordCard.currentPassword" defaultMessage="Current Password" />}>
          <Input.Password
            aria-label={intl.formatMessage({ id: 'passwordCard.currentPassword', defaultMessage: 'Current Password' })}
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item
          label={<FormattedMessage id="passwordCard.newPassword" defaultMessage="New Password" />}
          extra={<FormattedMessage id="passwordCard.minimum6Characters" defaultMessage="Minimum 6 characters" />}
        >
          <Input.Password
            aria-label={intl.formatMessage({ id: 'passwordCard.newPassword', defaultMessage: 'New Password' })}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item label={<FormattedMessage id="passwordCard.confirmNewPassword" defaultMessage="Confirm New Password" />}>
          <Input.Password
            aria-label={intl.formatMessage({ id: 'passwordCard.confirmNewPassword', defaultMessage: 'Confirm New Password' })}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
          />
        </Form.Item>
        <Button type="primary" onClick={onChange} disabled={busy !== null || missing} loading={busy === 'password'}>
          {busy === 'password' ? (
            <FormattedMessage id="account.updating" defaultMessage="Updating..." />
          ) : (
            <FormattedMessage id="passwordCard.changePassword" defaultMessage="Change Password" />
          )}
        </Button>
        {missing && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
            <FormattedMessage
              id="passwordCard.pleaseFillInAllPassword"
              defaultMessage="Please fill in all password fields to change your password."
            />
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
