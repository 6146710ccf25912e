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
import { ROSTER_CHANGE_LABELS, rosterFileProblem, rosterRows, rosterSummary, type RosterRow } from '../../lib/schools';
import { formatDateTime } from '../../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

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
  const intl = useIntl();
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
      setError(
        intl.formatMessage({
          id: 'roster.stopped',
          defaultMessage: 'The roster import stopped before its end; see the history, and try again.',
        }),
      );
      return;
    }
    setResult(status.result);
    if (status.result.applied) message.success(intl.formatMessage({ id: 'roster.applied', defaultMessage: 'Roster applied' }));
    onApplied();
  };

  const run = async (dryRun: boolean) => {
    const problem = rosterFileProblem(files, intl);
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
      setError(
        errorMessage(
          e,
          dryRun
            ? intl.formatMessage({ id: 'roster.checkFailed', defaultMessage: 'Failed to check the roster' })
            : intl.formatMessage({ id: 'roster.applyFailed', defaultMessage: 'Failed to apply the roster' }),
        ),
      );
    } finally {
      setBusy(null);
    }
  };

  const rows = result ? rosterRows(result, intl) : [];
  const dryRunDone = !!result && result.dry_run;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="roster-import">
      <Card variant="borderless" title={<FormattedMessage id="roster.uploadARoster" defaultMessage="Upload a roster" />}>
        <Typography.Paragraph type="secondary">
          <FormattedMessage
            id="roster.oneroster12Or1"
            defaultMessage="OneRoster 1.2 or 1.1 CSV files (manifest.csv, orgs.csv, users.csv, roles.csv, classes.csv, enrollments.csv), one zip of them, or one CSV with the columns email,name,role,class. Check first with a dry run: nothing changes until you apply. Students gone from the roster are deactivated in the school, never deleted."
          />
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
          <p className="ant-upload-text">
            <FormattedMessage id="roster.clickOrDropTheRoster" defaultMessage="Click or drop the roster files here" />
          </p>
        </Upload.Dragger>
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" loading={busy === 'dry'} disabled={busy === 'apply'} onClick={() => void run(true)}>
            <FormattedMessage id="roster.dryRun" defaultMessage="Dry run" />
          </Button>
          <Button
            type="primary"
            danger
            disabled={!dryRunDone || busy === 'dry'}
            loading={busy === 'apply'}
            onClick={() => void run(false)}
            title={
              dryRunDone
                ? undefined
                : intl.formatMessage({ id: 'roster.dryRunFirst', defaultMessage: 'Run a dry run of these files first' })
            }
          >
            <FormattedMessage id="roster.apply" defaultMessage="Apply" />
          </Button>
        </Space>
        {applying && <ApplyProgress status={applying} />}
        {error && <Alert type="error" showIcon style={{ marginTop: 16 }} title={error} data-testid="roster-error" />}
      </Card>

      {result && <RosterResult result={result} rows={rows} />}

      <Card variant="borderless" title={<FormattedMessage id="roster.importHistory" defaultMessage="Import history" />}>
        {history.error ? (
          <LoadError message={history.error} onRetry={history.reload} />
        ) : (
          <Table<RosterImportSummary>
            size="small"
            rowKey="id"
            loading={history.loading}
            dataSource={history.data?.imports ?? []}
            locale={{ emptyText: <Empty description={<FormattedMessage id="roster.noImportsYet" defaultMessage="No imports yet" />} /> }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            data-testid="roster-history"
            columns={[
              {
                title: <FormattedMessage id="roster.when" defaultMessage="When" />,
                key: 'when',
                render: (_: unknown, h) => formatDateTime(h.started_at),
              },
              {
                title: <FormattedMessage id="roster.by" defaultMessage="By" />,
                key: 'by',
                render: (_: unknown, h) => h.by.name ?? h.by.email ?? '—',
              },
              {
                title: <FormattedMessage id="roster.kind" defaultMessage="Kind" />,
                key: 'kind',
                render: (_: unknown, h) =>
                  h.dry_run ? (
                    <Tag>
                      <FormattedMessage id="roster.dryRun" defaultMessage="Dry run" />
                    </Tag>
                  ) : (
                    <Tag color="blue">
                      <FormattedMessage id="roster.apply" defaultMessage="Apply" />
                    </Tag>
                  ),
              },
              {
                title: <FormattedMessage id="roster.status" defaultMessage="Status" />,
                key: 'status',
                render: (_: unknown, h) =>
                  h.status === 'running' ? (
                    <Tag color="processing">
                      <FormattedMessage
                        id="roster.running"
                        defaultMessage="Running {progress}"
                        values={{ progress: h.progress.total ? `${h.progress.done}/${h.progress.total}` : '' }}
                      />
                    </Tag>
                  ) : h.status === 'failed' ? (
                    <Tag color="error">
                      <FormattedMessage id="roster.failed" defaultMessage="Failed" />
                    </Tag>
                  ) : (
                    <Tag color="success">
                      <FormattedMessage id="roster.done" defaultMessage="Done" />
                    </Tag>
                  ),
              },
              {
                title: <FormattedMessage id="roster.changes" defaultMessage="Changes" />,
                key: 'counts',
                render: (_: unknown, h) =>
                  h.counts
                    ? intl.formatMessage(
                        {
                          id: 'roster.historyCounts',
                          defaultMessage: '{created} created, {updated} updated, {moved} moved, {deactivated} deactivated',
                        },
                        h.counts,
                      )
                    : '—',
              },
              { title: <FormattedMessage id="roster.rows" defaultMessage="Rows" />, key: 'rows', dataIndex: 'rows' },
              { title: <FormattedMessage id="roster.errors" defaultMessage="Errors" />, key: 'errors', dataIndex: 'error_count' },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}

/** A background apply's progress: the bar, operations done of all, created so far, errors so far. */
function ApplyProgress({ status }: { status: RosterImportStatus }) {
  const intl = useIntl();
  const percent = status.status === 'done' ? 100 : progressPercent(status.progress);
  return (
    <div style={{ marginTop: 16 }} data-testid="roster-progress" data-status={status.status}>
      <Typography.Text>
        {status.status === 'running'
          ? status.progress.total
            ? intl.formatMessage(
                { id: 'roster.applying', defaultMessage: 'Applying: {done} of {total} changes' },
                { done: status.progress.done, total: status.progress.total },
              )
            : intl.formatMessage({ id: 'roster.applyingStart', defaultMessage: 'Applying: starting…' })
          : status.status === 'done'
            ? intl.formatMessage({ id: 'roster.appliedTitle', defaultMessage: 'Applied' })
            : intl.formatMessage({ id: 'roster.stoppedTitle', defaultMessage: 'Stopped' })}
        {status.counts
          ? ` · ${intl.formatMessage(
              { id: 'roster.progressCounts', defaultMessage: '{created} created, {enrolments} enrolments' },
              { created: status.counts.created, enrolments: status.counts.enrolments_added },
            )}`
          : ''}
        {status.error_count
          ? ` · ${intl.formatMessage({ id: 'roster.errorCount', defaultMessage: '{count} error(s)' }, { count: status.error_count })}`
          : ''}
      </Typography.Text>
      <Progress
        percent={percent}
        status={status.status === 'failed' ? 'exception' : status.status === 'running' ? 'active' : 'success'}
        aria-label={intl.formatMessage({ id: 'roster.progress', defaultMessage: 'Roster import progress' })}
      />
    </div>
  );
}

function RosterResult({ result, rows }: { result: RosterImportResult; rows: RosterRow[] }) {
  const intl = useIntl();
  const title = result.dry_run
    ? intl.formatMessage({ id: 'roster.dryRunTitle', defaultMessage: 'Dry run: what would change' })
    : result.applied
      ? intl.formatMessage({ id: 'roster.appliedTitle', defaultMessage: 'Applied' })
      : intl.formatMessage({ id: 'roster.notApplied', defaultMessage: 'Not applied' });
  return (
    <Card variant="borderless" title={title} data-testid="roster-result">
      {!result.dry_run && !result.applied && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <FormattedMessage
              id="roster.nothingWasChangedAFile"
              defaultMessage="Nothing was changed: a file could not be read to its end. Fix the errors below and try again."
            />
          }
        />
      )}
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="roster.fileLine"
          defaultMessage="{format} · {files} · {rows} rows"
          values={{ format: result.format, files: result.files.join(', '), rows: result.rows }}
        />
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} data-testid="roster-counts">
        {rosterSummary(result, intl).map((c) => (
          <Tag key={c.key} color={c.key === 'error_count' && c.value ? 'error' : undefined} style={{ fontSize: 14, padding: '2px 8px' }}>
            {c.label}: <strong>{c.value}</strong>
          </Tag>
        ))}
      </Space>
      {result.error_count > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            <FormattedMessage id="roster.rowErrors" defaultMessage="Row errors ({count})" values={{ count: result.error_count }} />
          </Typography.Title>
          <Table<RosterRowError>
            size="small"
            rowKey={(e) => `${e.file}:${e.line}:${e.message}`}
            dataSource={result.errors}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 480 }}
            data-testid="roster-errors"
            columns={[
              { title: <FormattedMessage id="roster.file" defaultMessage="File" />, dataIndex: 'file', key: 'file' },
              { title: <FormattedMessage id="roster.line" defaultMessage="Line" />, dataIndex: 'line', key: 'line', width: 70 },
              { title: <FormattedMessage id="roster.message" defaultMessage="Message" />, dataIndex: 'message', key: 'message' },
            ]}
            style={{ marginBottom: 16 }}
          />
        </>
      )}
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {result.details.truncated ? (
          <FormattedMessage id="roster.changesCut" defaultMessage="Changes ({count}+, list cut)" values={{ count: rows.length }} />
        ) : (
          <FormattedMessage id="roster.changesCount" defaultMessage="Changes ({count})" values={{ count: rows.length }} />
        )}
      </Typography.Title>
      <Table<RosterRow>
        size="small"
        rowKey="key"
        dataSource={rows}
        locale={{
          emptyText: (
            <Empty
              description={
                <FormattedMessage
                  id="roster.nothingToChangeTheSchool"
                  defaultMessage="Nothing to change: the school already matches the roster"
                />
              }
            />
          ),
        }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        data-testid="roster-changes"
        columns={[
          {
            title: <FormattedMessage id="roster.change" defaultMessage="Change" />,
            key: 'change',
            render: (_: unknown, r) => <Tag color={CHANGE_COLORS[r.change]}>{intl.formatMessage(ROSTER_CHANGE_LABELS[r.change])}</Tag>,
          },
          { title: <FormattedMessage id="roster.name" defaultMessage="Name" />, dataIndex: 'name', key: 'name' },
          { title: <FormattedMessage id="roster.eMail" defaultMessage="E-mail" />, dataIndex: 'email', key: 'email' },
          { title: <FormattedMessage id="roster.detail" defaultMessage="Detail" />, dataIndex: 'detail', key: 'detail' },
        ]}
      />
      {result.skipped.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          <FormattedMessage
            id="roster.skipped"
            defaultMessage="{count} row(s) left out on purpose (guardians, parents…)."
            values={{ count: result.skipped.length }}
          />
        </Typography.Paragraph>
      )}
    </Card>
  );
}
