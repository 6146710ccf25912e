import { Link, useSearchParams } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Empty, Grid, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EvaluationListItem, RemoteAppProps } from '@corestone/sdk';
import { PageHeading } from '@corestone/ui/app-frame';
import { StatusDot } from '../components/common';
import { formatDate, gradeOf, isInProgress, typeColor, typeLabel } from '../lib/evaluation';
import { useMyEvaluations } from '../lib/useEvaluations';
import { matchesSearch } from '../lib/search';
import { PdfButton } from '../components/PdfButton';
import { ReviewSummary } from '../components/ReviewOutcome';

export function Submissions({ client }: RemoteAppProps) {
  const { modal, notification } = AntApp.useApp();
  const intl = useIntl();
  const evs = useMyEvaluations(client);
  const [params, setParams] = useSearchParams();
  // below md (phones) the Date, Words and Status columns fold into the Essay cell and the actions sit under
  // the title, so everything fits a 360 px screen without sideways scrolling
  const wide = Boolean(Grid.useBreakpoint().md);
  const query = params.get('q') ?? '';
  const shown = evs.items.filter((e) => matchesSearch(e, query));

  const confirmDelete = (ev: EvaluationListItem) =>
    modal.confirm({
      title: intl.formatMessage({ id: 'submissions.deleteTitle', defaultMessage: 'Delete submission' }),
      content: intl.formatMessage(
        { id: 'submissions.deleteConfirm', defaultMessage: 'Are you sure you want to delete "{title}"? This action cannot be undone.' },
        { title: ev.title },
      ),
      okText: intl.formatMessage({ id: 'submissions.delete', defaultMessage: 'Delete' }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await client.evaluations.remove(ev.id);
          evs.setItems((items) => items.filter((e) => e.id !== ev.id));
          notification.success({
            title: intl.formatMessage({ id: 'submissions.deleted', defaultMessage: 'Submission deleted' }),
            duration: 5,
          });
        } catch {
          notification.error({
            title: intl.formatMessage({ id: 'submissions.error', defaultMessage: 'Error' }),
            description: intl.formatMessage({
              id: 'submissions.deleteFailed',
              defaultMessage: 'Failed to delete evaluation. Please try again.',
            }),
            duration: 7,
          });
        }
      },
    });

  const completed = evs.items.filter((e) => e.status === 'completed').length;
  const processing = evs.items.filter((e) => isInProgress(e.status)).length;

  const actions = (ev: EvaluationListItem) => (
    <Space wrap>
      <Link to={`/results/${ev.id}`}>
        <Button size="small" icon={<EyeOutlined />}>
          {ev.status === 'completed' ? (
            <FormattedMessage id="common.viewResults" defaultMessage="View Results" />
          ) : (
            <FormattedMessage id="submissions.view" defaultMessage="View" />
          )}
        </Button>
      </Link>
      {ev.status === 'completed' && <PdfButton client={client} ev={ev} compact />}
      <Tooltip title={intl.formatMessage({ id: 'submissions.delete', defaultMessage: 'Delete' })}>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={intl.formatMessage({ id: 'submissions.deleteLabel', defaultMessage: 'Delete {title}' }, { title: ev.title })}
          onClick={() => confirmDelete(ev)}
        />
      </Tooltip>
    </Space>
  );
  const essayCell = (ev: EvaluationListItem) => (
    <Space>
      <Tag color={typeColor(ev.essay_type)}>{typeLabel(ev.essay_type)}</Tag>
      <span style={{ fontWeight: 500 }}>{ev.title}</span>
    </Space>
  );
  const dateOf = (ev: EvaluationListItem) => formatDate(ev.created_at || ev.submittedAt, intl);
  const gradeColumn: TableColumnsType<EvaluationListItem>[number] = {
    title: intl.formatMessage({ id: 'submissions.col.grade', defaultMessage: 'Grade' }),
    key: 'grade',
    width: 80,
    render: (_, ev) => <strong>{gradeOf(ev)}</strong>,
  };
  const wideColumns: TableColumnsType<EvaluationListItem> = [
    {
      title: intl.formatMessage({ id: 'submissions.col.essay', defaultMessage: 'Essay' }),
      key: 'title',
      render: (_, ev) => (
        <>
          {essayCell(ev)}
          {/* the review under the title: its status and the start of the reviewer's feedback (issue 28) */}
          <div style={{ marginTop: 6 }}>
            <ReviewSummary review={ev.review} id={ev.id} />
          </div>
        </>
      ),
    },
    {
      title: intl.formatMessage({ id: 'submissions.col.date', defaultMessage: 'Date' }),
      key: 'date',
      width: 130,
      render: (_, ev) => dateOf(ev),
    },
    {
      title: intl.formatMessage({ id: 'submissions.col.words', defaultMessage: 'Words' }),
      key: 'words',
      width: 90,
      render: (_, ev) => (ev.extractedWordCount ? intl.formatNumber(ev.extractedWordCount) : '—'),
    },
    {
      title: intl.formatMessage({ id: 'submissions.col.status', defaultMessage: 'Status' }),
      key: 'status',
      width: 140,
      render: (_, ev) => <StatusDot status={ev.status} />,
    },
    gradeColumn,
    { title: '', key: 'actions', width: 220, align: 'right', render: (_, ev) => actions(ev) },
  ];
  const narrowColumns: TableColumnsType<EvaluationListItem> = [
    {
      title: intl.formatMessage({ id: 'submissions.col.essay', defaultMessage: 'Essay' }),
      key: 'title',
      render: (_, ev) => (
        <div data-testid="submission-compact" style={{ minWidth: 0 }}>
          <div style={{ marginBottom: 4 }}>
            <Tag color={typeColor(ev.essay_type)}>{typeLabel(ev.essay_type)}</Tag>
            <span style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{ev.title}</span>
          </div>
          <Space size={12} wrap style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{dateOf(ev)}</Typography.Text>
            <StatusDot status={ev.status} />
          </Space>
          <div style={{ marginBottom: 8 }}>
            <ReviewSummary review={ev.review} id={ev.id} />
          </div>
          {actions(ev)}
        </div>
      ),
    },
    gradeColumn,
  ];

  return (
    <div>
      <PageHeading
        title={intl.formatMessage({ id: 'submissions.title', defaultMessage: 'My Submissions' })}
        subtitle={
          evs.loading
            ? intl.formatMessage({ id: 'submissions.loading', defaultMessage: 'Loading…' })
            : intl.formatMessage(
                { id: 'submissions.counts', defaultMessage: '{total} total · {completed} completed · {processing} processing' },
                evs.error ? { total: '—', completed: '—', processing: '—' } : { total: evs.items.length, completed, processing },
              )
        }
        extra={
          <Space>
            <Link to="/dashboard/upload/ee">
              <Button type="primary">
                <FormattedMessage id="overview.uploadEe" defaultMessage="Upload EE" />
              </Button>
            </Link>
            <Link to="/dashboard/upload/tok">
              <Button>
                <FormattedMessage id="overview.uploadTok" defaultMessage="Upload TOK" />
              </Button>
            </Link>
          </Space>
        }
      />
      {query && !evs.error && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="search-note"
          title={intl.formatMessage(
            { id: 'submissions.searchNote', defaultMessage: '{shown} of {total} submissions match “{query}”' },
            { shown: shown.length, total: evs.items.length, query },
          )}
          action={
            <Button size="small" onClick={() => setParams({}, { replace: true })}>
              <FormattedMessage id="submissions.clearSearch" defaultMessage="Clear Search" />
            </Button>
          }
        />
      )}
      {evs.error ? (
        <Alert
          type="error"
          showIcon
          title={intl.formatMessage(
            { id: 'overview.loadError', defaultMessage: 'Error loading submissions: {error}' },
            { error: evs.error },
          )}
          action={
            <Button onClick={() => evs.reload()}>
              <FormattedMessage id="common.tryAgain" defaultMessage="Try Again" />
            </Button>
          }
        />
      ) : (
        <Card variant="borderless" styles={{ body: { padding: 0 } }}>
          <Table<EvaluationListItem>
            rowKey="id"
            loading={evs.loading}
            dataSource={shown}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={wide ? { x: 760 } : undefined}
            tableLayout={wide ? undefined : 'fixed'}
            locale={{
              emptyText: (
                <Empty
                  description={
                    query
                      ? intl.formatMessage({ id: 'submissions.noMatch', defaultMessage: 'No submissions match your search' })
                      : intl.formatMessage({ id: 'submissions.empty', defaultMessage: 'No submissions yet' })
                  }
                />
              ),
            }}
            columns={wide ? wideColumns : narrowColumns}
          />
        </Card>
      )}
    </div>
  );
}
