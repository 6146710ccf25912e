import { useState } from 'react';
import { App, Button, Card, Col, Row, Segmented, Space, Statistic } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { errorMessage, type AnalyticsExportType, type RemoteAppProps } from '@corestone/sdk';
import { LoadError, Loading, PageHeader, useLoad } from '../components/common';
import { BarList, ColumnChart, dayLabel } from '../components/charts';
import { isSuperAdmin } from '../lib/roles';
import { saveBlob } from '../lib/text';
import { FormattedMessage, type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

const RANGES = [7, 30, 90];
const ROLE_LABELS: Record<string, MessageDescriptor> = {
  student: { id: 'analytics.role.students', defaultMessage: 'Students' },
  teacher: { id: 'analytics.role.teachers', defaultMessage: 'Teachers' },
  admin: { id: 'analytics.role.admins', defaultMessage: 'Admins' },
  super_admin: { id: 'analytics.role.superAdmins', defaultMessage: 'Super Admins' },
};
/** 12.34 → '12.3 s' (French and Spanish '12,3 s'); null → '—'. */
const seconds = (v: number | null, intl: IntlShape) => (v === null ? '—' : `${intl.formatNumber(v, { maximumFractionDigits: 1 })} s`);

/** Charts of the /dashboard/analytics/* figures for a day range, with the CSV exports (spec §7). */
export function Analytics({ client, user }: RemoteAppProps) {
  const { message } = App.useApp();
  const intl = useIntl();
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
      message.error(
        errorMessage(
          e,
          type === 'submissions'
            ? intl.formatMessage({ id: 'analytics.exportSubmissionsFailed', defaultMessage: 'Failed to export submissions' })
            : intl.formatMessage({ id: 'analytics.exportFailed', defaultMessage: 'Failed to export analytics' }),
        ),
      );
    }
  };

  const header = (
    <PageHeader
      title={<FormattedMessage id="analytics.analytics" defaultMessage="Analytics" />}
      subtitle={<FormattedMessage id="analytics.howCorestoneIsUsedAnd" defaultMessage="How Corestone is used and how essays score" />}
      extra={
        <>
          <Segmented
            aria-label={intl.formatMessage({ id: 'analytics.dayRange', defaultMessage: 'Day range' })}
            options={RANGES.map((n) => ({
              value: n,
              label: intl.formatMessage({ id: 'analytics.days', defaultMessage: '{count} days' }, { count: n }),
            }))}
            value={days}
            onChange={(v) => setDays(v as number)}
          />
          {isSuperAdmin(user) && (
            <Button icon={<DownloadOutlined />} onClick={() => download('submissions')}>
              <FormattedMessage id="analytics.submissionsCsv" defaultMessage="Submissions CSV" />
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
        <LoadError
          message={data.error ?? intl.formatMessage({ id: 'analytics.loadFailed', defaultMessage: 'Failed to fetch performance metrics' })}
          onRetry={data.reload}
        />
      </>
    );
  const { performance, trends, users, rubrics, links } = data.data;
  const csv = (type: AnalyticsExportType) => (
    <Button size="small" type="text" icon={<DownloadOutlined />} aria-label={`Export ${type} CSV`} onClick={() => download(type)}>
      <FormattedMessage id="analytics.csv" defaultMessage="CSV" />
    </Button>
  );

  return (
    <div data-testid="admin-analytics">
      {header}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title={<FormattedMessage id="analytics.submissionsPerDay" defaultMessage="Submissions per day" />}
            variant="borderless"
            extra={csv('trends')}
          >
            <ColumnChart
              title={<FormattedMessage id="analytics.submissionsPerDay" defaultMessage="Submissions per day" />}
              testId="chart-submissions"
              data={trends.submissions_per_day.map((d) => ({ label: dayLabel(d.date), value: d.count }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card
            title={<FormattedMessage id="analytics.gradeDistribution" defaultMessage="Grade distribution" />}
            variant="borderless"
            extra={csv('performance')}
          >
            <BarList
              testId="chart-grades"
              data={performance.grade_distribution.map((g) => ({ label: `Grade ${g.grade}`, value: g.count }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={<FormattedMessage id="analytics.averagePerCriterion" defaultMessage="Average per criterion" />} variant="borderless">
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
          <Card title={<FormattedMessage id="analytics.processingTime" defaultMessage="Processing time" />} variant="borderless">
            <Space size={32} wrap>
              <Statistic
                title={<FormattedMessage id="analytics.average" defaultMessage="Average" />}
                value={seconds(performance.processing_seconds.average, intl)}
              />
              <Statistic
                title={<FormattedMessage id="analytics.median" defaultMessage="Median" />}
                value={seconds(performance.processing_seconds.p50, intl)}
              />
              <Statistic
                title={<FormattedMessage id="analytics.95thPercentile" defaultMessage="95th percentile" />}
                value={seconds(performance.processing_seconds.p95, intl)}
              />
            </Space>
          </Card>
          <Card
            title={<FormattedMessage id="analytics.usersByRole" defaultMessage="Users by role" />}
            variant="borderless"
            style={{ marginTop: 16 }}
            extra={csv('users')}
          >
            <BarList
              data={Object.entries(users.users_by_role).map(([r, n]) => ({
                label: ROLE_LABELS[r] ? intl.formatMessage(ROLE_LABELS[r]) : r,
                value: n,
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={<FormattedMessage id="analytics.rubricUsage" defaultMessage="Rubric usage" />}
            variant="borderless"
            extra={csv('rubrics')}
          >
            <BarList data={rubrics.rubrics.map((r) => ({ label: r.title, value: r.submissions }))} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={<FormattedMessage id="analytics.linkClicksPerDay" defaultMessage="Link clicks per day" />}
            variant="borderless"
            extra={links && csv('links')}
          >
            {links ? (
              <ColumnChart
                title={<FormattedMessage id="analytics.linkClicksPerDay" defaultMessage="Link clicks per day" />}
                color="#7c3aed"
                data={links.clicks_per_day.map((d) => ({ label: dayLabel(d.date), value: d.count }))}
              />
            ) : (
              <FormattedMessage id="analytics.linksDown" defaultMessage="The links service did not answer." />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
