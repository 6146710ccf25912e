import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Col, Empty, Grid, Input, Popconfirm, Row, Space, Table, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { AdminEvaluationStats, EssayType, EvaluationListItem, EvaluationStatus, RemoteAppProps } from '@corestone/sdk';
import { ApprovalTag, StatusTag, TypeTag, gradeText, studentEmail, studentName } from '../components/badges';
import { AccessDenied, Counter, LoadError, PageHeader } from '../components/common';
import { FilterSelect, SUBMISSION_STATUS_FILTER, SUBMISSION_TYPE_FILTER } from '../components/selects';
import { useSubmissions } from '../hooks/useSubmissions';
import { useDebounced } from '../lib/debounce';
import { mayOpen } from '../lib/roles';
import { DELETE_CONFIRMATION } from '../lib/submissions';
import { formatDateTime, truncate } from '../lib/text';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';

function weekLabel(stats: AdminEvaluationStats, intl: IntlShape): string {
  const { completed_this_week: now, completed_previous_week: before } = stats;
  if (before === 0)
    return now
      ? intl.formatMessage({ id: 'submissions.week.new', defaultMessage: '+{count} this week' }, { count: now })
      : intl.formatMessage({ id: 'submissions.week.none', defaultMessage: 'none this week' });
  const pct = Math.round(((now - before) / before) * 100);
  return intl.formatMessage(
    { id: 'submissions.week.change', defaultMessage: '{change}% this week' },
    { change: `${pct >= 0 ? '+' : ''}${pct}` },
  );
}

export function Submissions(props: RemoteAppProps) {
  if (!mayOpen('submissions', props.user)) return <AccessDenied screen="submissions" />;
  return <SubmissionsScreen {...props} />;
}

function SubmissionsScreen({ client }: RemoteAppProps) {
  const navigate = useNavigate();
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [status, setStatus] = useState<EvaluationStatus | ''>('');
  const [type, setType] = useState<EssayType | ''>('');
  const query = useDebounced(search.trim(), 300);
  const { list, stats, refresh, remove, download, busy } = useSubmissions(client, { status, type, query });

  useEffect(() => setSearch(params.get('q') ?? ''), [params]);

  const filtered = Boolean(query || status || type);

  const actions = (ev: EvaluationListItem) => (
    <Space size={4}>
      <Tooltip title={<FormattedMessage id="submissions.viewDetails" defaultMessage="View details" />}>
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={intl.formatMessage({ id: 'submissions.viewDetails', defaultMessage: 'View details' })}
          onClick={() => navigate(`/admin/submissions/${ev.id}`)}
        />
      </Tooltip>
      {ev.status === 'completed' && (
        <Tooltip title={<FormattedMessage id="submissions.downloadReport" defaultMessage="Download report" />}>
          <Button
            type="text"
            icon={<DownloadOutlined />}
            aria-label={intl.formatMessage({ id: 'submissions.downloadReport', defaultMessage: 'Download report' })}
            loading={busy === ev.id}
            onClick={() => download(ev)}
          />
        </Tooltip>
      )}
      <Popconfirm
        title={<FormattedMessage id="submissions.deleteThisSubmission" defaultMessage="Delete this submission?" />}
        description={<FormattedMessage {...DELETE_CONFIRMATION} />}
        okText={<FormattedMessage id="submissions.delete" defaultMessage="Delete" />}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(ev)}
      >
        <Tooltip title={<FormattedMessage id="submissions.delete" defaultMessage="Delete" />}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={intl.formatMessage({ id: 'submissions.deleteSubmission', defaultMessage: 'Delete submission' })}
          />
        </Tooltip>
      </Popconfirm>
    </Space>
  );

  const columns = useMemo(
    () => [
      {
        title: <FormattedMessage id="submissions.col.submission" defaultMessage="Submission" />,
        key: 'submission',
        render: (_: unknown, ev: EvaluationListItem) => (
          <Link to={`/admin/submissions/${ev.id}`} title={ev.title || ev.fileName}>
            {truncate(ev.title || ev.fileName)}
          </Link>
        ),
      },
      {
        title: <FormattedMessage id="submissions.col.student" defaultMessage="Student" />,
        key: 'student',
        render: (_: unknown, ev: EvaluationListItem) => (
          <div>
            <div>{studentName(ev)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {studentEmail(ev)}
            </Typography.Text>
          </div>
        ),
      },
      {
        title: <FormattedMessage id="submissions.col.type" defaultMessage="Type" />,
        key: 'type',
        render: (_: unknown, ev: EvaluationListItem) => <TypeTag type={ev.essay_type} />,
      },
      {
        title: <FormattedMessage id="submissions.col.status" defaultMessage="Status" />,
        key: 'status',
        render: (_: unknown, ev: EvaluationListItem) => <StatusTag status={ev.status} />,
      },
      {
        title: <FormattedMessage id="submissions.col.approval" defaultMessage="Approval" />,
        key: 'approval',
        render: (_: unknown, ev: EvaluationListItem) => <ApprovalTag evaluation={ev} />,
      },
      {
        title: <FormattedMessage id="submissions.col.grade" defaultMessage="Grade" />,
        key: 'grade',
        render: (_: unknown, ev: EvaluationListItem) => gradeText(ev, intl),
      },
      {
        title: <FormattedMessage id="submissions.col.submitted" defaultMessage="Submitted" />,
        key: 'submitted',
        render: (_: unknown, ev: EvaluationListItem) => formatDateTime(ev.submittedAt),
      },
      {
        title: <FormattedMessage id="submissions.col.actions" defaultMessage="Actions" />,
        key: 'actions',
        render: (_: unknown, ev: EvaluationListItem) => actions(ev),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busy, intl],
  );

  const empty = (
    <Empty
      description={
        filtered ? (
          <FormattedMessage id="submissions.noMatch" defaultMessage="No submissions match your filters." />
        ) : (
          <FormattedMessage id="submissions.noneYet" defaultMessage="No submissions yet." />
        )
      }
    />
  );

  return (
    <div data-testid="admin-submissions">
      <PageHeader
        title={<FormattedMessage id="submissions.submissionsManagement" defaultMessage="Submissions Management" />}
        subtitle={
          <FormattedMessage
            id="submissions.reviewGradeAndManageEvery"
            defaultMessage="Review, grade and manage every essay submitted to Corestone"
          />
        }
        extra={
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            <FormattedMessage id="submissions.refresh" defaultMessage="Refresh" />
          </Button>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Counter
            testId="count-total"
            title={<FormattedMessage id="submissions.total" defaultMessage="Total" />}
            value={stats?.total ?? '—'}
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            testId="count-completed"
            title={<FormattedMessage id="submissions.completed" defaultMessage="Completed" />}
            value={stats?.completed ?? '—'}
            color="#16a34a"
            footer={stats && <Typography.Text type="success">{weekLabel(stats, intl)}</Typography.Text>}
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            testId="count-processing"
            title={<FormattedMessage id="submissions.processing" defaultMessage="Processing" />}
            value={stats?.processing ?? '—'}
            color="#2563eb"
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            testId="count-failed"
            title={<FormattedMessage id="submissions.failed" defaultMessage="Failed" />}
            value={stats?.failed ?? '—'}
            color="#dc2626"
          />
        </Col>
      </Row>
      <Card variant="borderless">
        {/* on a 320 px phone the search narrows to the card instead of widening the page (WCAG 1.4.10) */}
        <Space wrap style={{ marginBottom: 16, width: '100%' }} styles={{ item: { maxWidth: '100%' } }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={intl.formatMessage({
              id: 'submissions.searchPlaceholder',
              defaultMessage: 'Search by file name, student name or email',
            })}
            aria-label={intl.formatMessage({ id: 'submissions.searchLabel', defaultMessage: 'Search submissions list' })}
            style={{ width: 320, maxWidth: '100%' }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <FilterSelect
            label={{ id: 'submissions.statusFilter', defaultMessage: 'Status filter' }}
            width={150}
            value={status}
            onChange={setStatus}
            options={SUBMISSION_STATUS_FILTER}
          />
          <FilterSelect
            label={{ id: 'submissions.typeFilter', defaultMessage: 'Type filter' }}
            width={170}
            value={type}
            onChange={setType}
            options={SUBMISSION_TYPE_FILTER}
          />
        </Space>
        {list.error ? (
          <LoadError message={list.error} onRetry={refresh} />
        ) : screens.lg ? (
          <Table
            rowKey="id"
            columns={columns}
            dataSource={list.items}
            loading={list.loading}
            locale={{ emptyText: empty }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
          />
        ) : list.loading ? (
          <Card loading />
        ) : list.items.length === 0 ? (
          empty
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {list.items.map((ev) => (
              <Card key={ev.id} size="small" data-testid="submission-card">
                <Link to={`/admin/submissions/${ev.id}`}>
                  <Typography.Text strong>{truncate(ev.title || ev.fileName)}</Typography.Text>
                </Link>
                <div style={{ fontSize: 12, color: '#64748b' }}>
                  {studentName(ev)} · {studentEmail(ev)} · {formatDateTime(ev.submittedAt)}
                </div>
                <Space wrap style={{ marginTop: 8 }}>
                  <TypeTag type={ev.essay_type} />
                  <StatusTag status={ev.status} />
                  <ApprovalTag evaluation={ev} />
                  <Typography.Text strong>{gradeText(ev, intl)}</Typography.Text>
                </Space>
                <div style={{ marginTop: 8 }}>{actions(ev)}</div>
              </Card>
            ))}
          </Space>
        )}
      </Card>
    </div>
  );
}
