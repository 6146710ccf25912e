/**
 * The review of a submission as the student sees it (issue 28): the status ("Pending review",
 * "Under review", "Approved", "Rejected"), the reviewer's feedback for the student with its date,
 * and the reviewer's notes when the reviewer chose to show them. The server sends only what the
 * student may read (`review`); internal notes never reach this app.
 */
import { Link } from 'react-router-dom';
import { Card, Space, Tag, Typography } from 'antd';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ReviewOutcome as Review } from '@corestone/sdk';
import { formatDate } from '../lib/evaluation';

const { Text, Paragraph } = Typography;

// the words of @corestone/contracts/review-texts (the PDF and the mails use them too), in the page's language
const TEXTS = {
  heading: { id: 'reviewOutcome.heading', defaultMessage: 'Review of your essay' },
  feedback: { id: 'reviewOutcome.feedback', defaultMessage: 'Feedback for the student' },
  notes: { id: 'reviewOutcome.notes', defaultMessage: 'Note from the reviewer' },
  pending: {
    id: 'reviewOutcome.pendingHint',
    defaultMessage: 'Your result has not been reviewed yet. Feedback from a reviewer will appear here.',
  },
  readMore: { id: 'reviewOutcome.readMore', defaultMessage: 'Read all on the results page' },
  decided: { id: 'reviewOutcome.decided', defaultMessage: '{status} on {date}.' },
  decidedNoDate: { id: 'reviewOutcome.decidedNoDate', defaultMessage: '{status}.' },
} satisfies Record<string, MessageDescriptor>;
const STATUS: Record<Review['status'], MessageDescriptor> = {
  pending_review: { id: 'reviewOutcome.status.pending', defaultMessage: 'Pending review' },
  under_review: { id: 'reviewOutcome.status.under', defaultMessage: 'Under review' },
  approved: { id: 'reviewOutcome.status.approved', defaultMessage: 'Approved' },
  rejected: { id: 'reviewOutcome.status.rejected', defaultMessage: 'Rejected' },
};

const COLOURS: Record<Review['status'], string> = { pending_review: 'gold', under_review: 'blue', approved: 'green', rejected: 'red' };

/** A review absent from an older answer is a review not yet done. */
const PENDING: Review = { status: 'pending_review', decided_at: null, feedback: null, feedback_at: null, notes: null };

export function ReviewStatusTag({ review }: { review?: Review | null }) {
  const status = (review ?? PENDING).status;
  const intl = useIntl();
  return (
    <Tag color={COLOURS[status]} data-testid="review-status" data-review-status={status} style={{ marginInlineEnd: 0 }}>
      {intl.formatMessage(STATUS[status])}
    </Tag>
  );
}

/**
 * A card title that wraps instead of antd's one-line ellipsis: at 320 px beside the date and the
 * status the review card's title was cut short ('Review of your…', WCAG 1.4.10).
 */
export const WRAPPING_TITLE = { title: { whiteSpace: 'normal', overflowWrap: 'break-word' } } as const;

/** The results page's review card. */
export function ReviewOutcome({ review }: { review?: Review | null }) {
  const r = review ?? PENDING;
  const said = Boolean(r.feedback || r.notes);
  const intl = useIntl();
  return (
    <Card
      variant="borderless"
      title={intl.formatMessage(TEXTS.heading)}
      styles={WRAPPING_TITLE}
      extra={
        <Space size={8} wrap style={{ justifyContent: 'flex-end' }}>
          {r.decided_at && (
            <Text type="secondary" style={{ fontSize: 12 }} data-testid="review-decided-at">
              {formatDate(r.decided_at, intl)}
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
          <Text strong>{intl.formatMessage(TEXTS.feedback)}</Text>
          {r.feedback_at && (
            <Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }} data-testid="review-feedback-date">
              {formatDate(r.feedback_at, intl)}
            </Text>
          )}
          <Paragraph style={{ whiteSpace: 'pre-wrap', margin: '6px 0 0' }}>{r.feedback}</Paragraph>
        </div>
      )}
      {r.notes && (
        <div data-testid="review-notes">
          <Text strong>{intl.formatMessage(TEXTS.notes)}</Text>
          <Paragraph style={{ whiteSpace: 'pre-wrap', margin: '6px 0 0' }}>{r.notes}</Paragraph>
        </div>
      )}
      {!said && (
        <Text type="secondary" data-testid="review-none">
          {r.status === 'pending_review' || r.status === 'under_review'
            ? intl.formatMessage(TEXTS.pending)
            : r.decided_at
              ? intl.formatMessage(TEXTS.decided, { status: intl.formatMessage(STATUS[r.status]), date: formatDate(r.decided_at, intl) })
              : intl.formatMessage(TEXTS.decidedNoDate, { status: intl.formatMessage(STATUS[r.status]) })}
        </Text>
      )}
    </Card>
  );
}

/** A list row's review (My Submissions): the status and the start of the feedback, with its date. */
export function ReviewSummary({ review, id }: { review?: Review | null; id: string }) {
  const r = review ?? PENDING;
  const text = r.feedback ?? r.notes;
  const intl = useIntl();
  return (
    <div data-testid="review-summary" style={{ minWidth: 0 }}>
      <ReviewStatusTag review={r} />
      {text && (
        <div style={{ marginTop: 4 }}>
          <Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, fontSize: 13 }} data-testid="review-summary-text">
            {text}
          </Paragraph>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {r.feedback_at ? formatDate(r.feedback_at, intl) : ''}
            {r.feedback_truncated && (
              <>
                {r.feedback_at ? ' · ' : ''}
                <Link to={`/results/${id}`}>{intl.formatMessage(TEXTS.readMore)}</Link>
              </>
            )}
          </Text>
        </div>
      )}
    </div>
  );
}
