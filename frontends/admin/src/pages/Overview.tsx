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
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';

function Growth({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Typography.Text type="secondary">
        <FormattedMessage id="overview.newThisMonth" defaultMessage="new this month" />
      </Typography.Text>
    );
  const up = value >= 0;
  return (
    <Typography.Text style={{ color: up ? '#16a34a' : '#dc2626' }} data-testid="growth">
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />}{' '}
      <FormattedMessage id="overview.growth" defaultMessage="{change}% vs previous 30 days" values={{ change: Math.abs(value) }} />
    </Typography.Text>
  );
}

/** 72.5 → '72.5%' (French '72,5 %', Spanish '72,5 %'); null → '—'. */
const percent = (v: number | null, intl: IntlShape) =>
  v === null ? '—' : intl.formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 1 });

const SUCCESS_LABELS: Record<string, MessageDescriptor> = {
  Excellent: { id: 'overview.success.excellent', defaultMessage: 'Excellent' },
  Good: { id: 'overview.success.good', defaultMessage: 'Good' },
  'Needs Improvement': { id: 'overview.success.needsImprovement', defaultMessage: 'Needs Improvement' },
  'No data yet': { id: 'overview.success.none', defaultMessage: 'No data yet' },
};

export function Overview({ client, user }: RemoteAppProps) {
  const superAdmin = isSuperAdmin(user);
  const navigate = useNavigate();
  const intl = useIntl();
  const figures = useOverview(client, superAdmin);

  if (figures.loading && !figures.data) return <Loading />;
  if (figures.error || !figures.data)
    return (
      <LoadError
        message={intl.formatMessage({ id: 'overview.loadFailed', defaultMessage: 'Failed to load dashboard data' })}
        retryLabel={<FormattedMessage id="overview.retry" defaultMessage="Retry" />}
        onRetry={() => window.location.reload()}
      />
    );
  const { stats, submissionsVisible } = figures.data;
  return (
    <div data-testid="admin-overview">
      <PageHeader
        title={<FormattedMessage id="overview.adminDashboard" defaultMessage="Admin Dashboard" />}
        subtitle={
          <FormattedMessage
            id="overview.welcome"
            defaultMessage="Welcome back, {name}. Here is what is happening on Corestone."
            values={{ name: user.first_name || user.name }}
          />
        }
        extra={
          <>
            <Button icon={<BarChartOutlined />} onClick={() => navigate('/admin/analytics')}>
              <FormattedMessage id="overview.analytics" defaultMessage="Analytics" />
            </Button>
            <Button icon={<ReloadOutlined />} onClick={figures.reload}>
              <FormattedMessage id="overview.refresh" defaultMessage="Refresh" />
            </Button>
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={5}>
          <Counter
            testId="stat-users"
            title={<FormattedMessage id="overview.totalUsers" defaultMessage="Total Users" />}
            value={stats.total_users}
            footer={<Growth value={stats.growth.users.change_percent} />}
          />
        </Col>
        <Col xs={24} sm={12} xl={5}>
          <Counter
            testId="stat-submissions"
            title={<FormattedMessage id="overview.submissions" defaultMessage="Submissions" />}
            value={submissionsVisible ? stats.total_submissions : '—'}
            footer={
              submissionsVisible ? (
                <Growth value={stats.growth.submissions.change_percent} />
              ) : (
                <FormattedMessage id="overview.superAdminOnly" defaultMessage="Super admin only" />
              )
            }
          />
        </Col>
        <Col xs={24} sm={8} xl={4}>
          <Counter
            testId="stat-rubrics"
            title={<FormattedMessage id="overview.activeRubrics" defaultMessage="Active Rubrics" />}
            value={stats.active_rubrics}
          />
        </Col>
        <Col xs={24} sm={8} xl={5}>
          <Counter
            testId="stat-avg"
            title={<FormattedMessage id="overview.avgScore" defaultMessage="Avg Score" />}
            value={submissionsVisible ? percent(stats.average_score, intl) : '—'}
            footer={
              <Typography.Text type="secondary">
                <FormattedMessage id="overview.meanOfCompletedEvaluations" defaultMessage="mean of completed evaluations" />
              </Typography.Text>
            }
          />
        </Col>
        <Col xs={24} sm={8} xl={5}>
          <Counter
            testId="stat-success"
            title={<FormattedMessage id="overview.successRate" defaultMessage="Success Rate" />}
            value={submissionsVisible ? percent(stats.success_rate, intl) : '—'}
            color={stats.success_rate !== null && stats.success_rate >= 70 ? '#16a34a' : undefined}
            footer={
              <Typography.Text type="secondary">
                {intl.formatMessage(
                  SUCCESS_LABELS[successLabel(submissionsVisible ? stats.success_rate : null)] ?? SUCCESS_LABELS['No data yet'],
                )}
              </Typography.Text>
            }
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
