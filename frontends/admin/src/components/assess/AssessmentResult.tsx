import { Alert, Empty, Space, Table, Tag, Typography } from 'antd';
import { LOCAL_GRADE_RULE, type LocalSubmission } from '../../lib/localAssessment';

/** The Result card's body: nothing yet, assessing, the failure, or the grade, its source and rule, the commentary and the criteria. */
export function AssessmentResult({ shown }: { shown: LocalSubmission | null }) {
  if (!shown) return <Empty description="Assess an essay to see its result" />;
  if (shown.status === 'processing') return <Typography.Text>Assessing… (up to 30 s, then the local estimate is used)</Typography.Text>;
  if (shown.status === 'failed' || !shown.results) return <Alert type="error" showIcon title={shown.error ?? 'The assessment failed'} />;
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
  );
}
