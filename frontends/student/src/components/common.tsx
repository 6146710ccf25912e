import { Link } from 'react-router-dom';
import { Alert, Button, Space } from 'antd';
import { canGrade, creditLabel, isGradingRole, type CorestoneClient, type SessionUser } from '@corestone/sdk';
import { useHealth } from '@corestone/ui/health';
import { statusInfo } from '../lib/evaluation';
import { SCHOOL_AI_OFF_BANNER, SCHOOL_NO_PURCHASE_TEXT, SCHOOL_POOL_BANNER, type SchoolFunding } from '../lib/school';

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

/**
 * Credit banner on the upload wizard (students and teachers only). `funding`: the school's say
 * (lib/school schoolFunding) for an active member; null for an individual, whose texts are the spec's.
 */
export function CreditBanner({ user, funding = null }: { user: SessionUser; funding?: SchoolFunding | null }) {
  if (!isGradingRole(user)) return null;
  if (funding?.source === 'pool') return <Alert type="info" showIcon data-testid="credit-banner" title={SCHOOL_POOL_BANNER} />;
  if (funding?.source === 'off') return <Alert type="warning" showIcon data-testid="credit-banner" title={SCHOOL_AI_OFF_BANNER} />;
  const mayBuy = funding?.mayBuyCredits ?? true;
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
            {mayBuy && <Link to="/dashboard/plans">Manage Plans</Link>}
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
          {mayBuy ? (
            <Link to="/dashboard/plans">
              <Button size="small" type="primary">
                Purchase Credits
              </Button>
            </Link>
          ) : (
            <span>{SCHOOL_NO_PURCHASE_TEXT}</span>
          )}
        </Space>
      }
    />
  );
}
