import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { errorMessage, type RemoteAppProps } from '@corestone/sdk';
import { PageHeader } from '../components/common';
import { ApiKeyCard } from '../components/ApiKeyCard';
import { OrganisationSettingsCard } from '../components/OrganisationSettingsCard';
import { ReadOnlyInput } from '../components/readOnly';

type Banner = { type: 'success' | 'error'; text: string } | null;

/**
 * Admin Settings (spec §2): own names and password (messages come from the server); the own OpenAI key for Quick Assessments;
 * the organisation's contact details (used by the policies) and the enquiries inbox.
 */
export function Settings({ client, user, refreshUser }: RemoteAppProps) {
  const [first, setFirst] = useState(user.first_name);
  const [last, setLast] = useState(user.last_name);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState<'profile' | 'password' | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const namesMissing = !first.trim() || !last.trim();
  const passwordMissing = !current || !next || !confirm;

  const saveProfile = async () => {
    setBusy('profile');
    setBanner(null);
    try {
      await client.users.updateMe({ first_name: first.trim(), last_name: last.trim() });
      await refreshUser();
      setBanner({ type: 'success', text: 'Profile updated successfully' });
    } catch (e) {
      setBanner({ type: 'error', text: errorMessage(e, 'Failed to update profile') });
    } finally {
      setBusy(null);
    }
  };

  const changePassword = async () => {
    setBanner(null);
    if (next !== confirm) return setBanner({ type: 'error', text: 'Passwords do not match' });
    setBusy('password');
    try {
      const res = await client.users.updatePassword(current, next);
      if (res.success === false) throw new Error(res.message);
      setBanner({ type: 'success', text: res.message || 'Password updated successfully' });
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (e) {
      setBanner({ type: 'error', text: errorMessage(e, 'Failed to update password') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="admin-settings" style={{ maxWidth: 880 }}>
      <PageHeader title="Admin Settings" subtitle="Manage your account settings" />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="Update Profile" variant="borderless" style={{ height: '100%' }}>
            <Form layout="vertical">
              <Form.Item label="First Name">
                <Input aria-label="First Name" value={first} onChange={(e) => setFirst(e.target.value)} />
              </Form.Item>
              <Form.Item label="Last Name">
                <Input aria-label="Last Name" value={last} onChange={(e) => setLast(e.target.value)} />
              </Form.Item>
              <Form.Item label="Email" extra="Email cannot be changed. Contact support if you need to update your email address.">
                <ReadOnlyInput aria-label="Email" value={user.email} />
              </Form.Item>
              <Button type="primary" onClick={saveProfile} disabled={busy !== null || namesMissing} loading={busy === 'profile'}>
                {busy === 'profile' ? 'Updating...' : 'Update Profile'}
              </Button>
              {namesMissing && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
                  Please fill in both first name and last name to update your profile.
                </Typography.Paragraph>
              )}
            </Form>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Change Password" variant="borderless" style={{ height: '100%' }}>
            <Form layout="vertical">
              <Form.Item label="Current Password">
                <Input.Password
                  aria-label="Current Password"
                  value={current}
                  onChange={(e) => setCurrent(e.target.value)}
                  autoComplete="current-password"
                />
              </Form.Item>
              <Form.Item label="New Password" extra="Minimum 6 characters">
                <Input.Password
                  aria-label="New Password"
                  value={next}
                  onChange={(e) => setNext(e.target.value)}
                  autoComplete="new-password"
                />
              </Form.Item>
              <Form.Item label="Confirm New Password">
                <Input.Password
                  aria-label="Confirm New Password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  autoComplete="new-password"
                />
              </Form.Item>
              <Button type="primary" onClick={changePassword} disabled={busy !== null || passwordMissing} loading={busy === 'password'}>
                {busy === 'password' ? 'Updating...' : 'Change Password'}
              </Button>
              {passwordMissing && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
                  Please fill in all password fields to change your password.
                </Typography.Paragraph>
              )}
            </Form>
          </Card>
        </Col>
        <Col xs={24}>
          <ApiKeyCard client={client} user={user} refreshUser={refreshUser} />
        </Col>
        <Col xs={24}>
          <OrganisationSettingsCard client={client} user={user} />
        </Col>
      </Row>
      {banner && <Alert style={{ marginTop: 16 }} type={banner.type} showIcon title={banner.text} data-testid="settings-banner" />}
    </div>
  );
}
