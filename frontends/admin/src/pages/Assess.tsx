import { useState } from 'react';
import { App, Alert, Button, Card, Col, Empty, Form, Input, Popconfirm, Radio, Row, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, ExperimentOutlined } from '@ant-design/icons';
import { errorMessage, type EssayType, type RemoteAppProps } from '@corestone/sdk';
import { ListRow, PageHeader, RowList, RowMeta } from '../components/common';
import { ESSAY_TYPE_OPTIONS } from '../components/selects';
import { LOCAL_GRADE_RULE, assessLocal, createLocal, deleteLocal, listLocal, type LocalSubmission } from '../lib/localAssessment';
import { formatDateTime, wordCount } from '../lib/text';

/** Quick assessment of a pasted essay (the spec's browser-local path), kept in this browser only. */
export function Assess({ client, user }: RemoteAppProps) {
  const { message } = App.useApp();
  const [type, setType] = useState<EssayType>('ee');
  const [subject, setSubject] = useState('');
  const [question, setQuestion] = useState('');
  const [text, setText] = useState('');
  const [items, setItems] = useState<LocalSubmission[]>(() => listLocal(user.id));
  const [open, setOpen] = useState<string | null>(items[0]?.id ?? null);
  const [busy, setBusy] = useState(false);

  const refresh = () => setItems(listLocal(user.id));
  const run = async () => {
    setBusy(true);
    try {
      const sub = createLocal(user, {
        type,
        text,
        subject,
        ...(type === 'ee' ? { researchQuestion: question } : { prescribedTitle: question }),
      });
      refresh();
      setOpen(sub.id);
      const done = await assessLocal(client, sub);
      refresh();
      if (done.source === 'fallback') message.warning('The server assessment was not available: the local estimate is shown.');
    } catch (e) {
      message.error(errorMessage(e));
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const shown = items.find((s) => s.id === open) ?? null;

  return (
    <div data-testid="admin-assess">
      <PageHeader title="Quick Assessment" subtitle="Assess a pasted essay; it is kept in this browser only" />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title="Essay">
            <Form layout="vertical">
              <Form.Item label="Essay type">
                <Radio.Group value={type} onChange={(e) => setType(e.target.value)} options={ESSAY_TYPE_OPTIONS} optionType="button" />
              </Form.Item>
              <Form.Item label="Subject">
                <Input aria-label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
              </Form.Item>
              <Form.Item label={type === 'ee' ? 'Research question' : 'Prescribed title'}>
                <Input
                  aria-label={type === 'ee' ? 'Research question' : 'Prescribed title'}
                  value={question}
                  onChange={(e) => setQuestion(e.target.value)}
                />
              </Form.Item>
              <Form.Item label="Essay text" extra={`${wordCount(text)} words`}>
                <Input.TextArea
                  aria-label="Essay text"
                  autoSize={{ minRows: 8, maxRows: 18 }}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
              </Form.Item>
              <Button type="primary" icon={<ExperimentOutlined />} loading={busy} disabled={!text.trim()} onClick={run}>
                {busy ? 'Assessing…' : 'Assess'}
              </Button>
            </Form>
          </Card>
          <Card variant="borderless" title="This browser's assessments" style={{ marginTop: 16 }}>
            {items.length === 0 ? (
              <Empty description="None yet" />
            ) : (
              <RowList
                items={items}
                row={(s, last) => (
                  <ListRow
                    key={s.id}
                    last={last}
                    style={{ cursor: 'pointer', background: s.id === open ? '#eff6ff' : undefined, paddingInline: 8 }}
                    onClick={() => setOpen(s.id)}
                    actions={
                      <>
                        <Tag color={s.status === 'completed' ? 'green' : s.status === 'failed' ? 'red' : 'blue'}>{s.status}</Tag>
                        <Popconfirm
                          title="Remove this assessment from this browser?"
                          onConfirm={() => {
                            deleteLocal(user, s.id);
                            refresh();
                          }}
                        >
                          <Button
                            size="small"
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label="Remove"
                            onClick={(e) => e.stopPropagation()}
                          />
                        </Popconfirm>
                      </>
                    }
                  >
                    <RowMeta title={`${s.fileName} · ${s.extractedWordCount} words`} description={formatDateTime(s.submittedAt)} />
                  </ListRow>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title="Result" data-testid="assess-result">
            {!shown ? (
              <Empty description="Assess an essay to see its result" />
            ) : shown.status === 'processing' ? (
              <Typography.Text>Assessing… (up to 30 s, then the local estimate is used)</Typography.Text>
            ) : shown.status === 'failed' || !shown.results ? (
              <Alert type="error" showIcon title={shown.error ?? 'The assessment failed'} />
            ) : (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  {/* a figure, not a section: no heading (the page's outline is its h1 alone) */}
                  <Typography.Text strong style={{ fontSize: 24 }} data-testid="assess-grade">
                    {shown.results.overallGrade} · {shown.results.totalPoints}/{shown.results.maxPoints}
                  </Typography.Text>
                  <Typography.Text data-testid="assess-band">{shown.results.overallBand}</Typography.Text>
                  <Tag color={shown.source === 'server' ? 'blue' : 'gold'} data-testid="assess-source">
                    {shown.source === 'server'
                      ? `Graded by the server (${shown.results.grader}${shown.ownKey ? ', your API key' : ''})`
                      : 'Local estimate (fallback rules)'}
                  </Tag>
                  {shown.processingTime !== undefined && <Typography.Text type="secondary">{shown.processingTime} s</Typography.Text>}
                </Space>
                {shown.source === 'server' && (
                  <Typography.Text type="secondary" data-testid="assess-grade-rule">
                    {LOCAL_GRADE_RULE(shown.results.totalPoints, shown.results.maxPoints)}
                  </Typography.Text>
                )}
                {shown.fallbackReason && <Alert type="warning" showIcon title={`Server assessment unavailable: ${shown.fallbackReason}`} />}
                {shown.source === 'server' && shown.results.fallbackReason && (
                  <Alert type="info" showIcon title={`The model's grading was replaced on the server: ${shown.results.fallbackReason}`} />
                )}
                <Typography.Paragraph>{shown.results.overallSummary.holisticCommentary}</Typography.Paragraph>
                <Table
                  size="small"
                  rowKey="code"
                  pagination={false}
                  dataSource={shown.results.criteria}
                  columns={[
                    { title: 'Criterion', render: (_: unknown, c) => `${c.code} · ${c.name}` },
                    { title: 'Score', render: (_: unknown, c) => `${c.score}/${c.maxScore}` },
                    { title: 'Feedback', dataIndex: 'feedback' },
                  ]}
                />
              </Space>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
