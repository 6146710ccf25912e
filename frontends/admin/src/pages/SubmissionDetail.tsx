import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Row,
  Select,
  Space,
  Timeline,
  Typography,
} from 'antd';
import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileTextOutlined,
  RedoOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { errorMessage, isApiError, type Evaluation, type RemoteAppProps } from '@corestone/sdk';
import { Heading } from '@corestone/frontend-shell/app-frame';
import { AccessDenied, Loading } from '../components/common';
import { ApprovalTag, StatusTag, TYPE_LABELS, TypeTag, studentEmail, studentName } from '../components/badges';
import { EssayViewer } from '../components/EssayViewer';
import { ReadOnlyInput } from '../components/readOnly';
import { mayOpen, isSuperAdmin } from '../lib/roles';
import { criteriaSum, criterionScoreError, decisionError, overallSumError, reviewButtons, rubricTotal, scoreError } from '../lib/review';
import { ReviewTexts } from '@corestone/contracts/review-texts';
import { formatDateTime, textStats } from '../lib/text';
import { DELETE_CONFIRMATION, downloadReport } from './Submissions';

type Load = { ev?: Evaluation; error?: string; notFound?: boolean; loading: boolean };

export function SubmissionDetail(props: RemoteAppProps) {
  if (!mayOpen('submission-detail', props.user)) return <AccessDenied screen="submission-detail" />;
  return <Detail {...props} />;
}

function Detail({ client, user }: RemoteAppProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [state, setState] = useState<Load>({ loading: true });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ loading: true });
    client.evaluations.get(id).then(
      (ev) => alive && setState({ ev, loading: false }),
      (e) =>
        alive &&
        setState({ loading: false, notFound: isApiError(e) && e.status === 404, error: errorMessage(e, 'Failed to load evaluation') }),
    );
    return () => {
      alive = false;
    };
  }, [client, id, tick]);

  if (state.loading) return <Loading />;
  if (state.notFound) {
    return (
      <Result
        status="404"
        title="Evaluation Not Found"
        subTitle="The submission you are looking for does not exist or has been deleted."
        extra={
          <Button type="primary" onClick={() => navigate('/admin/submissions')}>
            Back to Submissions
          </Button>
        }
      />
    );
  }
  if (state.error || !state.ev) {
    return (
      <Result
        status="error"
        title="Failed to load evaluation"
        subTitle={state.error}
        extra={<Button onClick={() => navigate(-1)}>Go Back</Button>}
      />
    );
  }
  const ev = state.ev;
  const update = (next: Evaluation) => setState({ ev: next, loading: false });

  return (
    <div data-testid="submission-detail">
      <Link to="/admin/submissions">
        <ArrowLeftOutlined /> Back to Submissions
      </Link>
      <Card variant="borderless" style={{ margin: '12px 0 16px' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap align="start">
          <div>
            <Heading level={1} size={3} style={{ margin: 0 }} data-testid="detail-title">
              {ev.title || ev.fileName}
            </Heading>
            <Typography.Text type="secondary">
              Submitted by {studentName(ev)} · {formatDateTime(ev.submittedAt)}
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              <Space wrap>
                <TypeTag type={ev.essay_type} />
                <StatusTag status={ev.status} />
                <ApprovalTag evaluation={ev} />
              </Space>
            </div>
          </div>
          <Link to={`/results/${ev.id}`}>
            <Button icon={<EyeOutlined />}>View Details</Button>
          </Link>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <BasicInformation ev={ev} />
            <EssayContent ev={ev} client={client} />
            {ev.status === 'completed' && ev.results ? (
              <ResultsEditor ev={ev} client={client} onSaved={update} />
            ) : (
              <Card title="Results & Feedback" variant="borderless">
                <Empty
                  description={
                    ev.status === 'failed'
                      ? `Grading failed${ev.error_message ? `: ${ev.error_message}` : ''}`
                      : 'Results appear here once grading is completed.'
                  }
                />
              </Card>
            )}
          </Space>
        </Col>
        <Col xs={24} lg={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ActionsPanel
              ev={ev}
              client={client}
              canDelete={isSuperAdmin(user)}
              onChanged={update}
              onDeleted={() => {
                message.success('Submission deleted');
                navigate('/admin/submissions');
              }}
              reload={() => setTick((n) => n + 1)}
            />
            <Card title="User Information" variant="borderless" data-testid="user-information">
              <Descriptions column={1} size="small">
                <Descriptions.Item label="Name">{studentName(ev)}</Descriptions.Item>
                <Descriptions.Item label="Email">{studentEmail(ev)}</Descriptions.Item>
                <Descriptions.Item label="Role">{ev.user_type || 'student'}</Descriptions.Item>
                <Descriptions.Item label="User ID">
                  <Typography.Text copyable style={{ fontSize: 12 }}>
                    {ev.user_id}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title="Timeline" variant="borderless" data-testid="timeline">
              <Timeline items={timelineOf(ev)} />
            </Card>
          </Space>
        </Col>
      </Row>
    </div>
  );
}

/** Submitted → processing → completed/failed → reviewed, from the evaluation's own timestamps. */
export function timelineOf(ev: Evaluation) {
  const items: { color: string; content: React.ReactNode }[] = [
    {
      color: 'blue',
      content: (
        <>
          Submitted
          <br />
          <small>{formatDateTime(ev.submittedAt || ev.created_at)}</small>
        </>
      ),
    },
  ];
  if (ev.status !== 'pending') {
    const started =
      ev.completed_at && ev.processingTime !== null ? new Date(Date.parse(ev.completed_at) - ev.processingTime * 1000).toISOString() : null;
    items.push({
      color: 'blue',
      content: (
        <>
          Processing
          {started && (
            <>
              <br />
              <small>{formatDateTime(started)}</small>
            </>
          )}
        </>
      ),
    });
  }
  if (ev.status === 'completed')
    items.push({
      color: 'green',
      content: (
        <>
          Completed
          <br />
          <small>
            {formatDateTime(ev.completed_at)}
            {ev.processingTime !== null && ` · ${ev.processingTime}s`}
          </small>
        </>
      ),
    });
  if (ev.status === 'failed')
    items.push({
      color: 'red',
      content: (
        <>
          Failed
          <br />
          <small>{ev.error_message ?? ''}</small>
        </>
      ),
    });
  if (ev.approval_status === 'approved' || ev.approval_status === 'rejected') {
    items.push({
      color: ev.approval_status === 'approved' ? 'green' : 'red',
      content: <>Reviewed: {ev.approval_status === 'approved' ? 'Approved' : 'Rejected'}</>,
    });
  } else if (ev.status === 'completed') items.push({ color: 'gray', content: 'Awaiting review' });
  return items;
}

const VIEW_ONLY = {
  title: 'Title cannot be modified by admin',
  essay_type: 'Essay type cannot be modified by admin',
  subject_area: 'Subject area cannot be modified by admin',
  status: 'Status cannot be modified by admin',
};

function BasicInformation({ ev }: { ev: Evaluation }) {
  return (
    <Card
      title="Basic Information"
      variant="borderless"
      extra={
        <Button disabled icon={<SaveOutlined />}>
          Save
        </Button>
      }
      data-testid="basic-information"
    >
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Title" htmlFor="basic-title" extra={VIEW_ONLY.title}>
              <ReadOnlyInput id="basic-title" value={ev.title} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Essay Type" htmlFor="basic-essay-type" extra={VIEW_ONLY.essay_type}>
              <ReadOnlyInput id="basic-essay-type" value={TYPE_LABELS[ev.essay_type]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Subject Area" htmlFor="basic-subject-area" extra={VIEW_ONLY.subject_area}>
              <ReadOnlyInput id="basic-subject-area" value={ev.subject_area || '—'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Status" htmlFor="basic-status" extra={VIEW_ONLY.status}>
              <ReadOnlyInput id="basic-status" value={ev.status} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        File: {ev.fileName} · Rubric: {ev.rubric?.title ?? '—'}
      </Typography.Text>
    </Card>
  );
}

function EssayContent({ ev, client }: { ev: Evaluation; client: RemoteAppProps['client'] }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let alive = true;
    client.admin.essayText(ev.id).then(
      (t) => alive && setText(t.text),
      (e) => alive && setError(errorMessage(e, 'The essay text could not be loaded')),
    );
    return () => {
      alive = false;
    };
  }, [client, ev.id]);
  const stats = text !== null ? textStats(text) : null;
  return (
    <Card
      title="Essay Content"
      variant="borderless"
      data-testid="essay-content"
      extra={
        <Button icon={<FileTextOutlined />} disabled={text === null} onClick={() => setOpen(true)}>
          View Full Text
        </Button>
      }
    >
      {error ? (
        <Typography.Text type="danger">{error}</Typography.Text>
      ) : text === null ? (
        <Typography.Text type="secondary">Loading essay…</Typography.Text>
      ) : (
        <>
          <Typography.Text type="secondary">
            {stats!.words.toLocaleString()} words · {stats!.paragraphs} paragraphs · {stats!.readingMinutes} min read
          </Typography.Text>
          <Typography.Paragraph ellipsis={{ rows: 6 }} style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>
            {text}
          </Typography.Paragraph>
          <EssayViewer
            open={open}
            onClose={() => setOpen(false)}
            title={ev.title || ev.fileName}
            text={text}
            essayType={ev.essay_type}
            submitter={studentName(ev)}
            date={ev.submittedAt}
          />
        </>
      )}
    </Card>
  );
}

const GRADES = ['A', 'B', 'C', 'D', 'E'];

function ResultsEditor({ ev, client, onSaved }: { ev: Evaluation; client: RemoteAppProps['client']; onSaved: (ev: Evaluation) => void }) {
  const { message } = App.useApp();
  const results = ev.results!;
  const total = rubricTotal(ev);
  const [overall, setOverall] = useState<number | null>(ev.overall_score ?? results.totalPoints);
  const [grade, setGrade] = useState(results.overallGrade);
  const [criteria, setCriteria] = useState(
    results.criteria.map((c) => ({
      code: c.code,
      name: c.name,
      score: c.score as number | null,
      maxScore: c.maxScore,
      feedback: c.feedback,
    })),
  );
  const [notes, setNotes] = useState(ev.admin_notes ?? '');
  const [shareNotes, setShareNotes] = useState(ev.admin_notes_for_student ?? false);
  const [feedback, setFeedback] = useState(ev.ai_feedback ?? '');
  // notes written in the approve/reject modal arrive with the evaluation: show them, never save over them
  useEffect(() => setNotes(ev.admin_notes ?? ''), [ev.admin_notes]);
  useEffect(() => setShareNotes(ev.admin_notes_for_student ?? false), [ev.admin_notes_for_student]);
  const [saving, setSaving] = useState(false);

  /** A criterion change updates the overall score to the new sum (the admin may still set it by hand). */
  const changeScore = (i: number, v: number | null) => {
    const next = criteria.map((x, j) => (j === i ? { ...x, score: v } : x));
    setCriteria(next);
    if (next.every((c) => typeof c.score === 'number')) setOverall(Math.round(next.reduce((n, c) => n + c.score!, 0) * 10) / 10);
  };
  const overallError = scoreError(overall, total) ?? overallSumError(overall, criteriaSum(criteria, total));
  const criterionErrors = criteria.map((c) => criterionScoreError(c.score, c.maxScore));
  const invalid = Boolean(overallError) || criterionErrors.some(Boolean);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await client.admin.updateSubmission(ev.id, {
        overall_score: overall!,
        ai_feedback: feedback,
        admin_notes: notes,
        admin_notes_for_student: shareNotes,
        results: {
          overallGrade: grade,
          totalPoints: Math.min(overall!, 100),
          maxPoints: 100,
          criteria: criteria.map((c) => ({ ...c, score: c.score! })),
        },
      });
      onSaved(saved);
      message.success('Results saved');
    } catch (e) {
      message.error(errorMessage(e, 'Failed to update results'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title="Results & Feedback"
      variant="borderless"
      data-testid="results-editor"
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={invalid} onClick={save}>
          Save Results
        </Button>
      }
    >
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <Form.Item
            label={`Overall score (0–${total})`}
            validateStatus={overallError ? 'error' : undefined}
            help={overallError ?? undefined}
            layout="vertical"
          >
            {/* no min/max: the input would clamp an out-of-range score on blur without a word; the check above says it */}
            <InputNumber aria-label="Overall score" step={0.5} value={overall} onChange={(v) => setOverall(v)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="Overall grade" layout="vertical">
            <Select
              aria-label="Overall grade"
              value={grade}
              onChange={setGrade}
              options={[...new Set([...GRADES, results.overallGrade])].map((g) => ({ value: g, label: g }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 30 }}>
            Graded {results.totalPoints}/{results.maxPoints} ({Math.round(results.percentage)}%) by {results.grader}
          </Typography.Text>
        </Col>
      </Row>
      {criteria.map((c, i) => (
        <Card key={c.code} size="small" style={{ marginBottom: 12, background: '#f8fafc' }} data-testid={`criterion-${c.code}`}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text strong>
              Criterion {c.code}: {c.name}
            </Typography.Text>
            <Space>
              <InputNumber
                aria-label={`Score for criterion ${c.code}`}
                step={0.5}
                value={c.score}
                status={criterionErrors[i] ? 'error' : undefined}
                onChange={(v) => changeScore(i, v)}
              />
              <Typography.Text type="secondary">/ {c.maxScore}</Typography.Text>
            </Space>
          </Space>
          {criterionErrors[i] && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {criterionErrors[i]}
            </Typography.Text>
          )}
          <Input.TextArea
            aria-label={`Feedback for criterion ${c.code}`}
            autoSize={{ minRows: 2, maxRows: 6 }}
            style={{ marginTop: 8 }}
            value={c.feedback}
            onChange={(e) => setCriteria((cs) => cs.map((x, j) => (j === i ? { ...x, feedback: e.target.value } : x)))}
          />
        </Card>
      ))}
      <Form layout="vertical">
        <Form.Item label={ReviewTexts.FEEDBACK_LABEL} extra={ReviewTexts.FEEDBACK_HINT}>
          <Input.TextArea
            aria-label="Feedback for the student"
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Admin notes" extra={shareNotes ? undefined : ReviewTexts.NOTES_INTERNAL_HINT}>
          <Input.TextArea
            aria-label="Admin notes"
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <Checkbox
            checked={shareNotes}
            onChange={(e) => setShareNotes(e.target.checked)}
            style={{ marginTop: 8 }}
            data-testid="share-notes"
          >
            {ReviewTexts.SHOW_NOTES_TO_STUDENT}
          </Checkbox>
        </Form.Item>
      </Form>
    </Card>
  );
}

function ActionsPanel({
  ev,
  client,
  canDelete,
  onChanged,
  onDeleted,
  reload,
}: {
  ev: Evaluation;
  client: RemoteAppProps['client'];
  canDelete: boolean;
  onChanged: (ev: Evaluation) => void;
  onDeleted: () => void;
  reload: () => void;
}) {
  const { message } = App.useApp();
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [notes, setNotes] = useState('');
  const [forStudent, setForStudent] = useState(false);
  const [tried, setTried] = useState(false);
  const [typed, setTyped] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const buttons = reviewButtons(ev);
  const problem = decision ? decisionError(decision, notes) : null;

  const run = async (key: string, fn: () => Promise<void>, failure: string) => {
    setBusy(key);
    try {
      await fn();
    } catch (e) {
      message.error(errorMessage(e, failure));
    } finally {
      setBusy(null);
    }
  };

  const decide = () => {
    setTried(true);
    if (!decision || problem) return;
    void run(
      decision,
      async () => {
        const next =
          decision === 'approve'
            ? await client.admin.approve(ev.id, notes.trim() || undefined, { forStudent })
            : await client.admin.reject(ev.id, notes.trim(), { forStudent });
        onChanged(next);
        message.success(decision === 'approve' ? 'Submission approved' : 'Submission rejected');
        setDecision(null);
        setNotes('');
        setForStudent(false);
        setTried(false);
        setTyped(false);
      },
      'Failed to update approval status',
    );
  };

  return (
    <Card title="Actions" variant="borderless" data-testid="actions">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {ev.status !== 'completed' && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Only completed submissions can be approved or rejected.
          </Typography.Text>
        )}
        <Button
          block
          type="primary"
          icon={<CheckOutlined />}
          disabled={!buttons.approve}
          data-testid="approve-button"
          onClick={() => setDecision('approve')}
          style={buttons.approve ? { background: '#15803d' } : undefined}
        >
          Approve
        </Button>
        <Button
          block
          danger
          icon={<CloseOutlined />}
          disabled={!buttons.reject}
          data-testid="reject-button"
          onClick={() => setDecision('reject')}
        >
          Reject
        </Button>
        <Popconfirm
          title="Grade this submission again?"
          description="Its results are cleared and it is graded again; no credit is charged."
          okText="Regrade"
          onConfirm={() =>
            run(
              'regrade',
              async () => {
                onChanged(await client.admin.regrade(ev.id));
                message.success('Regrading started');
              },
              'Failed to update evaluation',
            )
          }
        >
          <Button
            block
            icon={<RedoOutlined />}
            loading={busy === 'regrade'}
            disabled={ev.status === 'pending' || ev.status === 'processing' || ev.status === 'in_progress'}
          >
            Regrade
          </Button>
        </Popconfirm>
        <Button
          block
          icon={<DownloadOutlined />}
          disabled={ev.status !== 'completed'}
          loading={busy === 'pdf'}
          onClick={() => run('pdf', () => downloadReport(client, ev), 'Failed to download report')}
        >
          Download PDF
        </Button>
        {canDelete && (
          <Popconfirm
            title="Delete this submission?"
            description={DELETE_CONFIRMATION}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              run(
                'delete',
                async () => {
                  await client.evaluations.remove(ev.id);
                  onDeleted();
                },
                'Failed to delete submission',
              )
            }
          >
            <Button block danger type="text" loading={busy === 'delete'}>
              Delete Submission
            </Button>
          </Popconfirm>
        )}
        {ev.status !== 'completed' && ev.status !== 'failed' && (
          <Button block type="link" onClick={reload}>
            Refresh status
          </Button>
        )}
      </Space>
      <Modal
        open={decision !== null}
        title={decision === 'approve' ? 'Approve Submission' : 'Reject Submission'}
        okText={decision === 'approve' ? 'Approve' : 'Reject'}
        okButtonProps={
          {
            danger: decision === 'reject',
            loading: busy === decision,
            disabled: decision === 'reject' && !notes.trim(),
            'data-testid': 'decision-ok',
          } as React.ComponentProps<typeof Button>
        }
        onOk={decide}
        onCancel={() => {
          setDecision(null);
          setNotes('');
          setForStudent(false);
          setTried(false);
          setTyped(false);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {decision === 'approve' ? 'Notes are optional when approving.' : 'Explain why the submission is rejected. Notes are required.'}
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="Decision notes"
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder="Admin notes"
          value={notes}
          onChange={(e) => {
            setNotes(e.target.value);
            setTyped(true);
          }}
          status={(tried || typed) && problem ? 'error' : undefined}
        />
        <Checkbox
          checked={forStudent}
          onChange={(e) => setForStudent(e.target.checked)}
          style={{ marginTop: 8 }}
          data-testid="decision-share"
        >
          {ReviewTexts.SHOW_NOTES_TO_STUDENT}
        </Checkbox>
        {!forStudent && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {ReviewTexts.NOTES_INTERNAL_HINT}
          </Typography.Text>
        )}
        {/* said once the admin has written (or tried to send) something: not in red before a word is typed */}
        {problem && decision === 'reject' && (tried || typed) && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="decision-error">
            {problem}
          </Typography.Text>
        )}
      </Modal>
    </Card>
  );
}
