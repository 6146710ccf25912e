import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Col, Progress, Result, Row, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, FileSearchOutlined, HighlightOutlined, ReloadOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { errorMessage, type CorestoneClient, type Evaluation, type EvaluationProgress, type RemoteAppProps } from '@corestone/sdk';
import { formatDate, isInProgress, scoreColor, summaryOf, typeColor, typeLabel } from '../lib/evaluation';
import { Heading, ResultTitle } from '@corestone/ui/app-frame';
import { useEvaluation } from '../lib/useEvaluation';
import { useGradingAnnouncements } from '../lib/useGradingAnnouncements';
import { PdfButton } from '../components/PdfButton';
import { SubmissionFacts } from '../components/SubmissionFacts';
import { ReviewOutcome } from '../components/ReviewOutcome';
import { QueuePlace } from '../components/QueuePlace';
import { BulletList, fmt, Metric, RemarkList, ShowPassageContext, WritingInsightsCard } from '../components/results';
import { AwaitingReview, GrowthPanel, TeacherReviewCard } from '../components/AssignmentResult';
import { awaitingReview, releasedReview, withTeacherMarks } from '../lib/assignments';

const { Text, Paragraph } = Typography;

/** The server's stage names (matched as sent), and how each is shown. */
export const STAGES = ['File Processing', 'Content Analysis', 'Generating Feedback'];
const STAGE_TITLES: MessageDescriptor[] = [
  { id: 'results.stage.file', defaultMessage: 'File Processing' },
  { id: 'results.stage.content', defaultMessage: 'Content Analysis' },
  { id: 'results.stage.feedback', defaultMessage: 'Generating Feedback' },
];
const TEXTS: Record<'retryFailed' | 'connectionLost', MessageDescriptor> = {
  retryFailed: { id: 'results.retryFailed', defaultMessage: 'Failed to retry the evaluation. Please try again.' },
  connectionLost: {
    id: 'results.connectionLost',
    defaultMessage: 'Lost contact with the server while following this evaluation. Please check again.',
  },
};

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
  const intl = useIntl();
  const following = !!ev && isInProgress(ev.status);
  useEffect(() => {
    if (!ev || !following) return;
    const ctl = new AbortController();
    setLive({});
    client.evaluations
      .watch(ev.id, { signal: ctl.signal, onProgress: (p) => !ctl.signal.aborted && setLive({ progress: p }) })
      .then((done) => !ctl.signal.aborted && onDone(done))
      .catch((e) => !ctl.signal.aborted && setLive((l) => ({ ...l, error: errorMessage(e, intl.formatMessage(TEXTS.connectionLost)) })));
    return () => ctl.abort();
  }, [client, ev?.id, following, round]); // eslint-disable-line react-hooks/exhaustive-deps
  return { ...live, checkAgain: () => setRound((n) => n + 1) };
}

export function Results({ client }: RemoteAppProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { notification } = AntApp.useApp();
  const intl = useIntl();
  const { state, setState, reload } = useEvaluation(client, id);
  const ev = state.ev;
  const live = useLiveProgress(client, ev, (done) => setState({ ev: done }));
  useGradingAnnouncements(
    ev,
    ev && intl.formatMessage(STAGE_TITLES[stageIndex(live.progress?.progress ?? ev.progress ?? 0, live.progress?.stage)]),
  );
  const backToDashboard = <FormattedMessage id="common.backToDashboard" defaultMessage="Back to Dashboard" />;

  if (state.notFound) {
    return (
      <Result
        status="404"
        title={
          <ResultTitle>
            <FormattedMessage id="results.notFound" defaultMessage="Submission Not Found" />
          </ResultTitle>
        }
        subTitle={intl.formatMessage({ id: 'results.notFoundText', defaultMessage: 'The requested submission could not be found.' })}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {backToDashboard}
          </Button>
        }
      />
    );
  }
  if (state.error && !ev) {
    return (
      <Result
        status="error"
        title={
          <ResultTitle>
            <FormattedMessage id="results.loadFailed" defaultMessage="Could not load this submission" />
          </ResultTitle>
        }
        subTitle={state.error}
        extra={
          <Button onClick={reload}>
            <FormattedMessage id="common.tryAgain" defaultMessage="Try Again" />
          </Button>
        }
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
        title={
          <ResultTitle>
            <FormattedMessage id="results.failed" defaultMessage="Evaluation Failed" />
          </ResultTitle>
        }
        subTitle={
          ev.error_message ||
          intl.formatMessage({
            id: 'results.failedText',
            defaultMessage: 'The evaluation could not be completed. Your credit has been refunded.',
          })
        }
        extra={[
          <Button
            key="retry"
            type="primary"
            icon={<ReloadOutlined />}
            onClick={async () => {
              try {
                setState({ ev: await client.evaluations.retry(ev.id) });
              } catch (e) {
                notification.error({
                  title: intl.formatMessage({ id: 'results.retryFailedTitle', defaultMessage: 'Retry Failed' }),
                  description: errorMessage(e, intl.formatMessage(TEXTS.retryFailed)),
                  duration: 7,
                });
              }
            }}
          >
            <FormattedMessage id="results.retry" defaultMessage="Retry Evaluation" />
          </Button>,
          <Button key="back" onClick={() => navigate('/dashboard')}>
            {backToDashboard}
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
            <FormattedMessage id="results.evaluating" defaultMessage="Evaluating “{title}”" values={{ title: ev.title }} />
          </Heading>
          <Paragraph type="secondary">
            <FormattedMessage
              id="results.evaluatingText"
              defaultMessage="Your essay is being assessed against the rubric. This page updates automatically."
            />
          </Paragraph>
          <Progress
            aria-label={intl.formatMessage({ id: 'results.progressLabel', defaultMessage: 'Grading progress' })}
            percent={progress}
            status={live.error ? 'normal' : 'active'}
            style={{ margin: '16px 0 32px' }}
            data-testid="live-progress"
          />
          <Steps
            current={stageIndex(progress, live.progress?.stage)}
            items={STAGE_TITLES.map((t) => ({ title: intl.formatMessage(t) }))}
            size="small"
          />
          {/* an estimate only while the essay waits for its turn at the model (issue 33), never a countdown */}
          <QueuePlace place={live.progress?.queue} />
          {/* no promised time: grading can be slow or stopped, and a countdown that never ends misleads */}
          <Paragraph type="secondary" style={{ marginTop: 28 }} data-testid="processing-note">
            <FormattedMessage
              id="results.processingNote"
              defaultMessage="Grading time varies. You can leave this page: the result appears in My Submissions."
            />
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
                  <FormattedMessage id="results.checkAgain" defaultMessage="Check Again" />
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
          <FormattedMessage id="results.submissions" defaultMessage="Submissions" />
        </Button>
        <Link to={`/report/${ev.id}`} data-testid="report-link">
          <Button type="primary" icon={<FileSearchOutlined />}>
            <FormattedMessage id="results.viewReport" defaultMessage="View Detailed Report" />
          </Button>
        </Link>
        <Button icon={<HighlightOutlined />} onClick={() => navigate(essayView())} data-testid="essay-link">
          <FormattedMessage id="results.essayWithFeedback" defaultMessage="Your Essay with Feedback" />
        </Button>
        <PdfButton client={client} ev={ev} />
      </Space>
      <Card variant="borderless" style={{ marginBottom: 24 }} styles={{ body: { padding: 28 } }}>
        <Row gutter={[32, 24]} align="middle">
          <Col xs={24} md={6} style={{ textAlign: 'center' }}>
            <Progress
              type="circle"
              aria-label={intl.formatMessage({ id: 'results.overallScore', defaultMessage: 'Overall score' })}
              size={148}
              percent={s.percent}
              strokeColor={scoreColor(s.percent)}
              format={() => (
                <div>
                  <div data-testid="overall-grade" style={{ fontSize: 44, fontWeight: 700, color: scoreColor(s.percent), lineHeight: 1 }}>
                    {s.grade}
                  </div>
                  <div style={{ fontSize: 13, color: '#64748b', marginTop: 6 }}>
                    <FormattedMessage id="results.overallGrade" defaultMessage="Overall grade" />
                  </div>
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
                  label={intl.formatMessage({ id: 'results.totalPoints', defaultMessage: 'Total points' })}
                  value={
                    <span data-testid="total-points">
                      {fmt(s.total, intl)} / {fmt(s.max, intl)}
                    </span>
                  }
                />
              </Col>
              <Col xs={12} sm={6}>
                <Metric
                  label={intl.formatMessage({ id: 'results.percentage', defaultMessage: 'Percentage' })}
                  value={intl.formatNumber(s.percent / 100, { style: 'percent' })}
                />
              </Col>
              <Col xs={12} sm={6}>
                <Metric
                  label={intl.formatMessage({ id: 'results.wordCount', defaultMessage: 'Word count' })}
                  value={ev.extractedWordCount ? intl.formatNumber(ev.extractedWordCount) : '—'}
                />
              </Col>
              <Col xs={12} sm={6}>
                <Metric
                  label={intl.formatMessage({ id: 'results.processingTime', defaultMessage: 'Processing time' })}
                  value={
                    typeof processingTime === 'number'
                      ? intl.formatMessage(
                          { id: 'results.seconds', defaultMessage: '{seconds, number, ::.0} s' },
                          { seconds: processingTime },
                        )
                      : '—'
                  }
                />
              </Col>
            </Row>
            <Text type="secondary" style={{ fontSize: 12 }}>
              <FormattedMessage
                id="results.submittedOn"
                defaultMessage="Submitted {date}"
                values={{ date: formatDate(ev.created_at || ev.submittedAt, intl) }}
              />
              {ev.rubric?.title
                ? intl.formatMessage({ id: 'results.rubricSuffix', defaultMessage: ' · Rubric: {rubric}' }, { rubric: ev.rubric.title })
                : ''}
            </Text>
          </Col>
        </Row>
      </Card>

      {review && ev.assignment && <TeacherReviewCard review={review} assignment={ev.assignment} />}

      {!ev.assignment && <ReviewOutcome review={ev.review} />}

      <SubmissionFacts ev={ev} />

      <Heading level={2} size={4}>
        <FormattedMessage id="results.breakdown" defaultMessage="Criterion breakdown" />
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
                      <FormattedMessage id="results.criterionCode" defaultMessage="Criterion {code}" values={{ code: c.code }} />
                    </Text>
                    <Heading level={3} size={5} style={{ margin: '2px 0 0' }}>
                      {c.name}
                    </Heading>
                  </div>
                  <div style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <span data-testid="criterion-score" style={{ fontSize: 24, fontWeight: 700, color: scoreColor(pct) }}>
                      {fmt(c.score, intl)}
                    </span>
                    <Text type="secondary"> / {fmt(c.maxScore, intl)}</Text>
                    {c.aiScore !== null && (
                      <div>
                        <Text type="secondary" style={{ fontSize: 12 }} data-testid="criterion-ai-score">
                          <FormattedMessage id="results.aiScore" defaultMessage="AI: {score}" values={{ score: fmt(c.aiScore, intl) }} />
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
                <Progress
                  aria-label={intl.formatMessage(
                    { id: 'results.criterionLabel', defaultMessage: 'Criterion {code}: {name}' },
                    { code: c.code, name: c.name },
                  )}
                  percent={pct}
                  showInfo={false}
                  strokeColor={scoreColor(pct)}
                  style={{ margin: '8px 0 12px' }}
                />
                {c.feedback && <Paragraph style={{ marginBottom: 8 }}>{c.feedback}</Paragraph>}
                <ShowPassageContext.Provider value={(noteId) => navigate(essayView(noteId))}>
                  <RemarkList
                    title={intl.formatMessage({ id: 'results.strengths', defaultMessage: 'Strengths' })}
                    items={c.strengthDetails}
                  />
                  <RemarkList
                    title={intl.formatMessage({ id: 'results.toImprove', defaultMessage: 'To improve' })}
                    items={c.improvementDetails}
                  />
                </ShowPassageContext.Provider>
              </Card>
            </Col>
          );
        })}
      </Row>

      {ev.assignment && <GrowthPanel client={client} ev={ev} />}

      <Card
        variant="borderless"
        title={intl.formatMessage({ id: 'results.summary', defaultMessage: 'Assessment summary' })}
        data-testid="assessment-summary"
      >
        {s.holistic && <Paragraph style={{ fontSize: 15 }}>{s.holistic}</Paragraph>}
        <Row gutter={[24, 16]}>
          {s.strengths.length > 0 && (
            <Col xs={24} md={8}>
              <BulletList title={intl.formatMessage({ id: 'results.strengths', defaultMessage: 'Strengths' })} items={s.strengths} />
            </Col>
          )}
          {s.improvements.length > 0 && (
            <Col xs={24} md={8}>
              <BulletList
                title={intl.formatMessage({ id: 'results.areasToImprove', defaultMessage: 'Areas to improve' })}
                items={s.improvements}
              />
            </Col>
          )}
          {s.nextSteps.length > 0 && (
            <Col xs={24} md={8}>
              <BulletList title={intl.formatMessage({ id: 'results.nextSteps', defaultMessage: 'Next steps' })} items={s.nextSteps} />
            </Col>
          )}
        </Row>
        {!s.holistic && !s.strengths.length && !s.improvements.length && !s.nextSteps.length && (
          <Text type="secondary">
            <FormattedMessage id="results.noSummary" defaultMessage="No summary was provided for this evaluation." />
          </Text>
        )}
      </Card>
      <WritingInsightsCard ev={ev} />
    </div>
  );
}
