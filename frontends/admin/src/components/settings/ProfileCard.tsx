import { Button, Card, Form, Input, Typography } from 'antd';
import { ReadOnlyInput } from '../readOnly';
import { FormattedMessage, useIntl } from 'react-intl';

/** Update Profile: first and last name (both needed), the e-mail read-only. */
export function ProfileCard({
  first,
  setFirst,
  last,
  setLast,
  email,
  missing,
  busy,
  onSave,
}: {
  first: string;
  setFirst: (v: string) => void;
  last: string;
  setLast: (v: string) => void;
  email: string;
  missing: boolean;
  /** which of the screen's actions runs */
  busy: 'profile' | 'password' | null;
  onSave: () => void;
}) {
  const intl = useIntl();
  return (
    <Card
      title={<FormattedMessage id="profileCard.updateProfile" defaultMessage="Update Profile" />}
      variant="borderless"
      style={{ height: '100%' }}
    >
      <Form layout="vertical">
        <Form.Item label={<FormattedMessage id="profileCard.firstName" defaultMessage="First Name" />}>
          <Input
            aria-label={intl.formatMessage({ id: 'profileCard.firstName', defaultMessage: 'First Name' })}
            value={first}
            onChange={(e) => setFirst(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={<FormattedMessage id="profileCard.lastName" defaultMessage="Last Name" />}>
          <Input
            aria-label={intl.formatMessage({ id: 'profileCard.lastName', defaultMessage: 'Last Name' })}
            value={last}
            onChange={(e) => setLast(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={<FormattedMessage id="profileCard.email" defaultMessage="Email" />}
          extra={
            <FormattedMessage
              id="profileCard.emailCannotBeChangedContact"
              defaultMessage="Email cannot be changed. Contact support if you need to update your email address."
            />
          }
        >
          <ReadOnlyInput aria-label={intl.formatMessage({ id: 'profileCard.email', defaultMessage: 'Email' })} value={email} />
        </Form.Item>
        <Button type="primary" onClick={onSave} disabled={busy !== null || missing} loading={busy === 'profile'}>
          {busy === 'profile' ? (
            <FormattedMessage id="account.updating" defaultMessage="Updating..." />
          ) : (
            <FormattedMessage id="profileCard.updateProfile" defaultMessage="Update Profile" />
          )}
        </Button>
        {missing && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
            <FormattedMessage
              id="profileCard.pleaseFillInBothFirst"
              defaultMessage="Please fill in both first name and last name to update your profile."
            />
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
