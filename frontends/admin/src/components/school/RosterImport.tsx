import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Empty, Progress, Space, Table, Tag, Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import {
  errorMessage,
  type CorestoneClient,
  type RosterImportResult,
  type RosterImportStatus,
  type RosterImportSummary,
  type RosterRowError,
  type School,
  type SessionUser,
} from '@corestone/sdk';
import { LoadError, useLoad } from '../common';
import { rosterFileProblem, rosterRows, rosterSummary, type RosterRow } from '../../lib/schools';
import { formatDateTime } from '../../lib/text';

interface Ctx {
  client: CorestoneClient;
  user: SessionUser;
  school: School;
  schoolId: string;
  onApplied: () => void;
}

const CHANGE_COLORS: Record<RosterRow['change'], string> = {
  Create: 'green',
  Update: 'blue',
  Move: 'purple',
  Deactivate: 'red',
  'New class': 'cyan',
  'Class update': 'geekblue',
};

/** How often a running apply's progress is asked for. */
const PROGRESS_POLL_MS = 1000;

/** A running apply's share done, 0–100 (0 until the apply has counted its work). */
function progressPercent(p: { done: number; total: number }): number {
  return p.total > 0 ? Math.min(100, Math.floor((p.done * 100) / p.total)) : 0;
}

/**
 * Roster import: the OneRoster CSV files (or one zip, or one `email,name,role,class` CSV), a dry
 * run showing what would be created, updated, moved and deactivated with the rows in error, then
 * Apply — in the background (`async=true`): a progress bar follows the import's status until its
 * result comes; the school's history below.
 */
export function RosterImport({ client, schoolId, onApplied }: Ctx) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [result, setResult] = useState<RosterImportResult | null>(null);
  const [busy, setBusy] = useState<'dry' | 'apply' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const history = useLoad(() => client.schools.rosterImports(schoolId), [client, schoolId]);

  const [applying, setApplying] = useState<RosterImportStatus | null>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  /** Follows a background apply until it is done (its result) or failed. */
  const follow = async (started: RosterImportStatus) => {
    let status = started;
    setApplying(status);
    while (status.status === 'running') {
      await new Promise((r) => setTimeout(r, PROGRESS_POLL_MS));
      if (!mounted.current) return;
      status = await client.schools.rosterImport(schoolId, status.id);
      setApplying(status);
    }
    if (status.status === 'failed' || !status.result) {
      setError('The roster import stopped before its end; see the history, and try again.');
      return;
    }
    setResult(status.result);
    if (status.result.applied) message.success('Roster applied');
    onApplied();
  };

  const run = async (dryRun: boolean) => {
    const problem = rosterFileProblem(files);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(dryRun ? 'dry' : 'apply');
    setError(null);
    setApplying(null);
    try {
      const blobs = files.map((f) => f.originFileObj as File);
      if (dryRun) setResult(await client.schools.importRoster(schoolId, blobs, { dryRun }));
      else await follow(await client.schools.startRosterApply(schoolId, blobs));
      history.reload();
    } catch (e) {
      setError(errorMessage(e, dryRun ? 'Failed to check the roster' : 'Failed to apply the roster'));
    } finally {
      setBusy(null);
    }
  };

  const rows = result ? rosterRows(result) : [];
  const dryRunDone = !!result && result.dry_run;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="roster-import">
      <Card variant="borderless" title="Upload a roster">
        <Typography.Paragraph type="secondary">
          OneRoster 1.2 or 1.1 CSV files (manifest.csv, orgs.csv, users.csv, roles.csv, classes.csv, enrollments.csv), one zip of them, or
          one CSV with the columns email,name,role,class. Check first with a dry run: nothing changes until you apply. Students gone from
          the roster are deactivated in the school, never deleted.
        </Typography.Paragraph>
        <Upload.Dragger
          multiple
          accept=".csv,.zip"
          fileList={files}
          beforeUpload={() => false}
          onChange={({ fileList }) => {
            setFiles(fileList);
            setResult(null);
            setError(null);
          }}
          data-testid="roster-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Click or drop the roster files here</p>
        </Upload.Dragger>
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" loading={busy === 'dry'} disabled={busy === 'apply'} onClick={() => void run(true)}>
            Dry run
          </Button>
          <Button
            type="primary"
            danger
            disabled={!dryRunDone || busy === 'dry'}
            loading={busy === 'apply'}
            onClick={() => void run(false)}
            title={dryRunDone ? undefined : 'Run a dry run of these files first'}
          >
            Apply
          </Button>
        </Space>
        {applying && <ApplyProgress status={applying} />}
        {error && <Alert type="error" showIcon style={{ marginTop: 16 }} title={error} data-testid="roster-error" />}
      </Card>

      {result && <RosterResult result={result} rows={rows} />}

      <Card variant="borderless" title="Import history">
        {history.error ? (
          <LoadError message={history.error} onRetry={history.reload} />
        ) : (
          <Table<RosterImportSummary>
            size="small"
            rowKey="id"
            loading={history.loading}
            dataSource={history.data?.imports ?? []}
            locale={{ emptyText: <Empty description="No imports yet" /> }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            data-testid="roster-history"
            columns={[
              { title: 'When', key: 'when', render: (_: unknown, h) => formatDateTime(h.started_at) },
              { title: 'By', key: 'by', render: (_: unknown, h) => h.by.name ?? h.by.email ?? '—' },
              {
                title: 'Kind',
                key: 'kind',
                render: (_: unknown, h) => (h.dry_run ? <Tag>Dry run</Tag> : <Tag color="blue">Apply</Tag>),
              },
              {
                title: 'Status',
                key: 'status',
                render: (_: unknown, h) =>
                  h.status === 'running' ? (
                    <Tag color="processing">Running {h.progress.total ? `${h.progress.done}/${h.progress.total}` : ''}</Tag>
                  ) : h.status === 'failed' ? (
                    <Tag color="error">Failed</Tag>
                  ) : (
                    <Tag color="success">Done</Tag>
                  ),
              },
              {
                title: 'Changes',
                key: 'counts',
                render: (_: unknown, h) =>
                  h.counts
                    ? `${h.counts.created} created, ${h.counts.updated} updated, ${h.counts.moved} moved, ${h.counts.deactivated} deactivated`
                    : '—',
              },
              { title: 'Rows', key: 'rows', dataIndex: 'rows' },
              { title: 'Errors', key: 'errors', dataIndex: 'error_count' },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}

/** A background apply's progress: the bar, operations done of all, created so far, errors so far. */
function ApplyProgress({ status }: { status: RosterImportStatus }) {
  const percent = status.status === 'done' ? 100 : progressPercent(status.progress);
  return (
    <div style={{ marginTop: 16 }} data-testid="roster-progress" data-status={status.status}>
      <Typography.Text>
        {status.status === 'running'
          ? status.progress.total
            ? `Applying: ${status.progress.done} of ${status.progress.total} changes`
            : 'Applying: starting…'
          : status.status === 'done'
            ? 'Applied'
            : 'Stopped'}
        {status.counts ? ` · ${status.counts.created} created, ${status.counts.enrolments_added} enrolments` : ''}
        {status.error_count ? ` · ${status.error_count} error(s)` : ''}
      </Typography.Text>
      <Progress
        percent={percent}
        status={status.status === 'failed' ? 'exception' : status.status === 'running' ? 'active' : 'success'}
        aria-label="Roster import progress"
      />
    </div>
  );
}

function RosterResult({ result, rows }: { result: RosterImportResult; rows: RosterRow[] }) {
  const title = result.dry_run ? 'Dry run: what would change' : result.applied ? 'Applied' : 'Not applied';
  return (
    <Card variant="borderless" title={title} data-testid="roster-result">
      {!result.dry_run && !result.applied && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="Nothing was changed: a file could not be read to its end. Fix the errors below and try again."
        />
      )}
      <Typography.Paragraph type="secondary">
        {result.format} · {result.files.join(', ')} · {result.rows} rows
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} data-testid="roster-counts">
        {rosterSummary(result).map((c) => (
          <Tag key={c.label} color={c.label === 'Errors' && c.value ? 'error' : undefined} style={{ fontSize: 14, padding: '2px 8px' }}>
            {c.label}: <strong>{c.value}</strong>
          </Tag>
        ))}
      </Space>
      {result.error_count > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Row errors ({result.error_count})
          </Typography.Title>
          <Table<RosterRowError>
            size="small"
            rowKey={(e) => `${e.file}:${e.line}:${e.message}`}
            dataSource={result.errors}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 480 }}
            data-testid="roster-errors"
            columns={[
              { title: 'File', dataIndex: 'file', key: 'file' },
              { title: 'Line', dataIndex: 'line', key: 'line', width: 70 },
              { title: 'Message', dataIndex: 'message', key: 'message' },
            ]}
            style={{ marginBottom: 16 }}
          />
        </>
      )}
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Changes ({rows.length}
        {result.details.truncated ? '+, list cut' : ''})
      </Typography.Title>
      <Table<RosterRow>
        size="small"
        rowKey="key"
        dataSource={rows}
        locale={{ emptyText: <Empty description="Nothing to change: the school already matches the roster" /> }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        data-testid="roster-changes"
        columns={[
          { title: 'Change', key: 'change', render: (_: unknown, r) => <Tag color={CHANGE_COLORS[r.change]}>{r.change}</Tag> },
          { title: 'Name', dataIndex: 'name', key: 'name' },
          { title: 'E-mail', dataIndex: 'email', key: 'email' },
          { title: 'Detail', dataIndex: 'detail', key: 'detail' },
        ]}
      />
      {result.skipped.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {result.skipped.length} row(s) left out on purpose (guardians, parents…).
        </Typography.Paragraph>
      )}
    </Card>
  );
}
