import { useMemo, useState } from 'react';
import { App, Alert, Badge, Button, Card, Col, Empty, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { errorMessage, type RemoteAppProps, type TokSession } from '@corestone/sdk';
import { ListRow, LoadError, Loading, PageHeader, RowList, useLoad } from '../components/common';
import { mayEditTokTitles } from '../lib/roles';
import { useLeaveGuard } from '../lib/leaveGuard';
import { formatDateTime } from '../lib/text';

/** The IB publishes six prescribed titles per examination session (contracts: TOK_TITLES_PER_SESSION). */
export const TITLES_PER_SESSION = 6;
/** The content service's bounds of one title (contracts: TokSessionInput). */
export const TITLE_MIN_CHARS = 10;
export const TITLE_MAX_CHARS = 600;
/** The wizard's free entry, shown after the session's titles (student remote, TokFields). */
export const WIZARD_OTHER_TITLE = 'Other title (type the title you answered)';

type Draft = { id: string | null; session: string; titles: string[] };
const emptyDraft = (): Draft => ({ id: null, session: '', titles: Array<string>(TITLES_PER_SESSION).fill('') });

/** What is wrong with a draft before it is sent (the server checks the same). */
export function draftProblems(d: Draft): string[] {
  const problems: string[] = [];
  if (!d.session.trim()) problems.push('Enter the session, e.g. "May 2027".');
  d.titles.forEach((t, i) => {
    const n = t.trim().length;
    if (n < TITLE_MIN_CHARS) problems.push(`Title ${i + 1} needs at least ${TITLE_MIN_CHARS} characters.`);
    else if (n > TITLE_MAX_CHARS) problems.push(`Title ${i + 1} has more than ${TITLE_MAX_CHARS} characters.`);
  });
  return problems;
}

/**
 * TOK Titles: the prescribed titles of each examination session (six each), which session is
 * current (the one the upload wizard offers), and a preview of what the wizard shows. Admins read;
 * a super admin edits (as for the policies).
 */
export function TokTitles({ client, user }: RemoteAppProps) {
  const { message, modal } = App.useApp();
  const sessions = useLoad(() => client.content.tokSessions().then((r) => r.sessions), [client]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mayEdit = mayEditTokTitles(user);

  const list = useMemo(() => sessions.data ?? [], [sessions.data]);
  // the chosen session, else the first (the current one: the server lists it first)
  const selected = list.find((s) => s.id === selectedId) ?? list[0];

  const original = draft?.id ? list.find((s) => s.id === draft.id) : undefined;
  const dirty =
    draft !== null &&
    (original
      ? draft.session !== original.session || draft.titles.some((t, i) => t !== original.titles[i])
      : draft.session !== '' || draft.titles.some(Boolean));
  const unlessUnsaved = (then: () => void) => {
    if (!dirty) return then();
    modal.confirm({
      title: 'Discard unsaved changes?',
      content: 'Your changes to the TOK titles have not been saved.',
      okText: 'Discard changes',
      okButtonProps: { danger: true },
      cancelText: 'Keep editing',
      focusable: { autoFocusButton: 'cancel' },
      onOk: then,
    });
  };
  useLeaveGuard(dirty, unlessUnsaved);

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      message.success(done);
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the TOK titles'));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (!draft) return;
    setTried(true);
    if (draftProblems(draft).length) return;
    const body = { session: draft.session.trim(), titles: draft.titles.map((t) => t.trim()) };
    void run(async () => {
      const saved = draft.id ? await client.content.updateTokSession(draft.id, body) : await client.content.createTokSession(body);
      setDraft(null);
      setTried(false);
      setSelectedId(saved.data.id);
      sessions.reload();
    }, 'TOK titles saved');
  };

  const makeCurrent = (s: TokSession) =>
    void run(async () => {
      await client.content.makeTokSessionCurrent(s.id);
      sessions.reload();
    }, `${s.session} is now the current session`);

  const remove = (s: TokSession) =>
    modal.confirm({
      title: `Delete the ${s.session} session?`,
      content: 'Its six titles are deleted. Students never saw them unless it was current before.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        run(async () => {
          await client.content.deleteTokSession(s.id);
          setSelectedId(null);
          sessions.reload();
        }, 'Session deleted'),
    });

  if (sessions.loading && !sessions.data) return <Loading />;
  if (sessions.error) return <LoadError message={sessions.error} onRetry={sessions.reload} />;

  const problems = draft && tried ? draftProblems(draft) : [];
  return (
    <div data-testid="admin-tok-titles">
      <PageHeader
        title="TOK Titles"
        subtitle="The prescribed titles of each examination session. Students choose from the current session's six titles, or type another title."
        extra={
          mayEdit && (
            <Button type="primary" icon={<PlusOutlined />} disabled={draft !== null} onClick={() => setDraft(emptyDraft())}>
              New Session
            </Button>
          )
        }
      />
      {!mayEdit && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title="Only a super admin can change the TOK titles."
          data-testid="tok-read-only"
        />
      )}
      {selected?.session.startsWith('Example') && selected.current && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          data-testid="tok-example-warning"
          title="Students are offered example titles"
          description="Enter the real prescribed titles of the session your students sit (New Session), then make it current."
        />
      )}
      {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={error} data-testid="tok-error" />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title="Sessions" variant="borderless">
            {list.length === 0 ? (
              <Empty description="No sessions yet" />
            ) : (
              <RowList
                items={list}
                row={(s, last) => (
                  <ListRow
                    key={s.id}
                    last={last}
                    data-testid={`tok-session-${s.session}`}
                    style={{ cursor: 'pointer', background: s.id === selected?.id ? '#f0f5ff' : undefined, paddingInline: 8 }}
                    onClick={() => unlessUnsaved(() => (setDraft(null), setSelectedId(s.id)))}
                  >
                    <Typography.Text strong>{s.session}</Typography.Text>
                    <div>{s.current ? <Badge status="success" text="Current" /> : <Badge status="default" text="Not current" />}</div>
                  </ListRow>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          {draft ? (
            <Card title={draft.id ? `Edit ${original?.session ?? 'session'}` : 'New session'} variant="borderless" data-testid="tok-editor">
              <Form layout="vertical">
                <Form.Item label="Session" htmlFor="tok-session-name" extra='The examination session, e.g. "May 2027".'>
                  <Input
                    id="tok-session-name"
                    maxLength={100}
                    value={draft.session}
                    onChange={(e) => setDraft({ ...draft, session: e.target.value })}
                  />
                </Form.Item>
                {draft.titles.map((t, i) => (
                  <Form.Item key={i} label={`Title ${i + 1}`} htmlFor={`tok-title-${i + 1}`}>
                    <Input.TextArea
                      id={`tok-title-${i + 1}`}
                      autoSize={{ minRows: 2, maxRows: 6 }}
                      maxLength={TITLE_MAX_CHARS}
                      value={t}
                      onChange={(e) => setDraft({ ...draft, titles: draft.titles.map((x, j) => (j === i ? e.target.value : x)) })}
                    />
                  </Form.Item>
                ))}
                {problems.length > 0 && (
                  <Alert
                    type="error"
                    showIcon
                    style={{ marginBottom: 16 }}
                    data-testid="tok-problems"
                    title="Please correct the session"
                    description={
                      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                        {problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    }
                  />
                )}
                <Space wrap>
                  <Button type="primary" loading={busy} onClick={save}>
                    Save Titles
                  </Button>
                  <Button onClick={() => unlessUnsaved(() => (setDraft(null), setTried(false)))}>Cancel</Button>
                </Space>
              </Form>
            </Card>
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
                        Current
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
                        Edit
                      </Button>
                      {!selected.current && (
                        <>
                          <Button type="primary" loading={busy} onClick={() => makeCurrent(selected)}>
                            Make Current
                          </Button>
                          <Button danger icon={<DeleteOutlined />} aria-label="Delete session" onClick={() => remove(selected)} />
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

/** The list a student sees in the upload wizard's "Prescribed Title" field for this session. */
export function WizardPreview({ session }: { session: TokSession }) {
  return (
    <div data-testid="tok-preview">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <EyeOutlined /> What students see in the upload wizard
      </Typography.Title>
      {!session.current && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="This session is not current: the wizard shows the current session's titles until you make this one current."
        />
      )}
      <Typography.Text type="secondary">Prescribed titles for the {session.session} session</Typography.Text>
      <ol style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', border: '1px solid #e5e7eb', borderRadius: 8 }}>
        {[...session.titles.map((t, i) => `Title ${i + 1}: ${t}`), WIZARD_OTHER_TITLE].map((label, i, all) => (
          <li
            key={label}
            style={{
              padding: '10px 12px',
              borderBottom: i < all.length - 1 ? '1px solid #f0f0f0' : undefined,
              color: i === all.length - 1 ? 'rgba(0,0,0,.55)' : undefined,
              fontStyle: i === all.length - 1 ? 'italic' : undefined,
            }}
          >
            {label}
          </li>
        ))}
      </ol>
    </div>
  );
}
