import { Button, Card, Col, Form, Input, Radio, Row } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { RemoteAppProps } from '@corestone/sdk';
import { PageHeader } from '../components/common';
import { ESSAY_TYPE_OPTIONS, useOptions } from '../components/selects';
import { AssessmentResult } from '../components/assess/AssessmentResult';
import { LocalAssessmentList } from '../components/assess/LocalAssessmentList';
import { useQuickAssessment } from '../hooks/useQuickAssessment';
import { wordCount } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

/** Quick assessment of a pasted essay (the spec's browser-local path), kept in this browser only. */
export function Assess({ client, user }: RemoteAppProps) {
  const intl = useIntl();
  const { form, items, open, setOpen, shown, busy, run, remove } = useQuickAssessment(client, user);
  const { type, setType, subject, setSubject, question, setQuestion, text, setText } = form;
  const typeOptions = useOptions(ESSAY_TYPE_OPTIONS);

  const questionLabel =
    type === 'ee'
      ? intl.formatMessage({ id: 'assess.researchQuestion', defaultMessage: 'Research question' })
      : intl.formatMessage({ id: 'assess.prescribedTitle', defaultMessage: 'Prescribed title' });
  return (
    <div data-testid="admin-assess">
      <PageHeader
        title={<FormattedMessage id="assess.quickAssessment" defaultMessage="Quick Assessment" />}
        subtitle={
          <FormattedMessage id="assess.assessAPastedEssayIt" defaultMessage="Assess a pasted essay; it is kept in this browser only" />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={<FormattedMessage id="assess.essay" defaultMessage="Essay" />}>
            <Form layout="vertical">
              <Form.Item label={<FormattedMessage id="assess.essayType" defaultMessage="Essay type" />}>
                <Radio.Group value={type} onChange={(e) => setType(e.target.value)} options={typeOptions} optionType="button" />
              </Form.Item>
              <Form.Item label={<FormattedMessage id="assess.subject" defaultMessage="Subject" />}>
                <Input
                  aria-label={intl.formatMessage({ id: 'assess.subject', defaultMessage: 'Subject' })}
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                />
              </Form.Item>
              <Form.Item label={questionLabel}>
                <Input aria-label={questionLabel} value={question} onChange={(e) => setQuestion(e.target.value)} />
              </Form.Item>
              <Form.Item
                label={<FormattedMessage id="assess.essayText" defaultMessage="Essay text" />}
                extra={intl.formatMessage({ id: 'assess.words', defaultMessage: '{count} words' }, { count: wordCount(text) })}
              >
                <Input.TextArea
                  aria-label={intl.formatMessage({ id: 'assess.essayText', defaultMessage: 'Essay text' })}
                  autoSize={{ minRows: 8, maxRows: 18 }}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
              </Form.Item>
              <Button type="primary" icon={<ExperimentOutlined />} loading={busy} disabled={!text.trim()} onClick={run}>
                {busy ? (
                  <FormattedMessage id="assess.assessing" defaultMessage="Assessing…" />
                ) : (
                  <FormattedMessage id="assess.assess" defaultMessage="Assess" />
                )}
              </Button>
            </Form>
          </Card>
          <LocalAssessmentList items={items} open={open} onOpen={setOpen} onRemove={remove} />
        </Col>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title={<FormattedMessage id="assess.result" defaultMessage="Result" />} data-testid="assess-result">
            <AssessmentResult shown={shown} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
