import { Link } from 'react-router-dom';
import { Alert, Button, Space } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { canGrade, isGradingRole, type CorestoneClient, type SessionUser } from '@corestone/sdk';
import { useHealth } from '@corestone/ui/health';
import { statusInfo } from '../lib/evaluation';
import { SCHOOL_MESSAGES, type SchoolFunding } from '../lib/school';
import { creditText } from '../lib/credits';

export function StatusDot({ status }: { status: string }) {
  const { color, label } = statusInfo(status, useIntl());
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
  const intl = useIntl();
  let color = '#94a3b8';
  let text = intl.formatMessage({ id: 'status.checking', defaultMessage: 'Checking status…' });
  if (health === 'error') text = intl.formatMessage({ id: 'status.unavailable', defaultMessage: 'Status unavailable' });
  else if (health) {
    const notReady = health.not_ready ?? [];
    if (health.status === 'ok' && notReady.length === 0) {
      color = '#22c55e';
      text = intl.formatMessage({ id: 'status.online', defaultMessage: 'All Systems Online' });
    } else {
      color = '#f59e0b';
      text = notReady.length
        ? intl.formatMessage(
            { id: 'status.degradedServices', defaultMessage: 'Degraded: {services} unavailable' },
            { services: notReady.join(', ') },
          )
        : intl.formatMessage({ id: 'status.degraded', defaultMessage: 'Some services degraded' });
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
 * A school that switched AI grading off adds a line saying the built-in grader grades the essay.
 */
export function CreditBanner({ user, funding = null }: { user: SessionUser; funding?: SchoolFunding | null }) {
  const intl = useIntl();
  if (!isGradingRole(user)) return null;
  return (
    <>
      {funding?.builtinOnly && (
        <Alert
          type="info"
          showIcon
          data-testid="builtin-banner"
          title={intl.formatMessage(SCHOOL_MESSAGES.builtinBanner)}
          style={{ marginBottom: 8 }}
        />
      )}
      <CreditLine user={user} funding={funding} />
    </>
  );
}

function CreditLine({ user, funding }: { user: SessionUser; funding: SchoolFunding | null }) {
  const intl = useIntl();
  if (funding?.source === 'pool')
    return <Alert type="info" showIcon data-testid="credit-banner" title={intl.formatMessage(SCHOOL_MESSAGES.poolBanner)} />;
  const mayBuy = funding?.mayBuyCredits ?? true;
  if (canGrade(user)) {
    const label =
      user.max_essay_credits === -1
        ? intl.formatMessage({
            id: 'creditBanner.unlimited',
            defaultMessage: 'Unlimited essay credits available · each evaluation uses 1 credit',
          })
        : intl.formatMessage(
            {
              id: 'creditBanner.available',
              defaultMessage:
                '{count, plural, one {# essay credit available} other {# essay credits available}} · each evaluation uses 1 credit',
            },
            { count: user.essay_credits },
          );
    return (
      <Alert
        type="info"
        showIcon
        data-testid="credit-banner"
        title={
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <span>{label}</span>
            {mayBuy && (
              <Link to="/dashboard/plans">
                <FormattedMessage id="overview.managePlans" defaultMessage="Manage Plans" />
              </Link>
            )}
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
      title={intl.formatMessage({ id: 'creditBanner.none', defaultMessage: 'No Essay Credits Remaining' })}
      description={
        <Space wrap>
          <span>
            <FormattedMessage
              id="creditBanner.current"
              defaultMessage="Current credits: {credits}"
              values={{ credits: creditText(user, intl) }}
            />
          </span>
          {mayBuy ? (
            <Link to="/dashboard/plans">
              <Button size="small" type="primary">
                <FormattedMessage id="creditBanner.purchase" defaultMessage="Purchase Credits" />
              </Button>
            </Link>
          ) : (
            <span>{intl.formatMessage(SCHOOL_MESSAGES.noPurchase)}</span>
          )}
        </Space>
      }
    />
  );
}
