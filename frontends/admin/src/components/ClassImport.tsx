import { useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage, type RemoteAppProps, type Role } from '@corestone/sdk';
import { accessText, readClassList, reportCsv, type Access, type ImportRow } from '../lib/classImport';
import { generatePassword } from '../lib/password';
import { saveBlob } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

type Result = { row: ImportRow; status: string; access: Access | null; ok: boolean };

/**
 * Imports a class list: every valid row becomes an account, created one after another, with its own
 * generated one-time password — or, when the admin ticks the option, without a password and with a
 * password-set e-mail to its owner; the report (shown once, downloadable) lists each row's result.
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
  const intl = useIntl();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [results, setResults] = useState<Result[]>([]);
  const [running, setRunning] = useState(false);
  const [byMail, setByMail] = useState(false);

  const read = (t: string) => {
    setText(t);
    setRows(t.trim() ? readClassList(t, roles, intl) : null);
    setResults([]);
  };
  const run = async () => {
    if (!rows) return;
    setRunning(true);
    const out: Result[] = [];
    for (const row of rows) {
      if (row.problem) {
        out.push({
          row,
          status: intl.formatMessage({ id: 'classImport.skipped', defaultMessage: 'Skipped: {problem}' }, { problem: row.problem }),
          access: null,
          ok: false,
        });
      } else {
        const password = byMail ? undefined : generatePassword();
        try {
          const created = await client.users.create({
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            ...(password ? { password } : { send_password_email: true }),
            user_type: row.role,
            essay_credits: row.credits,
            max_essay_credits: Math.max(row.credits, 1),
          });
          const access: Access = password ? { password } : { mail: created.password_email_sent ? 'sent' : 'not sent' };
          out.push({ row, status: intl.formatMessage({ id: 'classImport.created', defaultMessage: 'Created' }), access, ok: true });
        } catch (e) {
          out.push({
            row,
            status: errorMessage(e, intl.formatMessage({ id: 'classImport.createFailed', defaultMessage: 'Failed to create user' })),
            access: null,
            ok: false,
          });
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
    <Modal
      open
      width={900}
      title={<FormattedMessage id="classImport.importAClassList" defaultMessage="Import a class list" />}
      onCancel={running ? undefined : onClose}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="classImport.aCsvWithTheColumns"
          defaultMessage="A CSV with the columns first name, last name, e-mail, role (student or teacher) and credits — with or without a header row. Each account gets its own one-time password, shown once in the report below — or, if you choose, an e-mail to set a password."
        />
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
            <Button icon={<UploadOutlined />}>
              <FormattedMessage id="classImport.chooseCsvFile" defaultMessage="Choose CSV file" />
            </Button>
          </Upload>
          <Checkbox checked={byMail} onChange={(e) => setByMail(e.target.checked)} data-testid="import-by-mail">
            <FormattedMessage
              id="classImport.sendAPasswordSetE"
              defaultMessage="Send a password-set e-mail instead (no passwords to hand out; the link works for 7 days)"
            />
          </Checkbox>
          <Input.TextArea
            aria-label={intl.formatMessage({ id: 'classImport.classListCsv', defaultMessage: 'Class list CSV' })}
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
            title={intl.formatMessage(
              { id: 'classImport.summary', defaultMessage: '{valid} of {total} rows can be imported' },
              { valid, total: rows.length },
            )}
            data-testid="import-summary"
          />
          <Table
            size="small"
            rowKey="line"
            dataSource={rows}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            columns={[
              { title: <FormattedMessage id="classImport.line" defaultMessage="Line" />, dataIndex: 'line', width: 60 },
              {
                title: <FormattedMessage id="classImport.name" defaultMessage="Name" />,
                render: (_: unknown, r: ImportRow) => `${r.first_name} ${r.last_name}`,
              },
              { title: <FormattedMessage id="classImport.eMail" defaultMessage="E-mail" />, dataIndex: 'email' },
              { title: <FormattedMessage id="classImport.role" defaultMessage="Role" />, dataIndex: 'role' },
              { title: <FormattedMessage id="classImport.credits" defaultMessage="Credits" />, dataIndex: 'credits' },
              {
                title: <FormattedMessage id="classImport.check" defaultMessage="Check" />,
                render: (_: unknown, r: ImportRow) =>
                  r.problem ? (
                    <Tag color="red">{r.problem}</Tag>
                  ) : (
                    <Tag color="green">
                      <FormattedMessage id="classImport.ok" defaultMessage="OK" />
                    </Tag>
                  ),
              },
            ]}
          />
          <Button type="primary" disabled={!valid} loading={running} onClick={run} data-testid="import-run">
            <FormattedMessage id="classImport.createAccounts" defaultMessage="Create {count} accounts" values={{ count: valid }} />
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
                ? intl.formatMessage(
                    { id: 'classImport.creating', defaultMessage: 'Creating accounts… {done} of {total}' },
                    { done: results.length, total: rows!.length },
                  )
                : intl.formatMessage(
                    { id: 'classImport.report', defaultMessage: '{created} accounts created, {failed} not created' },
                    { created, failed: results.length - created },
                  )
            }
            description={
              byMail
                ? intl.formatMessage({
                    id: 'classImport.mailedHint',
                    defaultMessage:
                      'Each created account was sent an e-mail to set its password. Accounts whose e-mail was not sent can use “Forgot password”.',
                  })
                : intl.formatMessage({
                    id: 'classImport.passwordsHint',
                    defaultMessage: 'Copy or download the passwords now: they are not shown again.',
                  })
            }
            action={
              <Button
                icon={<DownloadOutlined />}
                disabled={running}
                onClick={() => saveBlob(new Blob([reportCsv(results)], { type: 'text/csv' }), 'class_import_report.csv')}
              >
                <FormattedMessage id="classImport.downloadReport" defaultMessage="Download report" />
              </Button>
            }
          />
          <Table
            size="small"
            rowKey={(r) => r.row.line}
            dataSource={results}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              {
                title: <FormattedMessage id="classImport.line" defaultMessage="Line" />,
                render: (_: unknown, r: Result) => r.row.line,
                width: 60,
              },
              {
                title: <FormattedMessage id="classImport.eMail" defaultMessage="E-mail" />,
                render: (_: unknown, r: Result) => r.row.email,
              },
              {
                title: <FormattedMessage id="classImport.result" defaultMessage="Result" />,
                render: (_: unknown, r: Result) => <Tag color={r.ok ? 'green' : 'red'}>{r.status}</Tag>,
              },
              {
                title: byMail
                  ? intl.formatMessage({ id: 'classImport.passwordEmail', defaultMessage: 'Password e-mail' })
                  : intl.formatMessage({ id: 'classImport.oneTimePassword', defaultMessage: 'One-time password' }),
                render: (_: unknown, r: Result) =>
                  !r.access ? (
                    '—'
                  ) : 'password' in r.access ? (
                    <Typography.Text code copyable>
                      {r.access.password}
                    </Typography.Text>
                  ) : (
                    <Tag color={r.access.mail === 'sent' ? 'blue' : 'orange'}>{accessText(r.access, intl)}</Tag>
                  ),
              },
            ]}
          />
          <div style={{ textAlign: 'right', marginTop: 8 }}>
            <Button onClick={onClose} disabled={running}>
              <FormattedMessage id="classImport.close" defaultMessage="Close" />
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
