import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Col, Form, Input, Radio, Row, Space, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage, isGradingRole, ROLE_COLORS, type RemoteAppProps, type SessionRole } from '@corestone/sdk';
import { Heading, PageHeading } from '@corestone/ui/app-frame';
import { AvatarEditor } from '../components/AvatarEditor';
import { EmailNotificationsCard } from '../components/EmailNotificationsCard';
import { LanguageCard } from '../components/LanguageCard';
import { formatDate } from '../lib/evaluation';

const ROLE_NAMES = {
  student: { id: 'profile.role.student', defaultMessage: 'Student' },
  teacher: { id: 'profile.role.teacher', defaultMessage: 'Teacher' },
  admin: { id: 'profile.role.admin', defaultMessage: 'Admin' },
  'super-admin': { id: 'profile.role.superAdmin', defaultMessage: 'Super Admin' },
} satisfies Record<SessionRole, { id: string; defaultMessage: string }>;

export function Profile({ user, client, refreshUser }: RemoteAppProps) {
  const { notification } = AntApp.useApp();
  const intl = useIntl();
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
    if (!first.trim()) return setNameError(intl.formatMessage({ id: 'profile.firstRequired', defaultMessage: 'First name is required' }));
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
      notification.success({ title: intl.formatMessage({ id: 'profile.updated', defaultMessage: 'Profile Updated' }), duration: 5 });
    } catch {
      notification.error({
        title: intl.formatMessage({ id: 'profile.updateFailed', defaultMessage: 'Update Failed' }),
        description: intl.formatMessage({ id: 'profile.updateFailedText', defaultMessage: 'Failed to update profile.' }),
        duration: 7,
      });
    } finally {
      setSaving(false);
    }
  };

  const changePassword = async () => {
    if (!current || !next || !confirm)
      return setPwError(intl.formatMessage({ id: 'profile.fillAll', defaultMessage: 'Please fill out all fields.' }));
    if (next !== confirm)
      return setPwError(intl.formatMessage({ id: 'profile.newMismatch', defaultMessage: 'New passwords do not match.' }));
    setPwError(null);
    setPwBusy(true);
    try {
      await client.users.updatePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      notification.success({
        title: intl.formatMessage({ id: 'profile.passwordUpdated', defaultMessage: 'Password Updated' }),
        duration: 5,
      });
    } catch (e) {
      setPwError(
        errorMessage(
          e,
          intl.formatMessage({ id: 'profile.passwordFailed', defaultMessage: 'Failed to update password. Please try again.' }),
        ),
      );
    } finally {
      setPwBusy(false);
    }
  };

  return (
    <div>
      <PageHeading
        title={intl.formatMessage({ id: 'profile.title', defaultMessage: 'Profile' })}
        subtitle={intl.formatMessage({ id: 'profile.subtitle', defaultMessage: 'Your account details' })}
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card variant="borderless" title={intl.formatMessage({ id: 'profile.personal', defaultMessage: 'Personal information' })}>
            <Space size={20} style={{ marginBottom: 24 }} align="center">
              <AvatarEditor user={user} client={client} refreshUser={refreshUser} />
              <div>
                <Heading level={2} size={4} style={{ margin: 0 }}>
                  {user.name}
                </Heading>
                <Tag color={ROLE_COLORS[user.role]} style={{ marginInlineEnd: 8 }}>
                  {intl.formatMessage(ROLE_NAMES[user.role] ?? ROLE_NAMES.student)}
                </Tag>
                <Typography.Text type="secondary">
                  <FormattedMessage
                    id="profile.memberSince"
                    defaultMessage="Member since {date}"
                    values={{ date: formatDate(user.createdAt, intl) }}
                  />
                </Typography.Text>
              </div>
            </Space>
            <Form layout="vertical" component="div">
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    label={intl.formatMessage({ id: 'profile.firstName', defaultMessage: 'First Name' })}
                    htmlFor="profile-first"
                    required
                    validateStatus={nameError ? 'error' : undefined}
                    help={nameError ?? undefined}
                  >
                    <Input id="profile-first" value={first} onChange={(e) => setFirst(e.target.value)} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label={intl.formatMessage({ id: 'profile.lastName', defaultMessage: 'Last Name' })} htmlFor="profile-last">
                    <Input id="profile-last" value={last} onChange={(e) => setLast(e.target.value)} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label={intl.formatMessage({ id: 'profile.email', defaultMessage: 'Email' })} htmlFor="profile-email">
                <Input id="profile-email" value={user.email} readOnly disabled />
              </Form.Item>
              {grading && (
                <Form.Item label={intl.formatMessage({ id: 'profile.accountRole', defaultMessage: 'Account Role' })}>
                  <Radio.Group value={role} onChange={(e) => setRole(e.target.value)} optionType="button" buttonStyle="solid">
                    <Radio.Button value="student">{intl.formatMessage(ROLE_NAMES.student)}</Radio.Button>
                    <Radio.Button value="teacher">{intl.formatMessage(ROLE_NAMES.teacher)}</Radio.Button>
                  </Radio.Group>
                </Form.Item>
              )}
              <Button type="primary" loading={saving} onClick={save}>
                <FormattedMessage id="profile.save" defaultMessage="Save Changes" />
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" title={intl.formatMessage({ id: 'profile.changePassword', defaultMessage: 'Change password' })}>
            <Form layout="vertical" component="div">
              <Form.Item
                label={intl.formatMessage({ id: 'profile.currentPassword', defaultMessage: 'Current Password' })}
                htmlFor="pw-current"
              >
                <Input.Password
                  id="pw-current"
                  value={current}
                  onChange={(e) => setCurrent(e.target.value)}
                  autoComplete="current-password"
                />
              </Form.Item>
              <Form.Item label={intl.formatMessage({ id: 'profile.newPassword', defaultMessage: 'New Password' })} htmlFor="pw-new">
                <Input.Password id="pw-new" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                label={intl.formatMessage({ id: 'profile.confirmPassword', defaultMessage: 'Confirm New Password' })}
                htmlFor="pw-confirm"
                validateStatus={mismatch ? 'error' : undefined}
                help={mismatch ? intl.formatMessage({ id: 'profile.mismatch', defaultMessage: 'Passwords do not match' }) : undefined}
              >
                <Input.Password id="pw-confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
              </Form.Item>
              {pwError && <Alert type="error" showIcon title={pwError} style={{ marginBottom: 16 }} />}
              <Button type="primary" loading={pwBusy} disabled={!next || !confirm || next !== confirm} onClick={changePassword}>
                <FormattedMessage id="profile.updatePassword" defaultMessage="Update Password" />
              </Button>
            </Form>
          </Card>
          <LanguageCard user={user} client={client} refreshUser={refreshUser} />
          <EmailNotificationsCard user={user} client={client} refreshUser={refreshUser} />
        </Col>
      </Row>
    </div>
  );
}
