import type { ReactNode } from 'react';
import { Card, Descriptions, Timeline, Typography } from 'antd';
import type { Evaluation } from '@corestone/sdk';
import { formatDateTime } from '../../lib/text';
import { studentEmail, studentName } from '../badges';
import { FormattedMessage } from 'react-intl';

/** Who sent the submission. */
export function UserInformation({ ev }: { ev: Evaluation }) {
  return (
    <Card
      title={<FormattedMessage id="submissionFacts.userInformation" defaultMessage="User Information" />}
      variant="borderless"
      data-testid="user-information"
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={<FormattedMessage id="submissionFacts.name" defaultMessage="Name" />}>
          {studentName(ev)}
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="submissionFacts.email" defaultMessage="Email" />}>
          {studentEmail(ev)}
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="submissionFacts.role" defaultMessage="Role" />}>
          {ev.user_type || 'student'}
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="submissionFacts.userId" defaultMessage="User ID" />}>
          <Typography.Text copyable style={{ fontSize: 12 }}>
            {ev.user_id}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The submission's history (timelineOf). */
export function SubmissionTimeline({ ev }: { ev: Evaluation }) {
  return (
    <Card title={<FormattedMessage id="submissionFacts.timeline" defaultMessage="Timeline" />} variant="borderless" data-testid="timeline">
      <Timeline items={timelineOf(ev)} />
    </Card>
  );
}

/** Submitted → processing → completed/failed → reviewed, from the evaluation's own timestamps. */
function timelineOf(ev: Evaluation) {
  const items: { color: string; content: ReactNode }[] = [
    {
      color: 'blue',
      content: (
        <>
          <FormattedMessage id="submissionFacts.submitted" defaultMessage="Submitted" />
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
          <FormattedMessage id="submissionFacts.completed" defaultMessage="Completed" />
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
          <FormattedMessage id="submissionFacts.failed" defaultMessage="Failed" />
          <br />
          <small>{ev.error_message ?? ''}</small>
        </>
      ),
    });
  if (ev.approval_status === 'approved' || ev.approval_status === 'rejected') {
    items.push({
      color: ev.approval_status === 'approved' ? 'green' : 'red',
      content:
        ev.approval_status === 'approved' ? (
          <FormattedMessage id="submissionFacts.reviewedApproved" defaultMessage="Reviewed: Approved" />
        ) : (
          <FormattedMessage id="submissionFacts.reviewedRejected" defaultMessage="Reviewed: Rejected" />
        ),
    });
  } else if (ev.status === 'completed')
    items.push({ color: 'gray', content: <FormattedMessage id="submissionFacts.awaitingReview" defaultMessage="Awaiting review" /> });
  return items;
}
