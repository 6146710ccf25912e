import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { canGrade, creditLabel, errorMessage, isApiError, planLabel, type Plan, type RemoteAppProps } from '@corestone/sdk';
import { Link } from 'react-router-dom';
import { goToUrl } from '../lib/navigation';
import { PAYMENTS_NOT_CONFIGURED, PLAN_TEXTS, planButton } from '../lib/plans';
import { Heading, PageHeading } from '@corestone/ui/app-frame';

export function priceLabel(p: Pick<Plan, 'price' | 'billing_period'>): string {
  if (p.price === null || p.price === undefined) return 'Contact';
  if (p.price === 0) return 'Free';
  return `$${p.price.toFixed(2)}${p.billing_period ? `/${p.billing_period.replace(/_/g, ' ')}` : ''}`;
}
export const PURCHASE_FAILED = 'Failed to initiate purchase. Please try again.';
export const creditsLabel = (n: number) => (n === -1 ? 'Unlimited essay credits' : `${n} essay credits`);

export function Plans({ user, client }: RemoteAppProps) {
  const { notification } = AntApp.useApp();
  const [plans, setPlans] = useState<{ loading: boolean; list: Plan[]; failed: boolean }>({ loading: true, list: [], failed: false });
  const [busy, setBusy] = useState<string | null>(null);
  // Online payment as the server reports it (GET /plans/payments); assumed on until it says otherwise.
  const [payments, setPayments] = useState<{ online: boolean; detail: string; contact: string }>({
    online: true,
    detail: '',
    contact: '/contact',
  });

  useEffect(() => {
    let alive = true;
    client.billing.payments().then(
      (a) =>
        alive &&
        setPayments({
          online: a.online_payment,
          detail: a.detail ?? PLAN_TEXTS.PAYMENTS_OFF_FALLBACK,
          contact: a.contact_path || '/contact',
        }),
      () => undefined, // unknown: the checkout call itself will say so
    );
    return () => {
      alive = false;
    };
  }, [client]);

  useEffect(() => {
    let alive = true;
    client.billing.plans().then(
      (list) => alive && setPlans({ loading: false, list, failed: false }),
      () => {
        if (!alive) return;
        setPlans({ loading: false, list: [], failed: true });
        notification.error({
          title: 'Failed to Load Plans',
          description: 'Could not load available plans. Please try again.',
          duration: 7,
        });
      },
    );
    return () => {
      alive = false;
    };
  }, [client, notification]);

  const current = user.subscription_plan || 'free';
  const unlimited = user.max_essay_credits === -1;

  const purchase = async (plan: Plan) => {
    if (plan.price === null) {
      window.open(payments.contact, '_blank', 'noopener');
      return;
    }
    setBusy(plan.name);
    try {
      const { checkout_url } = await client.billing.checkout(plan.name);
      if (typeof checkout_url !== 'string' || !/^(https?:\/\/|\/)/.test(checkout_url)) throw new Error(PURCHASE_FAILED);
      goToUrl(checkout_url); // the busy label stays until the browser leaves
    } catch (e) {
      if (isApiError(e) && e.status === 401)
        notification.error({ title: 'Authentication Required', description: 'Please log in to purchase a plan.', duration: 7 });
      else if (isApiError(e) && e.code === PAYMENTS_NOT_CONFIGURED) {
        // not a failure: this server takes no online payment; the notice above the plans says what to do
        setPayments((was) => ({ ...was, online: false, detail: e.detail }));
        notification.info({ title: PLAN_TEXTS.PAYMENTS_OFF_NOTICE, description: e.detail, duration: 7 });
      } else notification.error({ title: 'Purchase Failed', description: errorMessage(e, PURCHASE_FAILED), duration: 7 });
      setBusy(null);
    }
  };

  return (
    <div>
      <PageHeading
        title="Manage Your Plan"
        subtitle="Choose the perfect plan for your essay grading needs. Upgrade or downgrade anytime."
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} md={8}>
          <Card variant="borderless">
            <Statistic title="Current Plan" value={planLabel(current)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless">
            <Statistic title="Essay Credits" value={creditLabel(user)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless">
            <Statistic title="Can Use Credits" value={canGrade(user) ? 'Yes' : 'No'} />
          </Card>
        </Col>
      </Row>

      {!payments.online && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="payments-off"
          title={PLAN_TEXTS.PAYMENTS_OFF_TITLE}
          description={
            <>
              {payments.detail} <Link to={payments.contact}>{PLAN_TEXTS.CONTACT_LINK}</Link>
            </>
          }
        />
      )}
      {unlimited && <Alert type="success" showIcon style={{ marginBottom: 16 }} title={PLAN_TEXTS.UNLIMITED_HINT} />}

      {plans.loading ? (
        <Card variant="borderless">
          <Skeleton active />
        </Card>
      ) : plans.failed ? (
        <Alert type="error" showIcon title="Could not load available plans. Please try again." />
      ) : (
        <Row gutter={[16, 16]}>
          {plans.list.map((p) => {
            const held = p.name === current;
            const button = planButton(p, { current, unlimited, busy, onlinePayment: payments.online });
            return (
              <Col xs={24} sm={12} xl={6} key={p.name}>
                <Card
                  variant="outlined"
                  style={{
                    height: '100%',
                    borderColor: held ? '#15803d' : undefined,
                    borderWidth: held ? 2 : 1,
                    background: held ? '#f0fdf4' : undefined,
                  }}
                  styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%' } }}
                  data-testid={`plan-${p.name}`}
                >
                  {held && (
                    <div
                      style={{
                        background: '#15803d', // white on it: 5.0:1
                        color: '#fff',
                        textAlign: 'center',
                        margin: '-24px -24px 16px',
                        padding: 6,
                        borderRadius: '8px 8px 0 0',
                        fontWeight: 600,
                      }}
                    >
                      Current Plan
                    </div>
                  )}
                  <Heading level={2} size={4} style={{ marginTop: 0 }}>
                    {p.display_name}
                  </Heading>
                  <Typography.Paragraph type="secondary">{p.description}</Typography.Paragraph>
                  <PriceTag label={priceLabel(p)} />
                  <Typography.Text strong style={{ color: '#1d4ed8' }}>
                    {creditsLabel(p.essay_credits)}
                  </Typography.Text>
                  <ul style={{ listStyle: 'none', padding: 0, margin: '16px 0', flex: 1 }}>
                    {p.features.map((f) => (
                      <li key={f} style={{ marginBottom: 6 }}>
                        <CheckCircleFilled style={{ color: '#16a34a', marginRight: 8 }} />
                        {f}
                      </li>
                    ))}
                  </ul>
                  {held && button.action === 'checkout' && !button.disabled && (
                    <Typography.Text type="secondary" style={{ fontSize: 13, marginBottom: 8 }}>
                      {PLAN_TEXTS.buyAgainHint(p.essay_credits)}
                    </Typography.Text>
                  )}
                  <Button
                    type={button.action === 'none' ? 'default' : 'primary'}
                    block
                    disabled={button.disabled}
                    loading={busy === p.name}
                    onClick={() => purchase(p)}
                  >
                    {button.label}
                  </Button>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}

      <Card variant="borderless" title="Need Help?" style={{ marginTop: 24 }}>
        <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 1.9 }}>
          <li>Each essay evaluation uses 1 credit.</li>
          <li>Credits don't expire.</li>
          <li>You can buy more credits at any time.</li>
          <li>The Free plan includes 1 credit.</li>
          <li>Core Pack is the best value for occasional use.</li>
          <li>Super Core Pack is ideal for regular grading.</li>
          <li>Power User gives unlimited credits for institutions.</li>
          <li>All plans include detailed feedback.</li>
        </ul>
      </Card>
    </div>
  );
}

/** '$19.99/one time': the amount large, the period small beside it (one line on narrow cards). */
function PriceTag({ label }: { label: string }) {
  const slash = label.indexOf('/');
  const amount = slash < 0 ? label : label.slice(0, slash);
  const period = slash < 0 ? '' : label.slice(slash);
  return (
    <div style={{ fontSize: 28, fontWeight: 700, lineHeight: 1.3 }} data-testid="plan-price">
      {amount}
      {period && <span style={{ fontSize: 14, fontWeight: 500, color: '#64748b', marginLeft: 2 }}>{period}</span>}
    </div>
  );
}
