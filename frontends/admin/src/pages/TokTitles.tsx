import { App, Alert, Badge, Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RemoteAppProps, TokSession } from '@corestone/sdk';
import { ListRow, LoadError, Loading, PageHeader, RowList } from '../components/common';
import { TokEditor } from '../components/tok/TokEditor';
import { WizardPreview } from '../components/tok/WizardPreview';
import { useTokSessions } from '../hooks/useTokSessions';
import { mayEditTokTitles } from '../lib/roles';
import { useLeaveGuard } from '../lib/leaveGuard';
import { emptyDraft } from '../lib/tokTitles';
import { formatDateTime } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * TOK Titles: the prescribed titles of each examination session (six each), which session is
 * current (the one the upload wizard offers), and a preview of what the wizard shows. Admins read;
 * a super admin edits (as for the policies).
 */
export function TokTitles({ client, user }: RemoteAppProps) {
  const { modal } = App.useApp();
  const intl = useIntl();
  const { sessions, list, selected, draft, setDraft, original, dirty, problems, busy, error, save, cancel, select, makeCurrent, remove } =
    useTokSessions(client);
  const mayEdit = mayEditTokTitles(user);

  const unlessUnsaved = (then: () => void) => {
    if (!dirty) return then();
    modal.confirm({
      title: intl.formatMessage({ id: 'tokTitles.discardTitle', defaultMessage: 'Discard unsaved changes?' }),
      content: intl.formatMessage({
        id: 'tokTitles.discardContent',
        defaultMessage: 'Your changes to the TOK titles have not been saved.',
      }),
      okText: intl.formatMessage({ id: 'tokTitles.discardChanges', defaultMessage: 'Discard changes' }),
      okButtonProps: { danger: true },
      cancelText: intl.formatMessage({ id: 'tokTitles.keepEditing', defaultMessage: 'Keep editing' }),
      focusable: { autoFocusButton: 'cancel' },
      onOk: then,
    });
  };
  useLeaveGuard(dirty, unlessUnsaved);

  const confirmRemove = (s: TokSession) =>
    modal.confirm({
      title: intl.formatMessage({ id: 'tokTitles.deleteSession', defaultMessage: 'Delete the {session} session?' }, { session: s.session }),
      content: intl.formatMessage({
        id: 'tokTitles.deleteConsequence',
        defaultMessage: 'Its six titles are deleted. Students never saw them unless it was current before.',
      }),
      okText: intl.formatMessage({ id: 'tokTitles.delete', defaultMessage: 'Delete' }),
      okButtonProps: { danger: true },
      onOk: () => remove(s),
    });

  if (sessions.loading && !sessions.data) return <Loading />;
  if (sessions.error) return <LoadError message={sessions.error} onRetry={sessions.reload} />;

  return (
    <div data-testid="admin-tok-titles">
      <PageHeader
        title={<FormattedMessage id="tokTitles.tokTitles" defaultMessage="TOK Titles" />}
        subtitle={
          <FormattedMessage
            id="tokTitles.thePrescribedTitlesOfEach"
            defaultMessage="The prescribed titles of each examination session. Students choose from the current session's six titles, or type another title."
          />
        }
        extra={
          mayEdit && (
            <Button type="primary" icon={<PlusOutlined />} disabled={draft !== null} onClick={() => setDraft(emptyDraft())}>
              <FormattedMessage id="tokTitles.newSession" defaultMessage="New Session" />
            </Button>
          )
        }
      />
      {!mayEdit && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title={<FormattedMessage id="tokTitles.onlyASuperAdminCan" defaultMessage="Only a super admin can change the TOK titles." />}
          data-testid="tok-read-only"
        />
      )}
      {selected?.session.startsWith('Example') && selected.current && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          data-testid="tok-example-warning"
          title={<FormattedMessage id="tokTitles.studentsAreOfferedExampleTitles" defaultMessage="Students are offered example titles" />}
          description={
            <FormattedMessage
              id="tokTitles.enterTheRealPrescribedTitles"
              defaultMessage="Enter the real prescribed titles of the session your students sit (New Session), then make it current."
            />
          }
        />
      )}
      {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={error} data-testid="tok-error" />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={<FormattedMessage id="tokTitles.sessions" defaultMessage="Sessions" />} variant="borderless">
            {list.length === 0 ? (
              <Empty description={<FormattedMessage id="tokTitles.noSessionsYet" defaultMessage="No sessions yet" />} />
            ) : (
              <RowList
                items={list}
                row={(s, last) => (
                  <ListRow
                    key={s.id}
                    last={last}
                    data-testid={`tok-session-${s.session}`}
                    style={{ cursor: 'pointer', background: s.id === selected?.id ? '#f0f5ff' : undefined, paddingInline: 8 }}
                    onClick={() => unlessUnsaved(() => select(s.id))}
                  >
                    <Typography.Text strong>{s.session}</Typography.Text>
                    <div>
                      {s.current ? (
                        <Badge status="success" text={intl.formatMessage({ id: 'tokTitles.current', defaultMessage: 'Current' })} />
                      ) : (
                        <Badge status="default" text={intl.formatMessage({ id: 'tokTitles.notCurrent', defaultMessage: 'Not current' })} />
                      )}
                    </div>
                  </ListRow>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          {draft ? (
            <TokEditor
              draft={draft}
              originalName={original?.session}
              problems={problems}
              busy={busy}
              onChange={setDraft}
              onSave={save}
              onCancel={() => unlessUnsaved(cancel)}
            />
          ) : (
            selected && (
              <Card
                variant="borderless"
                data-testid="tok-session-detail"
                title={
                  <Space wrap>
                    {selected.session}
                    {selected.current && (
                      <Tag color="green" icon={<CheckCircleOutlined />}>
                        <FormattedMessage id="tokTitles.current" defaultMessage="Current" />
                      </Tag>
                    )}
                  </Space>
                }
                extra={
                  mayEdit && (
                    <Space wrap>
                      <Button
                        icon={<EditOutlined />}
                        onClick={() => setDraft({ id: selected.id, session: selected.session, titles: [...selected.titles] })}
                      >
                        <FormattedMessage id="tokTitles.edit" defaultMessage="Edit" />
                      </Button>
                      {!selected.current && (
                        <>
                          <Button type="primary" loading={busy} onClick={() => makeCurrent(selected)}>
                            <FormattedMessage id="tokTitles.makeCurrent" defaultMessage="Make Current" />
                          </Button>
                          <Button
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={intl.formatMessage({ id: 'tokTitles.deleteSessionLabel', defaultMessage: 'Delete session' })}
                            onClick={() => confirmRemove(selected)}
                          />
                        </>
                      )}
                    </Space>
                  )
                }
              >
                <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                  Last updated {formatDateTime(selected.last_updated)}
                  {selected.updated_by ? ` by ${selected.updated_by}` : ''}
                </Typography.Paragraph>
                <WizardPreview session={selected} />
              </Card>
            )
          )}
        </Col>
      </Row>
    </div>
  );
}
