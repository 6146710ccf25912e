import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { canGrade, errorMessage, isApiError, planLabel, type Plan, type RemoteAppProps } from '@corestone/sdk';
import { ENGLISH } from '@corestone/ui/i18n';
import { creditText } from '../lib/credits';
import { Link } from 'react-router-dom';
import { goToUrl } from '../lib/navigation';
import { PAYMENTS_NOT_CONFIGURED, PLAN_TEXTS, planButton } from '../lib/plans';
import { Heading, PageHeading } from '@corestone/ui/app-frame';

const PRICE: Record<'contact' | 'free' | 'period' | 'purchaseFailed' | 'unlimited' | 'credits', MessageDescriptor> = {
  contact: { id: 'plans.price.contact', defaultMessage: 'Contact' },
  free: { id: 'plans.price.free', defaultMessage: 'Free' },
  period: {
    id: 'plans.price.period',
    defaultMessage: '{period, select, one_time {one time} month {month} monthly {monthly} year {year} yearly {yearly} other {{raw}}}',
  },
  purchaseFailed: { id: 'plans.purchaseFailed', defaultMessage: 'Failed to initiate purchase. Please try again.' },
  unlimited: { id: 'plans.unlimitedCredits', defaultMessage: 'Unlimited essay credits' },
  credits: { id: 'plans.credits', defaultMessage: '{count, plural, one {# essay credit} other {# essay credits}}' },
};

/** '$19.99/one time' (in the page's language), 'Free', 'Contact'. */
export function priceLabel(p: Pick<Plan, 'price' | 'billing_period'>, intl: IntlShape = ENGLISH): string {
  if (p.price === null || p.price === undefined) return intl.formatMessage(PRICE.contact);
  if (p.price === 0) return intl.formatMessage(PRICE.free);
  const amount = intl.formatNumber(p.price, { style: 'currency', currency: 'USD' });
  const period = p.billing_period
    ? `/${intl.formatMessage(PRICE.period, { period: p.billing_period, raw: p.billing_period.replace(/_/g, ' ') })}`
    : '';
  return `${amount}${period}`;
}
export const PURCHASE_FAILED = ENGLISH.formatMessage(PRICE.purchaseFailed);
export const creditsLabel = (n: number, intl: IntlShape = ENGLISH) =>
  n === -1 ? intl.formatMessage(PRICE.unlimited) : intl.formatMessage(PRICE.credits, { count: n });

export function Plans({ user, client }: RemoteAppProps) {
  const { notification } = AntApp.useApp();
  const intl = useIntl();
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
          detail: a.detail ?? intl.formatMessage(PLAN_TEXTS.PAYMENTS_OFF_FALLBACK),
          contact: a.contact_path || '/contact',
        }),
      () => undefined, // unknown: the checkout call itself will say so
    );
    return () => {
      alive = false;
    };
  }, [client, intl]);

  useEffect(() => {
    let alive = true;
    client.billing.plans().then(
      (list) => alive && setPlans({ loading: false, list, failed: false }),
      () => {
        if (!alive) return;
        setPlans({ loading: false, list: [], failed: true });
        notification.error({
          title: intl.formatMessage({ id: 'plans.loadFailedTitle', defaultMessage: 'Failed to Load Plans' }),
          description: intl.formatMessage({ id: 'plans.loadFailed', defaultMessage: 'Could not load available plans. Please try again.' }),
          duration: 7,
        });
      },
    );
    return () => {
      alive = false;
    };
  }, [client, notification, intl]);

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
      if (typeof checkout_url !== 'string' || !/^(https?:\/\/|\/)/.test(checkout_url))
        throw new Error(intl.formatMessage(PRICE.purchaseFailed));
      goToUrl(checkout_url); // the busy label stays until the browser leaves
    } catch (e) {
      if (isApiError(e) && e.status === 401)
        notification.error({
          title: intl.formatMessage({ id: 'plans.authRequired', defaultMessage: 'Authentication Required' }),
          description: intl.formatMessage({ id: 'plans.authRequiredText', defaultMessage: 'Please log in to purchase a plan.' }),
          duration: 7,
        });
      else if (isApiError(e) && e.code === PAYMENTS_NOT_CONFIGURED) {
        // not a failure: this server takes no online payment; the notice above the plans says what to do
        setPayments((was) => ({ ...was, online: false, detail: e.detail }));
        notification.info({ title: intl.formatMessage(PLAN_TEXTS.PAYMENTS_OFF_NOTICE), description: e.detail, duration: 7 });
      } else
        notification.error({
          title: intl.formatMessage({ id: 'plans.purchaseFailedTitle', defaultMessage: 'Purchase Failed' }),
          description: errorMessage(e, intl.formatMessage(PRICE.purchaseFailed)),
          duration: 7,
        });
      setBusy(null);
    }
  };

  return (
    <div>
      <PageHeading
        title={intl.formatMessage({ id: 'plans.title', defaultMessage: 'Manage Your Plan' })}
        subtitle={intl.formatMessage({
          id: 'plans.subtitle',
          defaultMessage: 'Choose the perfect plan for your essay grading needs. Upgrade or downgrade anytime.',
        })}
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} md={8}>
          <Card variant="borderless">
            <Statistic title={intl.formatMessage(PLAN_TEXTS.CURRENT_PLAN)} value={planLabel(current)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless">
            <Statistic
              title={intl.formatMessage({ id: 'overview.essayCredits', defaultMessage: 'Essay Credits' })}
              value={creditText(user, intl)}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless">
            <Statistic
              title={intl.formatMessage({ id: 'plans.canUse', defaultMessage: 'Can Use Credits' })}
              value={
                canGrade(user)
                  ? intl.formatMessage({ id: 'plans.yes', defaultMessage: 'Yes' })
                  : intl.formatMessage({ id: 'plans.no', defaultMessage: 'No' })
              }
            />
          </Card>
        </Col>
      </Row>

      {!payments.online && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="payments-off"
          title={intl.formatMessage(PLAN_TEXTS.PAYMENTS_OFF_TITLE)}
          description={
            <>
              {payments.detail} <Link to={payments.contact}>{intl.formatMessage(PLAN_TEXTS.CONTACT_LINK)}</Link>
            </>
          }
        />
      )}
      {unlimited && <Alert type="success" showIcon style={{ marginBottom: 16 }} title={intl.formatMessage(PLAN_TEXTS.UNLIMITED_HINT)} />}

      {plans.loading ? (
        <Card variant="borderless">
          <Skeleton active />
        </Card>
      ) : plans.failed ? (
        <Alert
          type="error"
          showIcon
          title={intl.formatMessage({ id: 'plans.loadFailed', defaultMessage: 'Could not load available plans. Please try again.' })}
        />
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
                      {intl.formatMessage(PLAN_TEXTS.CURRENT_PLAN)}
                    </div>
                  )}
                  <Heading level={2} size={4} style={{ marginTop: 0 }}>
                    {p.display_name}
                  </Heading>
                  <Typography.Paragraph type="secondary">{p.description}</Typography.Paragraph>
                  <PriceTag label={priceLabel(p, intl)} />
                  <Typography.Text strong style={{ color: '#1d4ed8' }}>
                    {creditsLabel(p.essay_credits, intl)}
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
                      {intl.formatMessage(PLAN_TEXTS.BUY_AGAIN_HINT, { credits: p.essay_credits })}
                    </Typography.Text>
                  )}
                  <Button
                    type={button.action === 'none' ? 'default' : 'primary'}
                    block
                    disabled={button.disabled}
                    loading={busy === p.name}
                    onClick={() => purchase(p)}
                  >
                    {intl.formatMessage(button.label)}
                  </Button>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}

      <Card variant="borderless" title={intl.formatMessage({ id: 'plans.help', defaultMessage: 'Need Help?' })} style={{ marginTop: 24 }}>
        <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 1.9 }}>
          <li>
            <FormattedMessage id="plans.help.1" defaultMessage="Each essay evaluation uses 1 credit." />
          </li>
          <li>
            <FormattedMessage id="plans.help.2" defaultMessage="Credits don't expire." />
          </li>
          <li>
            <FormattedMessage id="plans.help.3" defaultMessage="You can buy more credits at any time." />
          </li>
          <li>
            <FormattedMessage id="plans.help.4" defaultMessage="The Free plan includes 1 credit." />
          </li>
          <li>
            <FormattedMessage id="plans.help.5" defaultMessage="Core Pack is the best value for occasional use." />
          </li>
          <li>
            <FormattedMessage id="plans.help.6" defaultMessage="Super Core Pack is ideal for regular grading." />
          </li>
          <li>
            <FormattedMessage id="plans.help.7" defaultMessage="Power User gives unlimited credits for institutions." />
          </li>
          <li>
            <FormattedMessage id="plans.help.8" defaultMessage="All plans include detailed feedback." />
          </li>
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
