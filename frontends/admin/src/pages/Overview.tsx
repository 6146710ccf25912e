import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Col, Empty, Input, Row, Space, Spin, Tag, Typography } from 'antd';
import {
  ArrowDownOutlined,
  BarChartOutlined,
  ExperimentOutlined,
  ArrowUpOutlined,
  BookOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  FileDoneOutlined,
  LoadingOutlined,
  ReloadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { errorMessage, type EvaluationListItem, type EvaluationStatus, type EssayType, type RemoteAppProps } from '@corestone/sdk';
import { Counter, ListRow, LoadError, Loading, PageHeader, RowList, RowMeta, useHealth, useLoad } from '../components/common';
import { ApprovalTag, StatusTag, TypeTag, gradeText, studentName } from '../components/badges';
import { FilterSelect, SUBMISSION_STATUS_FILTER, SUBMISSION_TYPE_FILTER } from '../components/selects';
import { isSuperAdmin, mayOpen } from '../lib/roles';
import { loadOverview, successLabel, systemChecks } from '../lib/overview';
import { formatDateTime, truncate } from '../lib/text';

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
  const figures = useLoad(() => loadOverview(client, superAdmin), [client, superAdmin]);

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

function RecentSubmissions({ client, visible }: { client: RemoteAppProps['client']; visible: boolean }) {
  const navigate = useNavigate();
  const [viewAll, setViewAll] = useState(false);
  const [limit, setLimit] = useState(10);
  const [status, setStatus] = useState<EvaluationStatus | ''>('');
  const [type, setType] = useState<EssayType | ''>('');
  const [search, setSearch] = useState('');
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ items: EvaluationListItem[]; total: number; loading: boolean; error?: string }>({
    items: [],
    total: 0,
    loading: true,
  });

  useEffect(() => {
    if (!visible) return;
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    const q = viewAll
      ? { limit, status: status || undefined, essay_type: type || undefined, search_query: search.trim() || undefined }
      : { limit: 10 };
    client.admin.submissions(q).then(
      (r) => alive && setState({ items: r.evaluations, total: r.total, loading: false }),
      (e) => alive && setState({ items: [], total: 0, loading: false, error: errorMessage(e, 'Failed to fetch submissions') }),
    );
    return () => {
      alive = false;
    };
  }, [client, visible, viewAll, limit, status, type, search, tick]);

  const items = viewAll ? state.items : state.items.slice(0, 5);
  return (
    <Card
      title="Recent Submissions"
      variant="borderless"
      data-testid="recent-submissions"
      extra={
        visible && (
          <Button
            type="link"
            onClick={() => {
              setViewAll((v) => !v);
              setLimit(50);
            }}
          >
            {viewAll ? 'Show Less' : 'View All'}
          </Button>
        )
      }
    >
      {!visible ? (
        <Empty description="Submission lists are available to super admins." />
      ) : (
        <>
          {viewAll && (
            <Space wrap style={{ marginBottom: 12 }}>
              <FilterSelect label="Status filter" width={150} value={status} onChange={setStatus} options={SUBMISSION_STATUS_FILTER} />
              <FilterSelect label="Type filter" width={160} value={type} onChange={setType} options={SUBMISSION_TYPE_FILTER} />
              <Input.Search allowClear placeholder="Search submissions..." onSearch={setSearch} style={{ width: 240 }} />
            </Space>
          )}
          {state.error ? (
            <LoadError message={state.error} onRetry={() => setTick((n) => n + 1)} />
          ) : (
            <Spin spinning={state.loading}>
              {items.length === 0 ? (
                state.loading ? (
                  <div style={{ minHeight: 120 }} />
                ) : (
                  <Empty description="No submissions yet." />
                )
              ) : (
                <RowList
                  items={items}
                  row={(ev, last) => (
                    <ListRow
                      key={ev.id}
                      last={last}
                      style={{ cursor: 'pointer' }}
                      onClick={() => navigate(`/admin/submissions/${ev.id}`)}
                      actions={<Typography.Text strong>{gradeText(ev)}</Typography.Text>}
                    >
                      <RowMeta
                        avatar={<FileDoneOutlined style={{ fontSize: 20, color: '#1d4ed8', marginTop: 4 }} />}
                        title={<Link to={`/admin/submissions/${ev.id}`}>{truncate(ev.title || ev.fileName)}</Link>}
                        description={
                          <Space size={4} wrap>
                            <span>{studentName(ev)}</span>·<span>{formatDateTime(ev.submittedAt)}</span>
                            <TypeTag type={ev.essay_type} />
                            <StatusTag status={ev.status} />
                            <ApprovalTag evaluation={ev} />
                          </Space>
                        }
                      />
                    </ListRow>
                  )}
                />
              )}
            </Spin>
          )}
          {viewAll && state.items.length < state.total && (
            <div style={{ textAlign: 'center', marginTop: 12 }}>
              <Button onClick={() => setLimit((l) => l + 20)} loading={state.loading}>
                Load More
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function SystemStatusPanel({ client }: { client: RemoteAppProps['client'] }) {
  const { health, recheck } = useHealth(client, 30_000);
  const rows = systemChecks(health);
  return (
    <Card
      title="System Status"
      variant="borderless"
      data-testid="system-status"
      extra={<Button type="text" size="small" icon={<ReloadOutlined />} aria-label="Check again" onClick={recheck} />}
    >
      <RowList
        items={rows}
        row={(r, last) => (
          <ListRow
            key={r.name}
            last={last}
            data-check={r.name}
            data-ok={String(r.ok)}
            style={{ padding: '8px 0' }}
            actions={
              r.ok !== null && (
                <Tag color={r.ok ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
                  {r.ok ? 'Healthy' : 'Down'}
                </Tag>
              )
            }
          >
            <Space align="start">
              {r.ok === null ? (
                <LoadingOutlined style={{ color: '#94a3b8' }} />
              ) : r.ok ? (
                <CheckCircleFilled style={{ color: '#16a34a' }} />
              ) : (
                <CloseCircleFilled style={{ color: '#dc2626' }} />
              )}
              <div style={{ lineHeight: 1.3 }}>
                <Typography.Text strong>{r.name}</Typography.Text>
                <div style={{ fontSize: 12, color: '#64748b' }}>{r.detail}</div>
              </div>
            </Space>
          </ListRow>
        )}
      />
    </Card>
  );
}

/** Shortcuts to the screens this admin may open (an admin who is not super admin would meet 'Access Denied'). */
function QuickActions({ user }: { user: RemoteAppProps['user'] }) {
  const navigate = useNavigate();
  return (
    <Card title="Quick Actions" variant="borderless">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button block icon={<TeamOutlined />} onClick={() => navigate('/admin/users')}>
          Manage Users
        </Button>
        {mayOpen('rubrics', user) && (
          <Button block icon={<BookOutlined />} onClick={() => navigate('/admin/rubrics')}>
            Manage Rubrics
          </Button>
        )}
        {mayOpen('submissions', user) && (
          <Button block icon={<FileDoneOutlined />} onClick={() => navigate('/admin/submissions')}>
            Review Submissions
          </Button>
        )}
        <Button block icon={<ExperimentOutlined />} onClick={() => navigate('/admin/assess')}>
          Assess an Essay
        </Button>
      </Space>
    </Card>
  );
}
