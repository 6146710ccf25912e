import { useCallback, useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Button, Card, Result, Skeleton, Space, Statistic } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { errorMessage, isApiError, type CorestoneClient, type Health } from '@corestone/sdk';
import { PageHeading } from '@corestone/ui/app-frame';
import { useHealth } from '@corestone/ui/health';
import { ACCESS_DENIED } from '../lib/roles';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

/** 'Access Denied' with the spec's text for the screen. */
export function AccessDenied({ screen }: { screen: keyof typeof ACCESS_DENIED }) {
  const { title, message } = ACCESS_DENIED[screen];
  return (
    <div data-testid="access-denied">
      <Result
        icon={<LockOutlined style={{ color: '#dc2626' }} />}
        title={<FormattedMessage {...title} />}
        subTitle={<FormattedMessage {...message} />}
      />
    </div>
  );
}

/** The shell's page heading; the actions wrap onto a second line on narrow screens. */
export function PageHeader({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return <PageHeading title={title} subtitle={subtitle} extra={extra && <Space wrap>{extra}</Space>} />;
}

/**
 * One row of a short list (antd's List is deprecated in v6 and its successor, Listy, is a virtual
 * list for long ones): the content, its actions on the right, a hairline under every row but the last.
 */
export function ListRow({
  children,
  actions,
  last,
  style,
  ...rest
}: { actions?: ReactNode; last?: boolean } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      role="listitem"
      {...rest}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        padding: '12px 0',
        borderBlockEnd: last ? 'none' : '1px solid rgba(5, 5, 5, 0.06)',
        ...style,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {actions && <Space size={8}>{actions}</Space>}
    </div>
  );
}

/** A short list: `row(item, last)` for each item (a ListRow), marked up as a list. */
export function RowList<T>({ items, row }: { items: readonly T[]; row: (item: T, last: boolean) => ReactNode }) {
  return <div role="list">{items.map((item, i) => row(item, i === items.length - 1))}</div>;
}

/** A row's title and description, with an optional icon in front (what List.Item.Meta showed). */
export function RowMeta({ avatar, title, description }: { avatar?: ReactNode; title: ReactNode; description?: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      {avatar}
      <div style={{ minWidth: 0 }}>
        <div style={{ fontWeight: 500, marginBottom: description ? 4 : 0 }}>{title}</div>
        {description && <div style={{ color: '#5b6472' /* the theme's secondary grey: 5.98:1 */ }}>{description}</div>}
      </div>
    </div>
  );
}

export function Counter({
  title,
  value,
  suffix,
  color,
  testId,
  footer,
}: {
  title: ReactNode;
  value: ReactNode;
  suffix?: string;
  color?: string;
  testId?: string;
  footer?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Card variant="borderless" style={{ height: '100%', boxShadow: '0 1px 2px rgba(15,23,42,.06)' }} data-testid={testId}>
      <Statistic
        title={title}
        // antd writes a number with '.' and ',' whatever the language: the page's locale writes it instead
        value={typeof value === 'number' ? intl.formatNumber(value) : (value as string)}
        suffix={suffix}
        styles={{ content: { color: color ?? '#0f172a', fontWeight: 600 } }}
      />
      {footer && <div style={{ marginTop: 6, fontSize: 12 }}>{footer}</div>}
    </Card>
  );
}

export function LoadError({ message, onRetry, retryLabel }: { message: string; onRetry: () => void; retryLabel?: ReactNode }) {
  return (
    <Result
      status="error"
      title={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {retryLabel ?? <FormattedMessage id="common.tryAgain" defaultMessage="Try Again" />}
        </Button>
      }
    />
  );
}

export function Loading() {
  const intl = useIntl();
  return (
    <div role="status" aria-label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading' })}>
      {/* no title bar: antd draws it as an empty h3, a stray heading in the screen's outline while it loads */}
      <Skeleton active title={false} paragraph={{ rows: 6 }} />
    </div>
  );
}

/** Loads once per `deps` change; exposes reload. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load().then(
      (data) => alive && setState({ data, loading: false }),
      (e) => alive && setState({ error: errorMessage(e), loading: false }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const setData = useCallback((fn: (d: T | undefined) => T) => setState((s) => ({ ...s, data: fn(s.data) })), []);
  return { ...state, reload, setData };
}

/** useLoad, and whether the server answered 404: not there, or not the caller's to see (it never says which). */
export function useLoadOrMissing<T>(load: () => Promise<T>, deps: unknown[]) {
  const [missing, setMissing] = useState(false);
  const state = useLoad<T>(
    () =>
      load().then(
        (data) => {
          setMissing(false);
          return data;
        },
        (e: unknown) => {
          setMissing(isApiError(e) && e.status === 404);
          throw e;
        },
      ),
    deps,
  );
  return { ...state, missing };
}

export { useHealth };

export function healthSummary(health: Health | null | 'error'): { color: string; text: string; ok: boolean | null } {
  if (health === null) return { color: '#94a3b8', text: 'Checking...', ok: null };
  if (health === 'error') return { color: '#dc2626', text: 'System Offline', ok: false };
  if (health.status === 'ok' && health.not_ready.length === 0) return { color: '#16a34a', text: 'System Online', ok: true };
  return { color: '#f59e0b', text: 'System Degraded', ok: false };
}

const HEALTH_TEXTS = defineMessages({
  'Checking...': { id: 'common.health.checking', defaultMessage: 'Checking...' },
  'System Offline': { id: 'common.health.offline', defaultMessage: 'System Offline' },
  'System Online': { id: 'common.health.online', defaultMessage: 'System Online' },
  'System Degraded': { id: 'common.health.degraded', defaultMessage: 'System Degraded' },
});

/** The header's indicator: the real state from GET /api/v1/health. */
export function SystemIndicator({ client }: { client: CorestoneClient }) {
  const intl = useIntl();
  const { health } = useHealth(client);
  const { color, text } = healthSummary(health);
  const title =
    health && health !== 'error' && health.not_ready.length
      ? intl.formatMessage({ id: 'common.notReady', defaultMessage: 'Not ready: {services}' }, { services: health.not_ready.join(', ') })
      : undefined;
  return (
    <span
      data-testid="system-indicator"
      title={title}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13, color: '#334155', whiteSpace: 'nowrap' }}
    >
      <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: color, boxShadow: `0 0 0 3px ${color}22` }} />
      {intl.formatMessage(HEALTH_TEXTS[text as keyof typeof HEALTH_TEXTS])}
    </span>
  );
}
