import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Col, Progress, Result, Row, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, FileSearchOutlined, HighlightOutlined, ReloadOutlined } from '@ant-design/icons';
import { errorMessage, type CorestoneClient, type Evaluation, type EvaluationProgress, type RemoteAppProps } from '@corestone/sdk';
import { formatDate, isInProgress, scoreColor, summaryOf, typeColor, typeLabel } from '../lib/evaluation';
import { Heading, ResultTitle } from '@corestone/ui/app-frame';
import { useEvaluation } from '../lib/useEvaluation';
import { PdfButton } from '../components/PdfButton';
import { SubmissionFacts } from '../components/SubmissionFacts';
import { ReviewOutcome } from '../components/ReviewOutcome';
import { QueuePlace } from '../components/QueuePlace';
import { BulletList, fmt, Metric, RemarkList, ShowPassageContext, WritingInsightsCard } from '../components/results';
import { AwaitingReview, GrowthPanel, TeacherReviewCard } from '../components/AssignmentResult';
import { awaitingReview, releasedReview, withTeacherMarks } from '../lib/assignments';

const { Text, Paragraph } = Typography;

export const STAGES = ['File Processing', 'Content Analysis', 'Generating Feedback'];
export const RETRY_FAILED = 'Failed to retry the evaluation. Please try again.';
export const CONNECTION_LOST = 'Lost contact with the server while following this evaluation. Please check again.';

/** The stage shown: the server's own stage name when it sends one, else by progress (33 and 66). */
export function stageIndex(progress: number, stage?: string | null): number {
  const named = stage ? STAGES.indexOf(stage) : -1;
  if (named >= 0) return named;
  return progress >= 66 ? 2 : progress >= 33 ? 1 : 0;
}

/**
 * Follows an in-progress evaluation through the server's live progress events (the sdk's
 * `watch`: SSE, polling every 2 s up to 60 tries as the fallback) and reports each change.
 */
export function useLiveProgress(client: CorestoneClient, ev: Evaluation | undefined, onDone: (ev: Evaluation) => void) {
  const [live, setLive] = useState<{ progress?: EvaluationProgress; error?: string }>({});
  const [round, setRound] = useState(0);
  const following = !!ev && isInProgress(ev.status);
  useEffect(() => {
    if (!ev || !following) return;
    const ctl = new AbortController();
    setLive({});
    client.evaluations
      .watch(ev.id, { signal: ctl.signal, onProgress: (p) => !ctl.signal.aborted && setLive({ progress: p }) })
      .then((done) => !ctl.signal.aborted && onDone(done))
      .catch((e) => !ctl.signal.aborted && setLive((l) => ({ ...l, error: errorMessage(e, CONNECTION_LOST) })));
    return () => ctl.abort();
  }, [client, ev?.id, following, round]); // eslint-disable-line react-hooks/exhaustive-deps
  return { ...live, checkAgain: () => setRound((n) => n + 1) };
}

export function Results({ client }: RemoteAppProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { notification } = AntApp.useApp();
  const { state, setState, reload } = useEvaluation(client, id);
  const ev = state.ev;
  const live = useLiveProgress(client, ev, (done) => setState({ ev: done }));

  if (state.notFound) {
    return (
      <Result
        status="404"
        title={<ResultTitle>Submission Not Found</ResultTitle>}
        subTitle="The requested submission could not be found."
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            Back to Dashboard
          </Button>
        }
      />
    );
  }
  if (state.error && !ev) {
    return (
      <Result
        status="error"
        title={<ResultTitle>Could not load this submission</ResultTitle>}
        subTitle={state.error}
        extra={<Button onClick={reload}>Try Again</Button>}
      />
    );
  }
  if (!ev)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  if (ev.status === 'failed') {
    return (
      <Result
        status="error"
        title={<ResultTitle>Evaluation Failed</ResultTitle>}
        subTitle={ev.error_message || 'The evaluation could not be completed. Your credit has been refunded.'}
        extra={[
          <Button
            key="retry"
            type="primary"
            icon={<ReloadOutlined />}
            onClick={async () => {
              try {
                setState({ ev: await client.evaluations.retry(ev.id) });
              } catch (e) {
                notification.error({ title: 'Retry Failed', description: errorMessage(e, RETRY_FAILED), duration: 7 });
              }
            }}
          >
            Retry Evaluation
          </Button>,
          <Button key="back" onClick={() => navigate('/dashboard')}>
            Back to Dashboard
          </Button>,
        ]}
      />
    );
  }

  // issue 31: an after-review result the teacher has not released shows its status and no marks
  if (awaitingReview(ev) && !isInProgress(ev.status)) return <AwaitingReview ev={ev} />;

  if (isInProgress(ev.status) || !ev.results) {
    const progress = Math.min(99, live.progress?.progress ?? ev.progress ?? 0);
    return (
      <Card variant="borderless" data-testid="results-processing" styles={{ body: { padding: 40 } }}>
        <div style={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }}>
          <Heading level={1} size={3} style={{ marginTop: 0 }}>
            Evaluating “{ev.title}”
          </Heading>
          <Paragraph type="secondary">Your essay is being assessed against the rubric. This page updates automatically.</Paragraph>
          <Progress
            percent={progress}
            status={live.error ? 'normal' : 'active'}
            style={{ margin: '16px 0 32px' }}
            data-testid="live-progress"
          />
          <Steps current={stageIndex(progress, live.progress?.stage)} items={STAGES.map((t) => ({ title: t }))} size="small" />
          {/* an estimate only while the essay waits for its turn at the model (issue 33), never a countdown */}
          <QueuePlace place={live.progress?.queue} />
          {/* no promised time: grading can be slow or stopped, and a countdown that never ends misleads */}
          <Paragraph type="secondary" style={{ marginTop: 28 }} data-testid="processing-note">
            Grading time varies. You can leave this page: the result appears in My Submissions.
          </Paragraph>
          {live.error && (
            <Alert
              type="warning"
              showIcon
              title={live.error}
              data-testid="progress-error"
              action={
                <Button
                  size="small"
                  onClick={() => {
                    live.checkAgain();
                    reload();
                  }}
                >
                  Check Again
                </Button>
              }
            />
          )}
        </div>
      </Card>
    );
  }

  const review = releasedReview(ev);
  // a released review's marks are the final ones (the AI's stay beside them only when the school shows them)
  const s = { ...summaryOf(ev), ...withTeacherMarks(summaryOf(ev), review) };
  const processingTime = ev.processingTime ?? ev.evaluation_time;
  // the essay view lives in the report (tab 'Your Essay'); a quote here opens it at that passage
  const essayView = (passage?: string) => `/report/${ev.id}?tab=essay${passage ? `&passage=${encodeURIComponent(passage)}` : ''}`;

  return (
    <div data-testid="results-completed">
      <Space style={{ marginBottom: 16 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard/submissions')}>
          Submissions
        </Button>
        <Link to={`/report/${ev.id}`} data-testid="report-link">
          <Button type="primary" icon={<FileSearchOutlined />}>
            View Detailed Report
          </Button>
        </Link>
        <Button icon={<HighlightOutlined />} onClick={() => navigate(essayView())} data-testid="essay-link">
          Your Essay with Feedback
        </Button>
        <PdfButton client={client} ev={ev} />
      </Space>
      <Card variant="borderless" style={{ marginBottom: 24 }} styles={{ body: { padding: 28 } }}>
        <Row gutter={[32, 24]} align="middle">
          <Col xs={24} md={6} style={{ textAlign: 'center' }}>
            <Progress
              type="circle"
              size={148}
              percent={s.percent}
              strokeColor={scoreColor(s.percent)}
              format={() => (
                <div>
                  <div data-testid="overall-grade" style={{ fontSize: 44, fontWeight: 700, color: scoreColor(s.percent), lineHeight: 1 }}>
                    {s.grade}
                  </div>
                  <div style={{ fontSize: 13, color: '#64748b', marginTop: 6 }}>Overall grade</div>
                </div>
              )}
            />
          </Col>
          <Col xs={24} md={18}>
            <Space size={8} style={{ marginBottom: 8 }} wrap>
              <Tag color={typeColor(ev.essay_type)}>{typeLabel(ev.essay_type)}</Tag>
              {ev.subject_area && <Tag>{ev.subject_area}</Tag>}
              {s.band && <Tag color="gold">{s.band}</Tag>}
            </Space>
            <Heading level={1} size={3} style={{ margin: '0 0 16px' }}>
              {ev.title}
            </Heading>
            <Row gutter={[16, 16]}>
              <Col xs={12} sm={6}>
                <Metric
                  label="Total points"
                  value={
                    <span data-testid="total-points">
                      {fmt(s.total)} / {fmt(s.max)}
                    </span>
                  }
                />
              </Col>
              <Col xs={12} sm={6}>
                <Metric label="Percentage" value={`${s.percent}%`} />
              </Col>
              <Col xs={12} sm={6}>
                <Metric label="Word count" value={ev.extractedWordCount ? ev.extractedWordCount.toLocaleString() : '—'} />
              </Col>
              <Col xs={12} sm={6}>
                <Metric label="Processing time" value={typeof processingTime === 'number' ? `${processingTime.toFixed(1)} s` : '—'} />
              </Col>
            </Row>
            <Text type="secondary" style={{ fontSize: 12 }}>
              Submitted {formatDate(ev.created_at || ev.submittedAt)}
              {ev.rubric?.title ? ` · Rubric: ${ev.rubric.title}` : ''}
            </Text>
          </Col>
        </Row>
      </Card>

      {review && ev.assignment && <TeacherReviewCard review={review} assignment={ev.assignment} />}

      {!ev.assignment && <ReviewOutcome review={ev.review} />}

      <SubmissionFacts ev={ev} />

      <Heading level={2} size={4}>
        Criterion breakdown
      </Heading>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {s.criteria.map((c) => {
          const pct = c.maxScore > 0 ? Math.round((c.score / c.maxScore) * 100) : 0;
          return (
            <Col xs={24} md={12} key={c.code}>
              <Card variant="borderless" style={{ height: '100%' }} data-testid={`criterion-${c.code}`} className="criterion-card">
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                  <div>
                    <Text type="secondary" style={{ fontSize: 12 }}>
                      Criterion {c.code}
                    </Text>
                    <Heading level={3} size={5} style={{ margin: '2px 0 0' }}>
                      {c.name}
                    </Heading>
                  </div>
                  <div style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <span data-testid="criterion-score" style={{ fontSize: 24, fontWeight: 700, color: scoreColor(pct) }}>
                      {fmt(c.score)}
                    </span>
                    <Text type="secondary"> / {fmt(c.maxScore)}</Text>
                    {c.aiScore !== null && (
                      <div>
                        <Text type="secondary" style={{ fontSize: 12 }} data-testid="criterion-ai-score">
                          AI: {fmt(c.aiScore)}
                        </Text>
                      </div>
                    )}
                    {c.band && (
                      <div>
                        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                          {c.band}
                        </Tag>
                      </div>
                    )}
                  </div>
                </div>
                <Progress percent={pct} showInfo={false} strokeColor={scoreColor(pct)} style={{ margin: '8px 0 12px' }} />
                {c.feedback && <Paragraph style={{ marginBottom: 8 }}>{c.feedback}</Paragraph>}
                <ShowPassageContext.Provider value={(noteId) => navigate(essayView(noteId))}>
                  <RemarkList title="Strengths" items={c.strengthDetails} />
                  <RemarkList title="To improve" items={c.improvementDetails} />
                </ShowPassageContext.Provider>
              </Card>
            </Col>
          );
        })}
      </Row>

      {ev.assignment && <GrowthPanel client={client} ev={ev} />}

      <Card variant="borderless" title="Assessment summary" data-testid="assessment-summary">
        {s.holistic && <Paragraph style={{ fontSize: 15 }}>{s.holistic}</Paragraph>}
        <Row gutter={[24, 16]}>
          {s.strengths.length > 0 && (
            <Col xs={24} md={8}>
              <BulletList title="Strengths" items={s.strengths} />
            </Col>
          )}
          {s.improvements.length > 0 && (
            <Col xs={24} md={8}>
              <BulletList title="Areas to improve" items={s.improvements} />
            </Col>
          )}
          {s.nextSteps.length > 0 && (
            <Col xs={24} md={8}>
              <BulletList title="Next steps" items={s.nextSteps} />
            </Col>
          )}
        </Row>
        {!s.holistic && !s.strengths.length && !s.improvements.length && !s.nextSteps.length && (
          <Text type="secondary">No summary was provided for this evaluation.</Text>
        )}
      </Card>
      <WritingInsightsCard ev={ev} />
    </div>
  );
}
