/**
 * The review of a submission as the student sees it (issue 28): the status ("Pending review",
 * "Under review", "Approved", "Rejected"), the reviewer's feedback for the student with its date,
 * and the reviewer's notes when the reviewer chose to show them. The server sends only what the
 * student may read (`review`); internal notes never reach this app.
 */
import { Link } from 'react-router-dom';
import { Card, Space, Tag, Typography } from 'antd';
import { ReviewTexts } from '@corestone/contracts/review-texts';
import type { ReviewOutcome as Review } from '@corestone/sdk';
import { formatDate } from '../lib/evaluation';

const { Text, Paragraph } = Typography;

const COLOURS: Record<Review['status'], string> = { pending_review: 'gold', under_review: 'blue', approved: 'green', rejected: 'red' };

/** A review absent from an older answer is a review not yet done. */
const PENDING: Review = { status: 'pending_review', decided_at: null, feedback: null, feedback_at: null, notes: null };

export function ReviewStatusTag({ review }: { review?: Review | null }) {
  const status = (review ?? PENDING).status;
  return (
    <Tag color={COLOURS[status]} data-testid="review-status" data-review-status={status} style={{ marginInlineEnd: 0 }}>
      {ReviewTexts.STATUS[status]}
    </Tag>
  );
}

/** The results page's review card. */
export function ReviewOutcome({ review }: { review?: Review | null }) {
  const r = review ?? PENDING;
  const said = Boolean(r.feedback || r.notes);
  return (
    <Card
      variant="borderless"
      title={ReviewTexts.HEADING}
      extra={
        <Space size={8}>
          {r.decided_at && (
            <Text type="secondary" style={{ fontSize: 12 }} data-testid="review-decided-at">
              {formatDate(r.decided_at)}
            </Text>
          )}
          <ReviewStatusTag review={r} />
        </Space>
      }
      style={{ marginBottom: 24 }}
      data-testid="review-outcome"
    >
      {r.feedback && (
        <div data-testid="review-feedback" style={{ marginBottom: r.notes ? 16 : 0 }}>
          <Text strong>{ReviewTexts.FEEDBACK_LABEL}</Text>
          {r.feedback_at && (
            <Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }} data-testid="review-feedback-date">
              {formatDate(r.feedback_at)}
            </Text>
          )}
          <Paragraph style={{ whiteSpace: 'pre-wrap', margin: '6px 0 0' }}>{r.feedback}</Paragraph>
        </div>
      )}
      {r.notes && (
        <div data-testid="review-notes">
          <Text strong>{ReviewTexts.NOTES_LABEL}</Text>
          <Paragraph style={{ whiteSpace: 'pre-wrap', margin: '6px 0 0' }}>{r.notes}</Paragraph>
        </div>
      )}
      {!said && (
        <Text type="secondary" data-testid="review-none">
          {r.status === 'pending_review' || r.status === 'under_review'
            ? ReviewTexts.PENDING_HINT
            : `${ReviewTexts.STATUS[r.status]}${r.decided_at ? ` on ${formatDate(r.decided_at)}` : ''}.`}
        </Text>
      )}
    </Card>
  );
}

/** A list row's review (My Submissions): the status and the start of the feedback, with its date. */
export function ReviewSummary({ review, id }: { review?: Review | null; id: string }) {
  const r = review ?? PENDING;
  const text = r.feedback ?? r.notes;
  return (
    <div data-testid="review-summary" style={{ minWidth: 0 }}>
      <ReviewStatusTag review={r} />
      {text && (
        <div style={{ marginTop: 4 }}>
          <Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, fontSize: 13 }} data-testid="review-summary-text">
            {text}
          </Paragraph>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {r.feedback_at ? formatDate(r.feedback_at) : ''}
            {r.feedback_truncated && (
              <>
                {r.feedback_at ? ' · ' : ''}
                <Link to={`/results/${id}`}>{ReviewTexts.READ_MORE}</Link>
              </>
            )}
          </Text>
        </div>
      )}
    </div>
  );
}
