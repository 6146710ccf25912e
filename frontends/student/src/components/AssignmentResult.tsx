/**
 * What a result into a class assignment adds to the results page (issue 31): the "awaiting your
 * teacher's review" page before release (status only, no marks), the teacher's review once
 * released (overall comment, comments beside the passages they refer to), and the growth panel
 * against the previous draft.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Col, Empty, Result, Row, Space, Table, Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CorestoneClient, Evaluation, SubmissionGrowth, TeacherReview } from '@corestone/sdk';
import { ResultTitle } from '@corestone/ui/app-frame';
import { ASSIGNMENT_MESSAGES } from '../lib/assignments';
import { formatDate } from '../lib/evaluation';
import { fmt } from './results';
import { WRAPPING_TITLE } from './ReviewOutcome';

const { Text, Paragraph } = Typography;

/** Before release: that the essay is in, and when; nothing of the result. */
export function AwaitingReview({ ev }: { ev: Evaluation }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const a = ev.assignment!;
  return (
    <Card variant="borderless" data-testid="awaiting-review">
      <Result
        icon={<ClockCircleOutlined style={{ color: '#6d28d9' }} />}
        title={<ResultTitle>{intl.formatMessage(ASSIGNMENT_MESSAGES.awaitingReview)}</ResultTitle>}
        subTitle={
          a.late
            ? intl.formatMessage(
                {
                  id: 'awaiting.receivedLate',
                  defaultMessage:
                    '“{title}” for {assignment} ({className}) was received on {date}, after the due time. Your teacher reviews it before you see the result; you will be told when it is released.',
                },
                { title: ev.title, assignment: a.title, className: a.class_name, date: formatDate(ev.submittedAt || ev.created_at, intl) },
              )
            : intl.formatMessage(
                {
                  id: 'awaiting.received',
                  defaultMessage:
                    '“{title}” for {assignment} ({className}) was received on {date}. Your teacher reviews it before you see the result; you will be told when it is released.',
                },
                { title: ev.title, assignment: a.title, className: a.class_name, date: formatDate(ev.submittedAt || ev.created_at, intl) },
              )
        }
        extra={
          <Space wrap>
            <Tag color="purple">
              {ev.status === 'completed' ? (
                <FormattedMessage id="awaiting.gradedNotReleased" defaultMessage="Graded, not released" />
              ) : (
                <FormattedMessage id="awaiting.beingGraded" defaultMessage="Being graded" />
              )}
            </Tag>
            {a.late && (
              <Tag color="red">
                <FormattedMessage id="awaiting.late" defaultMessage="Late" />
              </Tag>
            )}
            <Button onClick={() => navigate('/dashboard')}>
              <FormattedMessage id="common.backToDashboard" defaultMessage="Back to Dashboard" />
            </Button>
          </Space>
        }
      />
    </Card>
  );
}

/** The released review: who reviewed, the overall comment, each passage comment beside its passage. */
export function TeacherReviewCard({ review, assignment }: { review: TeacherReview; assignment: NonNullable<Evaluation['assignment']> }) {
  const intl = useIntl();
  return (
    <Card
      variant="borderless"
      style={{ marginBottom: 24, borderInlineStart: '4px solid #2563eb' }}
      title={intl.formatMessage({ id: 'review.teacherTitle', defaultMessage: "Your teacher's review" })}
      styles={WRAPPING_TITLE}
      data-testid="teacher-review"
      extra={
        <Text type="secondary">
          {[
            review.reviewer_name,
            assignment.release.released_at &&
              intl.formatMessage(
                { id: 'review.releasedOn', defaultMessage: 'released {date}' },
                { date: formatDate(assignment.release.released_at, intl) },
              ),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      }
    >
      {review.comment && (
        <Paragraph style={{ fontSize: 15, whiteSpace: 'pre-wrap' }} data-testid="teacher-comment">
          {review.comment}
        </Paragraph>
      )}
      {review.passage_comments.length > 0 && (
        <div data-testid="teacher-passage-comments">
          <Text strong>
            <FormattedMessage id="review.comments" defaultMessage="Comments on your essay" />
          </Text>
          {review.passage_comments.map((c, i) => (
            <Row
              key={`${c.start}-${i}`}
              gutter={[16, 4]}
              style={{ padding: '8px 0', borderBottom: '1px solid #f1f5f9' }}
              data-testid="teacher-passage-comment"
            >
              <Col xs={24} md={12}>
                <blockquote
                  style={{
                    margin: 0,
                    paddingInlineStart: 10,
                    borderInlineStart: '3px solid #93c5fd',
                    color: '#334155',
                    fontFamily: 'Georgia, serif',
                  }}
                >
                  {c.quote}
                </blockquote>
              </Col>
              <Col xs={24} md={12}>
                <Text>{c.text}</Text>
              </Col>
            </Row>
          ))}
        </div>
      )}
      {!review.comment && !review.passage_comments.length && (
        <Text type="secondary">
          <FormattedMessage id="review.confirmed" defaultMessage="Your teacher confirmed the marks below." />
        </Text>
      )}
    </Card>
  );
}

function Sparkline({ points }: { points: { total: number | null; max_total: number | null }[] }) {
  const intl = useIntl();
  const values = points.map((p) => (p.total !== null && p.max_total ? p.total / p.max_total : null));
  const shown = values.filter((v): v is number => v !== null);
  if (shown.length < 2) return null;
  const w = 220;
  const h = 48;
  const step = w / (values.length - 1);
  const path = values
    .map((v, i) => (v === null ? null : `${i * step},${h - 4 - v * (h - 8)}`))
    .filter(Boolean)
    .join(' ');
  return (
    <svg
      width={w}
      height={h}
      role="img"
      aria-label={intl.formatMessage(
        { id: 'growth.sparkline', defaultMessage: 'Your totals over {count} submissions' },
        { count: shown.length },
      )}
      style={{ overflow: 'visible' }}
    >
      <polyline points={path} fill="none" stroke="#2563eb" strokeWidth={2} />
      {values.map((v, i) => (v === null ? null : <circle key={i} cx={i * step} cy={h - 4 - v * (h - 8)} r={3} fill="#2563eb" />))}
    </svg>
  );
}

/** Growth against the previous submission in the line (GET /evaluation/{id}/growth); nothing for a first one. */
export function GrowthPanel({ client, ev }: { client: CorestoneClient; ev: Evaluation }) {
  const [growth, setGrowth] = useState<SubmissionGrowth | null>(null);
  const intl = useIntl();
  useEffect(() => {
    let alive = true;
    client.assignments.growth(ev.id).then(
      (g) => alive && setGrowth(g),
      () => undefined, // growth is extra: the result stands without it
    );
    return () => {
      alive = false;
    };
  }, [client, ev.id]);
  if (!growth || !growth.previous_id) return null;
  const change = (n: number | null) => (n === null ? '—' : n > 0 ? `+${fmt(n, intl)}` : fmt(n, intl));
  return (
    <Card
      variant="borderless"
      title={intl.formatMessage({ id: 'growth.title', defaultMessage: 'Your growth since the last draft' })}
      style={{ marginBottom: 24 }}
      data-testid="growth-panel"
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <Table
            size="small"
            pagination={false}
            rowKey="criterion_id"
            dataSource={growth.criteria}
            columns={[
              { title: intl.formatMessage({ id: 'growth.criterion', defaultMessage: 'Criterion' }), dataIndex: 'name' },
              {
                title: intl.formatMessage({ id: 'growth.before', defaultMessage: 'Before' }),
                key: 'p',
                render: (_, c) => (c.previous === null ? '—' : `${fmt(c.previous, intl)} / ${fmt(c.max_score, intl)}`),
              },
              {
                title: intl.formatMessage({ id: 'growth.now', defaultMessage: 'Now' }),
                key: 'c',
                render: (_, c) => (c.current === null ? '—' : `${fmt(c.current, intl)} / ${fmt(c.max_score, intl)}`),
              },
              {
                title: intl.formatMessage({ id: 'growth.change', defaultMessage: 'Change' }),
                key: 'd',
                render: (_, c) => (
                  <Tag color={c.change && c.change > 0 ? 'green' : c.change && c.change < 0 ? 'red' : 'default'}>{change(c.change)}</Tag>
                ),
              },
            ]}
          />
          {growth.history.length > 1 && (
            <div style={{ marginTop: 12 }}>
              <Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                <FormattedMessage id="growth.history" defaultMessage="Your totals, oldest first" />
              </Text>
              <Sparkline points={growth.history} />
            </div>
          )}
        </Col>
        <Col xs={24} lg={12}>
          <Text strong>
            <FormattedMessage id="growth.points" defaultMessage="Points to improve from last time" />
          </Text>
          {growth.improvements.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={intl.formatMessage({ id: 'growth.none', defaultMessage: 'None were given last time' })}
            />
          ) : (
            <ul style={{ paddingInlineStart: 18, margin: '6px 0 0' }}>
              {growth.improvements.map((p, i) => (
                <li key={i} style={{ marginBottom: 6 }} data-testid="growth-point">
                  <Tag color={p.status === 'addressed' ? 'green' : 'orange'}>
                    {p.status === 'addressed' ? (
                      <FormattedMessage id="growth.addressed" defaultMessage="Addressed" />
                    ) : (
                      <FormattedMessage id="growth.open" defaultMessage="Still open" />
                    )}
                  </Tag>
                  <Text strong>{p.criterion}:</Text> {p.point}
                  <div style={{ fontSize: 12, color: '#64748b' }}>
                    {p.evidence}
                    {p.location && (
                      <>
                        {' · '}
                        <Link to={`/report/${ev.id}?tab=essay`}>
                          <FormattedMessage id="growth.seeInEssay" defaultMessage="see in your essay" />
                        </Link>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Col>
      </Row>
    </Card>
  );
}
