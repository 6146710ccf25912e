import { useNavigate } from 'react-router-dom';
import { Button, Col, Row, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, BarChartOutlined, ReloadOutlined } from '@ant-design/icons';
import type { RemoteAppProps } from '@corestone/sdk';
import { Counter, LoadError, Loading, PageHeader } from '../components/common';
import { QuickActions } from '../components/overview/QuickActions';
import { RecentSubmissions } from '../components/overview/RecentSubmissions';
import { SystemStatusPanel } from '../components/overview/SystemStatusPanel';
import { useOverview } from '../hooks/useOverview';
import { isSuperAdmin } from '../lib/roles';
import { successLabel } from '../lib/overview';

function Growth({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">new this month</Typography.Text>;
  const up = value >= 0;
  return (
    <Typography.Text style={{ color: up ? '#16a34a' : '#dc2626' }} data-testid="growth">
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(value)}% vs previous 30 days
    </Typography.Text>
  );
}

const percent = (v: number | null) => (v === null ? '—' : `${v}%`);

export function Overview({ client, user }: RemoteAppProps) {
  const superAdmin = isSuperAdmin(user);
  const navigate = useNavigate();
  const figures = useOverview(client, superAdmin);

  if (figures.loading && !figures.data) return <Loading />;
  if (figures.error || !figures.data)
    return <LoadError message="Failed to load dashboard data" retryLabel="Retry" onRetry={() => window.location.reload()} />;
  const { stats, submissionsVisible } = figures.data;
  return (
    <div data-testid="admin-overview">
      <PageHeader
        title="Admin Dashboard"
        subtitle={`Welcome back, ${user.first_name || user.name}. Here is what is happening on Corestone.`}
        extra={
          <>
            <Button icon={<BarChartOutlined />} onClick={() => navigate('/admin/analytics')}>
              Analytics
            </Button>
            <Button icon={<ReloadOutlined />} onClick={figures.reload}>
              Refresh
            </Button>
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={5}>
          <Counter
            testId="stat-users"
            title="Total Users"
            value={stats.total_users}
            footer={<Growth value={stats.growth.users.change_percent} />}
          />
        </Col>
        <Col xs={24} sm={12} xl={5}>
          <Counter
            testId="stat-submissions"
            title="Submissions"
            value={submissionsVisible ? stats.total_submissions : '—'}
            footer={submissionsVisible ? <Growth value={stats.growth.submissions.change_percent} /> : 'Super admin only'}
          />
        </Col>
        <Col xs={24} sm={8} xl={4}>
          <Counter testId="stat-rubrics" title="Active Rubrics" value={stats.active_rubrics} />
        </Col>
        <Col xs={24} sm={8} xl={5}>
          <Counter
            testId="stat-avg"
            title="Avg Score"
            value={submissionsVisible ? percent(stats.average_score) : '—'}
            footer={<Typography.Text type="secondary">mean of completed evaluations</Typography.Text>}
          />
        </Col>
        <Col xs={24} sm={8} xl={5}>
          <Counter
            testId="stat-success"
            title="Success Rate"
            value={submissionsVisible ? percent(stats.success_rate) : '—'}
            color={stats.success_rate !== null && stats.success_rate >= 70 ? '#16a34a' : undefined}
            footer={<Typography.Text type="secondary">{successLabel(submissionsVisible ? stats.success_rate : null)}</Typography.Text>}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <RecentSubmissions client={client} visible={submissionsVisible} />
        </Col>
        <Col xs={24} lg={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <SystemStatusPanel client={client} />
            <QuickActions user={user} />
          </Space>
        </Col>
      </Row>
    </div>
  );
}
