import { useState } from 'react';
import { App, Button, Card, Col, Row, Segmented, Space, Statistic } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { errorMessage, type AnalyticsExportType, type RemoteAppProps } from '@corestone/sdk';
import { LoadError, Loading, PageHeader, useLoad } from '../components/common';
import { BarList, ColumnChart, dayLabel } from '../components/charts';
import { isSuperAdmin } from '../lib/roles';
import { saveBlob } from '../lib/text';

const RANGES = [
  { label: '7 days', value: 7 },
  { label: '30 days', value: 30 },
  { label: '90 days', value: 90 },
];
const ROLE_LABELS: Record<string, string> = { student: 'Students', teacher: 'Teachers', admin: 'Admins', super_admin: 'Super Admins' };
const seconds = (v: number | null) => (v === null ? '—' : `${Math.round(v * 10) / 10} s`);

/** Charts of the /dashboard/analytics/* figures for a day range, with the CSV exports (spec §7). */
export function Analytics({ client, user }: RemoteAppProps) {
  const { message } = App.useApp();
  const [days, setDays] = useState(30);
  const data = useLoad(async () => {
    const [performance, trends, users, rubrics, links] = await Promise.all([
      client.admin.performance(days),
      client.admin.trends(days),
      client.admin.userAnalytics(days),
      client.admin.rubricAnalytics(days),
      client.admin.linkAnalytics(days).catch(() => null),
    ]);
    return { performance, trends, users, rubrics, links };
  }, [client, days]);
  const download = async (type: AnalyticsExportType | 'submissions') => {
    try {
      const file = type === 'submissions' ? await client.admin.exportSubmissions({}) : await client.admin.exportAnalytics(type, days);
      saveBlob(file.blob, file.filename ?? `${type}_export.csv`);
    } catch (e) {
      message.error(errorMessage(e, type === 'submissions' ? 'Failed to export submissions' : 'Failed to export analytics'));
    }
  };

  const header = (
    <PageHeader
      title="Analytics"
      subtitle="How Corestone is used and how essays score"
      extra={
        <>
          <Segmented aria-label="Day range" options={RANGES} value={days} onChange={(v) => setDays(v as number)} />
          {isSuperAdmin(user) && (
            <Button icon={<DownloadOutlined />} onClick={() => download('submissions')}>
              Submissions CSV
            </Button>
          )}
        </>
      }
    />
  );
  if (data.loading && !data.data)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  if (data.error || !data.data)
    return (
      <>
        {header}
        <LoadError message={data.error ?? 'Failed to fetch performance metrics'} onRetry={data.reload} />
      </>
    );
  const { performance, trends, users, rubrics, links } = data.data;
  const csv = (type: AnalyticsExportType) => (
    <Button size="small" type="text" icon={<DownloadOutlined />} aria-label={`Export ${type} CSV`} onClick={() => download(type)}>
      CSV
    </Button>
  );

  return (
    <div data-testid="admin-analytics">
      {header}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="Submissions per day" variant="borderless" extra={csv('trends')}>
            <ColumnChart
              testId="chart-submissions"
              data={trends.submissions_per_day.map((d) => ({ label: dayLabel(d.date), value: d.count }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="Grade distribution" variant="borderless" extra={csv('performance')}>
            <BarList
              testId="chart-grades"
              data={performance.grade_distribution.map((g) => ({ label: `Grade ${g.grade}`, value: g.count }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Average per criterion" variant="borderless">
            <BarList
              data={performance.criteria.map((c) => ({
                label: `${c.essay_type.toUpperCase()} ${c.code} · ${c.name}`,
                value: Math.round(c.average_percent),
              }))}
              max={100}
              format={(v) => `${v}%`}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Processing time" variant="borderless">
            <Space size={32} wrap>
              <Statistic title="Average" value={seconds(performance.processing_seconds.average)} />
              <Statistic title="Median" value={seconds(performance.processing_seconds.p50)} />
              <Statistic title="95th percentile" value={seconds(performance.processing_seconds.p95)} />
            </Space>
          </Card>
          <Card title="Users by role" variant="borderless" style={{ marginTop: 16 }} extra={csv('users')}>
            <BarList data={Object.entries(users.users_by_role).map(([r, n]) => ({ label: ROLE_LABELS[r] ?? r, value: n }))} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Rubric usage" variant="borderless" extra={csv('rubrics')}>
            <BarList data={rubrics.rubrics.map((r) => ({ label: r.title, value: r.submissions }))} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Link clicks per day" variant="borderless" extra={links && csv('links')}>
            {links ? (
              <ColumnChart color="#7c3aed" data={links.clicks_per_day.map((d) => ({ label: dayLabel(d.date), value: d.count }))} />
            ) : (
              'The links service did not answer.'
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
