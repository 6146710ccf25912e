import { Alert, Empty, Space, Table, Tag, Typography } from 'antd';
import { LOCAL_GRADE_RULE, type LocalSubmission } from '../../lib/localAssessment';
import { FormattedMessage, useIntl } from 'react-intl';

/** The Result card's body: nothing yet, assessing, the failure, or the grade, its source and rule, the commentary and the criteria. */
export function AssessmentResult({ shown }: { shown: LocalSubmission | null }) {
  const intl = useIntl();
  if (!shown)
    return (
      <Empty
        description={<FormattedMessage id="assessmentResult.assessAnEssayToSee" defaultMessage="Assess an essay to see its result" />}
      />
    );
  if (shown.status === 'processing')
    return (
      <Typography.Text>
        <FormattedMessage
          id="assessmentResult.assessingUpTo30S"
          defaultMessage="Assessing… (up to 30 s, then the local estimate is used)"
        />
      </Typography.Text>
    );
  if (shown.status === 'failed' || !shown.results)
    return (
      <Alert
        type="error"
        showIcon
        title={shown.error ?? intl.formatMessage({ id: 'assessmentResult.failed', defaultMessage: 'The assessment failed' })}
      />
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {/* a figure, not a section: no heading (the page's outline is its h1 alone) */}
        <Typography.Text strong style={{ fontSize: 24 }} data-testid="assess-grade">
          {shown.results.overallGrade} · {shown.results.totalPoints}/{shown.results.maxPoints}
        </Typography.Text>
        <Typography.Text data-testid="assess-band">{shown.results.overallBand}</Typography.Text>
        <Tag color={shown.source === 'server' ? 'blue' : 'gold'} data-testid="assess-source">
          {shown.source === 'server'
            ? shown.ownKey
              ? intl.formatMessage(
                  { id: 'assessmentResult.gradedByServerOwnKey', defaultMessage: 'Graded by the server ({grader}, your API key)' },
                  { grader: shown.results.grader },
                )
              : intl.formatMessage(
                  { id: 'assessmentResult.gradedByServer', defaultMessage: 'Graded by the server ({grader})' },
                  { grader: shown.results.grader },
                )
            : intl.formatMessage({ id: 'assessmentResult.localEstimate', defaultMessage: 'Local estimate (fallback rules)' })}
        </Tag>
        {shown.processingTime !== undefined && <Typography.Text type="secondary">{shown.processingTime} s</Typography.Text>}
      </Space>
      {shown.source === 'server' && (
        <Typography.Text type="secondary" data-testid="assess-grade-rule">
          {LOCAL_GRADE_RULE(shown.results.totalPoints, shown.results.maxPoints, intl)}
        </Typography.Text>
      )}
      {shown.fallbackReason && (
        <Alert
          type="warning"
          showIcon
          title={intl.formatMessage(
            { id: 'assessmentResult.serverUnavailable', defaultMessage: 'Server assessment unavailable: {reason}' },
            { reason: shown.fallbackReason },
          )}
        />
      )}
      {shown.source === 'server' && shown.results.fallbackReason && (
        <Alert
          type="info"
          showIcon
          title={intl.formatMessage(
            { id: 'assessmentResult.modelReplaced', defaultMessage: "The model's grading was replaced on the server: {reason}" },
            { reason: shown.results.fallbackReason },
          )}
        />
      )}
      <Typography.Paragraph>{shown.results.overallSummary.holisticCommentary}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={shown.results.criteria}
        columns={[
          {
            title: <FormattedMessage id="assessmentResult.criterion" defaultMessage="Criterion" />,
            render: (_: unknown, c) => `${c.code} · ${c.name}`,
          },
          {
            title: <FormattedMessage id="assessmentResult.score" defaultMessage="Score" />,
            render: (_: unknown, c) => `${c.score}/${c.maxScore}`,
          },
          { title: <FormattedMessage id="assessmentResult.feedback" defaultMessage="Feedback" />, dataIndex: 'feedback' },
        ]}
      />
    </Space>
  );
}
