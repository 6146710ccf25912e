import { Button, Card, Form, Input, Typography } from 'antd';

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
  return (
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
          <Input.Password aria-label="New Password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm New Password">
          <Input.Password
            aria-label="Confirm New Password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
          />
        </Form.Item>
        <Button type="primary" onClick={onChange} disabled={busy !== null || missing} loading={busy === 'password'}>
          {busy === 'password' ? 'Updating...' : 'Change Password'}
        </Button>
        {missing && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
            Please fill in all password fields to change your password.
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
