import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { CorestoneClient, Evaluation } from '@corestone/sdk';
import { ReviewTexts } from '@corestone/contracts/review-texts';
import { useResultsDraft } from '../../hooks/useResultsDraft';
import { FormattedMessage, useIntl } from 'react-intl';

const GRADES = ['A', 'B', 'C', 'D', 'E'];

/** A completed submission's results, editable: scores, grade, feedback and the admin notes. */
export function ResultsEditor({ ev, client, onSaved }: { ev: Evaluation; client: CorestoneClient; onSaved: (ev: Evaluation) => void }) {
  const intl = useIntl();
  const draft = useResultsDraft(ev, client, onSaved);
  const { results, total } = draft;

  return (
    <Card
      title={<FormattedMessage id="resultsEditor.resultsFeedback" defaultMessage="Results & Feedback" />}
      variant="borderless"
      data-testid="results-editor"
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={draft.saving} disabled={draft.invalid} onClick={draft.save}>
          <FormattedMessage id="resultsEditor.saveResults" defaultMessage="Save Results" />
        </Button>
      }
    >
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <Form.Item
            label={
              <FormattedMessage
                id="resultsEditor.overallScoreRange"
                defaultMessage="Overall score (0–{total})"
                values={{ total: intl.formatNumber(total) }}
              />
            }
            validateStatus={draft.overallError ? 'error' : undefined}
            help={draft.overallError ?? undefined}
            layout="vertical"
          >
            {/* no min/max: the input would clamp an out-of-range score on blur without a word; the check above says it */}
            <InputNumber
              aria-label={intl.formatMessage({ id: 'resultsEditor.overallScore', defaultMessage: 'Overall score' })}
              step={0.5}
              value={draft.overall}
              onChange={(v) => draft.setOverall(v)}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label={<FormattedMessage id="resultsEditor.overallGrade" defaultMessage="Overall grade" />} layout="vertical">
            <Select
              aria-label={intl.formatMessage({ id: 'resultsEditor.overallGrade', defaultMessage: 'Overall grade' })}
              value={draft.grade}
              onChange={draft.setGrade}
              options={[...new Set([...GRADES, results.overallGrade])].map((g) => ({ value: g, label: g }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 30 }}>
            <FormattedMessage
              id="resultsEditor.gradedBy"
              defaultMessage="Graded {points}/{max} ({percent}%) by {grader}"
              // numbers in the page's language: French and Spanish 'Évalué 27,5/34'
              values={{
                points: intl.formatNumber(results.totalPoints),
                max: intl.formatNumber(results.maxPoints),
                percent: intl.formatNumber(Math.round(results.percentage)),
                grader: results.grader,
              }}
            />
          </Typography.Text>
        </Col>
      </Row>
      {draft.criteria.map((c, i) => (
        <Card key={c.code} size="small" style={{ marginBottom: 12, background: '#f8fafc' }} data-testid={`criterion-${c.code}`}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text strong>
              <FormattedMessage
                id="resultsEditor.criterionTitle"
                defaultMessage="Criterion {code}: {name}"
                values={{ code: c.code, name: c.name }}
              />
            </Typography.Text>
            <Space>
              <InputNumber
                aria-label={intl.formatMessage(
                  { id: 'resultsEditor.criterionScore', defaultMessage: 'Score for criterion {code}' },
                  { code: c.code },
                )}
                step={0.5}
                value={c.score}
                status={draft.criterionErrors[i] ? 'error' : undefined}
                onChange={(v) => draft.changeScore(i, v)}
              />
              <Typography.Text type="secondary">/ {intl.formatNumber(c.maxScore)}</Typography.Text>
            </Space>
          </Space>
          {draft.criterionErrors[i] && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {draft.criterionErrors[i]}
            </Typography.Text>
          )}
          <Input.TextArea
            aria-label={intl.formatMessage(
              { id: 'resultsEditor.criterionFeedback', defaultMessage: 'Feedback for criterion {code}' },
              { code: c.code },
            )}
            autoSize={{ minRows: 2, maxRows: 6 }}
            style={{ marginTop: 8 }}
            value={c.feedback}
            onChange={(e) => draft.changeFeedback(i, e.target.value)}
          />
        </Card>
      ))}
      <Form layout="vertical">
        <Form.Item label={ReviewTexts.FEEDBACK_LABEL} extra={ReviewTexts.FEEDBACK_HINT}>
          <Input.TextArea
            aria-label={intl.formatMessage({ id: 'resultsEditor.feedbackForStudent', defaultMessage: 'Feedback for the student' })}
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={draft.feedback}
            onChange={(e) => draft.setFeedback(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={<FormattedMessage id="resultsEditor.adminNotes" defaultMessage="Admin notes" />}
          extra={draft.shareNotes ? undefined : ReviewTexts.NOTES_INTERNAL_HINT}
        >
          <Input.TextArea
            aria-label={intl.formatMessage({ id: 'resultsEditor.adminNotes', defaultMessage: 'Admin notes' })}
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={draft.notes}
            onChange={(e) => draft.setNotes(e.target.value)}
          />
          <Checkbox
            checked={draft.shareNotes}
            onChange={(e) => draft.setShareNotes(e.target.checked)}
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
