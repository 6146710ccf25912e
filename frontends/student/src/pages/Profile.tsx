import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Col, Form, Input, Radio, Row, Space, Tag, Typography } from 'antd';
import { errorMessage, isGradingRole, ROLE_COLORS, roleLabel, type RemoteAppProps } from '@corestone/sdk';
import { Heading, PageHeading } from '@corestone/ui/app-frame';
import { AvatarEditor } from '../components/AvatarEditor';
import { EmailNotificationsCard } from '../components/EmailNotificationsCard';
import { formatDate } from '../lib/evaluation';

export function Profile({ user, client, refreshUser }: RemoteAppProps) {
  const { notification } = AntApp.useApp();
  const [first, setFirst] = useState(user.first_name);
  const [last, setLast] = useState(user.last_name);
  const [role, setRole] = useState<'student' | 'teacher'>(user.role === 'teacher' ? 'teacher' : 'student');
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pwBusy, setPwBusy] = useState(false);
  const [pwError, setPwError] = useState<string | null>(null);

  const grading = isGradingRole(user);
  const mismatch = !!next && !!confirm && next !== confirm;

  const save = async () => {
    if (!first.trim()) return setNameError('First name is required');
    setNameError(null);
    setSaving(true);
    try {
      const saved = await client.users.updateMe({
        first_name: first.trim(),
        last_name: last.trim(),
        ...(grading ? { user_type: role } : {}),
      });
      // the fields show what was stored (trimmed, inner spaces made one by the server)
      setFirst(saved.first_name);
      setLast(saved.last_name);
      await refreshUser();
      notification.success({ title: 'Profile Updated', duration: 5 });
    } catch {
      notification.error({ title: 'Update Failed', description: 'Failed to update profile.', duration: 7 });
    } finally {
      setSaving(false);
    }
  };

  const changePassword = async () => {
    if (!current || !next || !confirm) return setPwError('Please fill out all fields.');
    if (next !== confirm) return setPwError('New passwords do not match.');
    setPwError(null);
    setPwBusy(true);
    try {
      await client.users.updatePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      notification.success({ title: 'Password Updated', duration: 5 });
    } catch (e) {
      setPwError(errorMessage(e, 'Failed to update password. Please try again.'));
    } finally {
      setPwBusy(false);
    }
  };

  return (
    <div>
      <PageHeading title="Profile" subtitle="Your account details" />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card variant="borderless" title="Personal information">
            <Space size={20} style={{ marginBottom: 24 }} align="center">
              <AvatarEditor user={user} client={client} refreshUser={refreshUser} />
              <div>
                <Heading level={2} size={4} style={{ margin: 0 }}>
                  {user.name}
                </Heading>
                <Tag color={ROLE_COLORS[user.role]} style={{ marginInlineEnd: 8 }}>
                  {roleLabel(user.role)}
                </Tag>
                <Typography.Text type="secondary">Member since {formatDate(user.createdAt)}</Typography.Text>
              </div>
            </Space>
            <Form layout="vertical" component="div">
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="First Name"
                    htmlFor="profile-first"
                    required
                    validateStatus={nameError ? 'error' : undefined}
                    help={nameError ?? undefined}
                  >
                    <Input id="profile-first" value={first} onChange={(e) => setFirst(e.target.value)} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Last Name" htmlFor="profile-last">
                    <Input id="profile-last" value={last} onChange={(e) => setLast(e.target.value)} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="Email" htmlFor="profile-email">
                <Input id="profile-email" value={user.email} readOnly disabled />
              </Form.Item>
              {grading && (
                <Form.Item label="Account Role">
                  <Radio.Group value={role} onChange={(e) => setRole(e.target.value)} optionType="button" buttonStyle="solid">
                    <Radio.Button value="student">Student</Radio.Button>
                    <Radio.Button value="teacher">Teacher</Radio.Button>
                  </Radio.Group>
                </Form.Item>
              )}
              <Button type="primary" loading={saving} onClick={save}>
                Save Changes
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" title="Change password">
            <Form layout="vertical" component="div">
              <Form.Item label="Current Password" htmlFor="pw-current">
                <Input.Password
                  id="pw-current"
                  value={current}
                  onChange={(e) => setCurrent(e.target.value)}
                  autoComplete="current-password"
                />
              </Form.Item>
              <Form.Item label="New Password" htmlFor="pw-new">
                <Input.Password id="pw-new" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                label="Confirm New Password"
                htmlFor="pw-confirm"
                validateStatus={mismatch ? 'error' : undefined}
                help={mismatch ? 'Passwords do not match' : undefined}
              >
                <Input.Password id="pw-confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
              </Form.Item>
              {pwError && <Alert type="error" showIcon title={pwError} style={{ marginBottom: 16 }} />}
              <Button type="primary" loading={pwBusy} disabled={!next || !confirm || next !== confirm} onClick={changePassword}>
                Update Password
              </Button>
            </Form>
          </Card>
          <EmailNotificationsCard user={user} client={client} refreshUser={refreshUser} />
        </Col>
      </Row>
    </div>
  );
}
