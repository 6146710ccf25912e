import { Link, useSearchParams } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Empty, Grid, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
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
  const evs = useMyEvaluations(client);
  const [params, setParams] = useSearchParams();
  // below md (phones) the Date, Words and Status columns fold into the Essay cell and the actions sit under
  // the title, so everything fits a 360 px screen without sideways scrolling
  const wide = Boolean(Grid.useBreakpoint().md);
  const query = params.get('q') ?? '';
  const shown = evs.items.filter((e) => matchesSearch(e, query));

  const confirmDelete = (ev: EvaluationListItem) =>
    modal.confirm({
      title: 'Delete submission',
      content: `Are you sure you want to delete "${ev.title}"? This action cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await client.evaluations.remove(ev.id);
          evs.setItems((items) => items.filter((e) => e.id !== ev.id));
          notification.success({ title: 'Submission deleted', duration: 5 });
        } catch {
          notification.error({ title: 'Error', description: 'Failed to delete evaluation. Please try again.', duration: 7 });
        }
      },
    });

  const completed = evs.items.filter((e) => e.status === 'completed').length;
  const processing = evs.items.filter((e) => isInProgress(e.status)).length;

  const actions = (ev: EvaluationListItem) => (
    <Space wrap>
      <Link to={`/results/${ev.id}`}>
        <Button size="small" icon={<EyeOutlined />}>
          {ev.status === 'completed' ? 'View Results' : 'View'}
        </Button>
      </Link>
      {ev.status === 'completed' && <PdfButton client={client} ev={ev} compact />}
      <Tooltip title="Delete">
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${ev.title}`} onClick={() => confirmDelete(ev)} />
      </Tooltip>
    </Space>
  );
  const essayCell = (ev: EvaluationListItem) => (
    <Space>
      <Tag color={typeColor(ev.essay_type)}>{typeLabel(ev.essay_type)}</Tag>
      <span style={{ fontWeight: 500 }}>{ev.title}</span>
    </Space>
  );
  const dateOf = (ev: EvaluationListItem) => formatDate(ev.created_at || ev.submittedAt);
  const gradeColumn: TableColumnsType<EvaluationListItem>[number] = {
    title: 'Grade',
    key: 'grade',
    width: 80,
    render: (_, ev) => <strong>{gradeOf(ev)}</strong>,
  };
  const wideColumns: TableColumnsType<EvaluationListItem> = [
    {
      title: 'Essay',
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
    { title: 'Date', key: 'date', width: 130, render: (_, ev) => dateOf(ev) },
    {
      title: 'Words',
      key: 'words',
      width: 90,
      render: (_, ev) => (ev.extractedWordCount ? ev.extractedWordCount.toLocaleString() : '—'),
    },
    { title: 'Status', key: 'status', width: 140, render: (_, ev) => <StatusDot status={ev.status} /> },
    gradeColumn,
    { title: '', key: 'actions', width: 220, align: 'right', render: (_, ev) => actions(ev) },
  ];
  const narrowColumns: TableColumnsType<EvaluationListItem> = [
    {
      title: 'Essay',
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
        title="My Submissions"
        subtitle={
          evs.loading
            ? 'Loading…'
            : evs.error
              ? '— total · — completed · — processing'
              : `${evs.items.length} total · ${completed} completed · ${processing} processing`
        }
        extra={
          <Space>
            <Link to="/dashboard/upload/ee">
              <Button type="primary">Upload EE</Button>
            </Link>
            <Link to="/dashboard/upload/tok">
              <Button>Upload TOK</Button>
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
          title={`${shown.length} of ${evs.items.length} submissions match “${query}”`}
          action={
            <Button size="small" onClick={() => setParams({}, { replace: true })}>
              Clear Search
            </Button>
          }
        />
      )}
      {evs.error ? (
        <Alert
          type="error"
          showIcon
          title={`Error loading submissions: ${evs.error}`}
          action={<Button onClick={() => evs.reload()}>Try Again</Button>}
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
            locale={{ emptyText: <Empty description={query ? 'No submissions match your search' : 'No submissions yet'} /> }}
            columns={wide ? wideColumns : narrowColumns}
          />
        </Card>
      )}
    </div>
  );
}
