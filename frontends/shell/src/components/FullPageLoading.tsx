import type { ReactNode } from 'react';
import { Spin, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';

export function FullPageLoading({
  title = <FormattedMessage id="loading.initialising" defaultMessage="Initializing Platform" />,
  subtitle = <FormattedMessage id="splash.subtitle" defaultMessage="Professional IBDP Essay Assessment Platform" />,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        background: '#f5f7fb',
      }}
    >
      <Spin size="large" />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{subtitle}</Typography.Text>
    </div>
  );
}
