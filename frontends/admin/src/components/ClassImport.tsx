import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage, type RemoteAppProps, type Role } from '@corestone/sdk';
import { readClassList, reportCsv, type ImportRow } from '../lib/classImport';
import { generatePassword } from '../lib/password';
import { saveBlob } from '../lib/text';

type Result = { row: ImportRow; status: string; password: string; ok: boolean };

/**
 * Imports a class list: every valid row becomes an account with its own generated one-time
 * password, created one after another; the report (shown once, downloadable) lists each row's result.
 */
export function ClassImport({
  client,
  roles,
  onClose,
  onDone,
}: {
  client: RemoteAppProps['client'];
  roles: readonly Role[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [results, setResults] = useState<Result[]>([]);
  const [running, setRunning] = useState(false);

  const read = (t: string) => {
    setText(t);
    setRows(t.trim() ? readClassList(t, roles) : null);
    setResults([]);
  };
  const run = async () => {
    if (!rows) return;
    setRunning(true);
    const out: Result[] = [];
    for (const row of rows) {
      if (row.problem) {
        out.push({ row, status: `Skipped: ${row.problem}`, password: '', ok: false });
      } else {
        const password = generatePassword();
        try {
          await client.users.create({
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            password,
            user_type: row.role,
            essay_credits: row.credits,
            max_essay_credits: Math.max(row.credits, 1),
          });
          out.push({ row, status: 'Created', password, ok: true });
        } catch (e) {
          out.push({ row, status: errorMessage(e, 'Failed to create user'), password: '', ok: false });
        }
      }
      setResults([...out]);
    }
    setRunning(false);
    onDone();
  };

  const created = results.filter((r) => r.ok).length;
  const valid = rows?.filter((r) => !r.problem).length ?? 0;
  return (
    <Modal open width={900} title="Import a class list" onCancel={running ? undefined : onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        A CSV with the columns first name, last name, e-mail, role (student or teacher) and credits — with or without a header row. Each
        account gets its own one-time password, shown once in the report below.
      </Typography.Paragraph>
      {!results.length && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(f) => {
              void f.text().then(read);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>Choose CSV file</Button>
          </Upload>
          <Input.TextArea
            aria-label="Class list CSV"
            placeholder={'first name,last name,email,role,credits\nAnn,Lee,ann@school.org,student,3'}
            autoSize={{ minRows: 4, maxRows: 10 }}
            value={text}
            onChange={(e) => read(e.target.value)}
            style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12 }}
          />
        </Space>
      )}
      {rows && !results.length && (
        <>
          <Alert
            style={{ margin: '12px 0' }}
            type={valid === rows.length ? 'info' : 'warning'}
            showIcon
            title={`${valid} of ${rows.length} rows can be imported`}
            data-testid="import-summary"
          />
          <Table
            size="small"
            rowKey="line"
            dataSource={rows}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            columns={[
              { title: 'Line', dataIndex: 'line', width: 60 },
              { title: 'Name', render: (_: unknown, r: ImportRow) => `${r.first_name} ${r.last_name}` },
              { title: 'E-mail', dataIndex: 'email' },
              { title: 'Role', dataIndex: 'role' },
              { title: 'Credits', dataIndex: 'credits' },
              {
                title: 'Check',
                render: (_: unknown, r: ImportRow) => (r.problem ? <Tag color="red">{r.problem}</Tag> : <Tag color="green">OK</Tag>),
              },
            ]}
          />
          <Button type="primary" disabled={!valid} loading={running} onClick={run} data-testid="import-run">
            Create {valid} accounts
          </Button>
        </>
      )}
      {results.length > 0 && (
        <>
          <Alert
            style={{ marginBottom: 12 }}
            type={created === results.length ? 'success' : 'warning'}
            showIcon
            data-testid="import-report"
            title={
              running
                ? `Creating accounts… ${results.length} of ${rows!.length}`
                : `${created} accounts created, ${results.length - created} not created`
            }
            description="Copy or download the passwords now: they are not shown again."
            action={
              <Button
                icon={<DownloadOutlined />}
                disabled={running}
                onClick={() => saveBlob(new Blob([reportCsv(results)], { type: 'text/csv' }), 'class_import_report.csv')}
              >
                Download report
              </Button>
            }
          />
          <Table
            size="small"
            rowKey={(r) => r.row.line}
            dataSource={results}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { title: 'Line', render: (_: unknown, r: Result) => r.row.line, width: 60 },
              { title: 'E-mail', render: (_: unknown, r: Result) => r.row.email },
              { title: 'Result', render: (_: unknown, r: Result) => <Tag color={r.ok ? 'green' : 'red'}>{r.status}</Tag> },
              {
                title: 'One-time password',
                render: (_: unknown, r: Result) =>
                  r.password ? (
                    <Typography.Text code copyable>
                      {r.password}
                    </Typography.Text>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
          <div style={{ textAlign: 'right', marginTop: 8 }}>
            <Button onClick={onClose} disabled={running}>
              Close
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
