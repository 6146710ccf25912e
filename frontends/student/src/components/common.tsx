import { Link } from 'react-router-dom';
import { Alert, Button, Space } from 'antd';
import { canGrade, creditLabel, isGradingRole, type CorestoneClient, type SessionUser } from '@corestone/sdk';
import { useHealth } from '@corestone/ui/health';
import { statusInfo } from '../lib/evaluation';

export function StatusDot({ status }: { status: string }) {
  const { color, label } = statusInfo(status);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }} data-status={status}>
      <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: color, display: 'inline-block' }} />
      {label}
    </span>
  );
}

/** 'All Systems Online' when every service is ready (GET /api/v1/health), else what is not. */
export function SystemStatus({ client }: { client: CorestoneClient }) {
  const { health } = useHealth(client, 60_000);
  let color = '#94a3b8';
  let text = 'Checking status…';
  if (health === 'error') text = 'Status unavailable';
  else if (health) {
    const notReady = health.not_ready ?? [];
    if (health.status === 'ok' && notReady.length === 0) {
      color = '#22c55e';
      text = 'All Systems Online';
    } else {
      color = '#f59e0b';
      text = notReady.length ? `Degraded: ${notReady.join(', ')} unavailable` : 'Some services degraded';
    }
  }
  return (
    <div data-testid="system-status" style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 12, color: '#475569' }}>
      <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: color }} />
      {text}
    </div>
  );
}

/** Credit banner on the upload wizard (students and teachers only). */
export function CreditBanner({ user }: { user: SessionUser }) {
  if (!isGradingRole(user)) return null;
  if (canGrade(user)) {
    const label =
      user.max_essay_credits === -1
        ? 'Unlimited essay credits available'
        : `${user.essay_credits} essay credit${user.essay_credits === 1 ? '' : 's'} available`;
    return (
      <Alert
        type="info"
        showIcon
        data-testid="credit-banner"
        title={
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <span>{label} · each evaluation uses 1 credit</span>
            <Link to="/dashboard/plans">Manage Plans</Link>
          </Space>
        }
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="credit-banner"
      title="No Essay Credits Remaining"
      description={
        <Space wrap>
          <span>Current credits: {creditLabel(user)}</span>
          <Link to="/dashboard/plans">
            <Button size="small" type="primary">
              Purchase Credits
            </Button>
          </Link>
        </Space>
      }
    />
  );
}
