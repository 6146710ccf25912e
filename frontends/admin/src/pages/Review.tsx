import { Link, useParams } from 'react-router-dom';
import { Alert, App, Button, Card, Col, Descriptions, Input, InputNumber, Result, Row, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { RemoteAppProps } from '@corestone/sdk';
import { Loading, PageHeader } from '../components/common';
import { ReviewEssay } from '../components/teaching/ReviewEssay';
import { assignmentAddress } from '../components/teaching/GradebookTable';
import { useBusy } from '../hooks/useBusy';
import { useReview } from '../hooks/useTeaching';
import {
  draftMax,
  draftTotal,
  KIND_LABELS,
  reviewProblem,
  reviewRequest,
  scoreText,
  STATE_LABELS,
  withPassageComment,
} from '../lib/teaching';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * /admin/review/:id (issue 31): a submission into an assignment, as its teacher reviews it — the
 * essay with the grader's feedback on its passages, each criterion's mark and feedback to change or
 * confirm, comments on selected passages, an overall comment; Save, Release, Release all reviewed.
 */
export function Review({ client }: RemoteAppProps) {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const intl = useIntl();
  const r = useReview(client, id);
  const { busy, run } = useBusy();

  if (r.error) {
    return r.error.notFound ? (
      <Result
        status="404"
        title={<FormattedMessage id="review.submissionNotFound" defaultMessage="Submission not found" />}
        subTitle={<FormattedMessage id="review.itDoesNotExistOr" defaultMessage="It does not exist, or it is not yours to review." />}
        extra={
          <Link to="/admin/classes">
            <Button type="primary">
              <FormattedMessage id="review.myClasses" defaultMessage="My classes" />
            </Button>
          </Link>
        }
      />
    ) : (
      <Result
        status="error"
        title={r.error.message}
        extra={
          <Button onClick={r.reload}>
            <FormattedMessage id="review.tryAgain" defaultMessage="Try Again" />
          </Button>
        }
      />
    );
  }
  if (!r.ev || !r.draft) return <Loading />;
  const { ev, draft } = r;
  const link = ev.assignment;
  const released = link?.release.state === 'released';
  const graded = ev.status === 'completed';
  const problem = reviewProblem(draft, intl);
  const saved = !!link?.teacher_review;

  const save = () =>
    run(
      'save',
      async () => {
        await client.assignments.review(ev.id, reviewRequest(draft));
        message.success(intl.formatMessage({ id: 'review.saved', defaultMessage: 'Review saved' }));
        r.reload();
      },
      intl.formatMessage({ id: 'review.saveFailed', defaultMessage: 'The review could not be saved' }),
    );
  const release = () =>
    run(
      'release',
      async () => {
        // a release needs a review: releasing unchanged marks confirms the AI's
        if (r.dirty || !saved) await client.assignments.review(ev.id, reviewRequest(draft));
        await client.assignments.release(ev.id);
        message.success(intl.formatMessage({ id: 'review.released', defaultMessage: 'Result released to the student' }));
        r.reload();
      },
      intl.formatMessage({ id: 'review.releaseFailed', defaultMessage: 'The result could not be released' }),
    );
  const releaseAll = () =>
    run(
      'release-all',
      async () => {
        if (r.dirty) await client.assignments.review(ev.id, reviewRequest(draft));
        const res = await client.assignments.releaseReviewed(link!.assignment_id);
        message.success(
          intl.formatMessage(
            { id: 'classes.resultsReleased', defaultMessage: '{count, plural, one {# result} other {# results}} released' },
            { count: res.released },
          ),
        );
        r.reload();
      },
      intl.formatMessage({ id: 'classes.releaseFailed', defaultMessage: 'The results could not be released' }),
    );

  return (
    <div data-testid="review-screen">
      {link && (
        <Link to={assignmentAddress(link.class_id, link.assignment_id)} style={{ display: 'inline-block', marginBottom: 8 }}>
          <ArrowLeftOutlined /> {link.title} · {link.class_name}
        </Link>
      )}
      <PageHeader
        title={`${ev.profiles?.full_name || ev.user_name}: ${ev.title}`}
        subtitle={
          <Space wrap size={4}>
            {link?.late && (
              <Tag color="red">
                <FormattedMessage id="review.late" defaultMessage="Late" />
              </Tag>
            )}
            {link && <Tag>{intl.formatMessage(KIND_LABELS[link.kind])}</Tag>}
            <Tag color={released ? 'green' : saved ? 'purple' : 'orange'} data-testid="review-state">
              {released
                ? intl.formatMessage(STATE_LABELS.released)
                : intl.formatMessage(
                    saved
                      ? { id: 'review.state.reviewed', defaultMessage: 'Reviewed, not released' }
                      : graded
                        ? { id: 'review.state.awaiting', defaultMessage: 'Awaiting your review' }
                        : { id: 'review.state.grading', defaultMessage: 'Being graded' },
                  )}
            </Tag>
          </Space>
        }
      />
      {!link && (
        <Alert
          type="warning"
          showIcon
          title={<FormattedMessage id="review.thisSubmissionIsNotPart" defaultMessage="This submission is not part of an assignment." />}
          style={{ marginBottom: 12 }}
        />
      )}
      {link?.needs_review && link.needs_review.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="needs-review"
          title={<FormattedMessage id="review.needsReview" defaultMessage="Needs review" />}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {link.needs_review.map((n) => (
                <li key={n.code}>{n.detail}</li>
              ))}
            </ul>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {r.text !== null ? (
            <ReviewEssay
              ev={ev}
              text={r.text}
              comments={draft.passage_comments}
              readOnly={!graded}
              onAdd={(c) => r.change((d) => ({ ...d, passage_comments: withPassageComment(d.passage_comments, c) }))}
              onRemove={(i) => r.change((d) => ({ ...d, passage_comments: d.passage_comments.filter((_, k) => k !== i) }))}
            />
          ) : r.textError ? (
            <Alert type="error" showIcon title={r.textError} />
          ) : (
            <Loading />
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Card
            variant="borderless"
            title={<FormattedMessage id="review.marks" defaultMessage="Marks" />}
            data-testid="review-form"
            extra={
              <Typography.Text strong data-testid="review-total">
                {scoreText(draftTotal(draft), draftMax(draft), intl)}
              </Typography.Text>
            }
          >
            {ev.results && (
              <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
                <Descriptions.Item label={<FormattedMessage id="review.aiResult" defaultMessage="AI result" />}>
                  <FormattedMessage
                    id="review.aiResultLine"
                    defaultMessage="{points} / {max} · grade {grade} · {grader}"
                    // numbers in the page's language: French and Spanish '27,5 / 34'
                    values={{
                      points: intl.formatNumber(ev.results.totalPoints),
                      max: intl.formatNumber(ev.results.maxPoints),
                      grade: ev.results.overallGrade,
                      grader: ev.results.grader,
                    }}
                  />
                </Descriptions.Item>
              </Descriptions>
            )}
            {draft.criteria.map((c, i) => (
              <div
                key={c.criterion_id}
                data-testid={`review-criterion-${c.criterion_id}`}
                style={{ marginBottom: 14, paddingBottom: 10, borderBottom: '1px solid #f1f5f9' }}
              >
                <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
                  <Typography.Text strong>
                    {c.criterion_id}: {c.name}
                  </Typography.Text>
                  <Space size={6}>
                    {c.ai_score !== null && (
                      <Typography.Text type="secondary">
                        <FormattedMessage id="review.aiMark" defaultMessage="AI {score}" values={{ score: c.ai_score }} />
                      </Typography.Text>
                    )}
                    <InputNumber
                      aria-label={intl.formatMessage({ id: 'review.markFor', defaultMessage: 'Mark for {name}' }, { name: c.name })}
                      min={0}
                      step={1}
                      value={c.score}
                      disabled={!graded}
                      onChange={(v) =>
                        r.change((d) => ({
                          ...d,
                          criteria: d.criteria.map((x, k) => (k === i ? { ...x, score: typeof v === 'number' ? v : 0 } : x)),
                        }))
                      }
                      style={{ width: 72 }}
                    />
                    <Typography.Text type="secondary">/ {c.max}</Typography.Text>
                  </Space>
                </Space>
                <Input.TextArea
                  aria-label={intl.formatMessage({ id: 'review.feedbackFor', defaultMessage: 'Feedback for {name}' }, { name: c.name })}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  maxLength={5000}
                  value={c.feedback}
                  disabled={!graded}
                  onChange={(e) =>
                    r.change((d) => ({ ...d, criteria: d.criteria.map((x, k) => (k === i ? { ...x, feedback: e.target.value } : x)) }))
                  }
                  style={{ marginTop: 6 }}
                />
              </div>
            ))}
            <Typography.Text strong>
              <FormattedMessage id="review.overallComment" defaultMessage="Overall comment" />
            </Typography.Text>
            <Input.TextArea
              aria-label={intl.formatMessage({ id: 'review.overallComment', defaultMessage: 'Overall comment' })}
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={10000}
              value={draft.comment}
              disabled={!graded}
              onChange={(e) => r.change((d) => ({ ...d, comment: e.target.value }))}
              style={{ margin: '6px 0 12px' }}
            />
            {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
            <Space wrap>
              <Button
                icon={<SaveOutlined />}
                type={released ? 'primary' : 'default'}
                disabled={!graded || !!problem}
                loading={busy === 'save'}
                onClick={() => void save()}
              >
                <FormattedMessage id="review.save" defaultMessage="Save" />
              </Button>
              {!released && (
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  disabled={!graded || !!problem}
                  loading={busy === 'release'}
                  onClick={() => void release()}
                >
                  <FormattedMessage id="review.release" defaultMessage="Release" />
                </Button>
              )}
              {link && link.release_mode === 'after_review' && (
                <Button disabled={!graded || !!problem} loading={busy === 'release-all'} onClick={() => void releaseAll()}>
                  <FormattedMessage id="review.releaseAllReviewed" defaultMessage="Release all reviewed" />
                </Button>
              )}
            </Space>
            {r.dirty && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                <FormattedMessage id="review.unsavedChangesReleaseSavesThem" defaultMessage="Unsaved changes: Release saves them first." />
              </Typography.Paragraph>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
