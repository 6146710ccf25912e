/**
 * What a result was graded against and by whom (issue 28 §4): the grader that produced it, what the
 * student stated in the upload wizard (research question or prescribed title, citation style,
 * areas of knowledge, context) and whether the rubric's reflection criterion was graded.
 */
import { Card, Descriptions, Grid, Typography } from 'antd';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Evaluation } from '@corestone/sdk';
import { graderInfo, reflectionCriterion } from '../lib/grader';

const { Text } = Typography;

const STATED: Array<[keyof NonNullable<Evaluation['submission_details']>, MessageDescriptor]> = [
  ['research_question', { id: 'facts.researchQuestion', defaultMessage: 'Research question' }],
  ['prescribed_title', { id: 'facts.prescribedTitle', defaultMessage: 'Prescribed title' }],
  ['citation_style', { id: 'facts.citationStyle', defaultMessage: 'Citation style' }],
  ['aok_focus', { id: 'facts.aok', defaultMessage: 'Areas of knowledge' }],
  ['additional_context', { id: 'facts.context', defaultMessage: 'Additional context' }],
];

export function SubmissionFacts({ ev }: { ev: Evaluation }) {
  const wide = Boolean(Grid.useBreakpoint().md);
  const intl = useIntl();
  if (!ev.results) return null;
  // an answer from an older server may lack the grader: the row is left out then
  const grader = ev.results.grader ? graderInfo(ev.results, intl) : null;
  const details = ev.submission_details ?? {};
  const reflection = reflectionCriterion(ev);
  return (
    <Card
      variant="borderless"
      title={intl.formatMessage({ id: 'facts.title', defaultMessage: 'About this result' })}
      style={{ marginBottom: 24 }}
      data-testid="submission-facts"
    >
      <Descriptions
        column={1}
        size="small"
        layout={wide ? 'horizontal' : 'vertical'}
        styles={wide ? { label: { width: 190 } } : { content: { overflowWrap: 'anywhere' } }}
      >
        {grader && (
          <Descriptions.Item label={intl.formatMessage({ id: 'facts.gradedBy', defaultMessage: 'Graded by' })}>
            <div>
              <Text strong data-testid="graded-by" data-grader={ev.results.grader}>
                {grader.label}
              </Text>
              {grader.note && (
                <div>
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {grader.note}
                  </Text>
                </div>
              )}
              {ev.reused_from && (
                <div>
                  <Text type="secondary" style={{ fontSize: 12 }} data-testid="reused-note">
                    {intl.formatMessage({
                      id: 'facts.reused',
                      defaultMessage: 'The same essay was graded before: its result was reused at no credit.',
                    })}
                  </Text>
                </div>
              )}
            </div>
          </Descriptions.Item>
        )}
        {STATED.filter(([k]) => details[k]).map(([k, label]) => (
          <Descriptions.Item key={k} label={intl.formatMessage(label)}>
            <span data-testid={`stated-${k}`} style={{ whiteSpace: 'pre-wrap' }}>
              {details[k]}
            </span>
          </Descriptions.Item>
        ))}
        {reflection && (
          <Descriptions.Item label={intl.formatMessage({ id: 'facts.reflection', defaultMessage: 'Reflection' })}>
            <span data-testid="reflection-note">
              {intl.formatMessage(
                {
                  id: 'facts.reflectionNote',
                  defaultMessage: 'Graded: criterion {code} ({name}) is assessed on the reflection in the essay you uploaded.',
                },
                { code: reflection.code, name: reflection.name },
              )}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
