import { Spin, Typography } from 'antd';

export function FullPageLoading({
  title = 'Initializing Platform',
  subtitle = 'Professional IBDP Essay Assessment Platform',
}: {
  title?: string;
  subtitle?: string;
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
