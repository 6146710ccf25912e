import { Button, Card, Col, Form, Input, Radio, Row } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { RemoteAppProps } from '@corestone/sdk';
import { PageHeader } from '../components/common';
import { ESSAY_TYPE_OPTIONS } from '../components/selects';
import { AssessmentResult } from '../components/assess/AssessmentResult';
import { LocalAssessmentList } from '../components/assess/LocalAssessmentList';
import { useQuickAssessment } from '../hooks/useQuickAssessment';
import { wordCount } from '../lib/text';

/** Quick assessment of a pasted essay (the spec's browser-local path), kept in this browser only. */
export function Assess({ client, user }: RemoteAppProps) {
  const { form, items, open, setOpen, shown, busy, run, remove } = useQuickAssessment(client, user);
  const { type, setType, subject, setSubject, question, setQuestion, text, setText } = form;

  return (
    <div data-testid="admin-assess">
      <PageHeader title="Quick Assessment" subtitle="Assess a pasted essay; it is kept in this browser only" />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title="Essay">
            <Form layout="vertical">
              <Form.Item label="Essay type">
                <Radio.Group value={type} onChange={(e) => setType(e.target.value)} options={ESSAY_TYPE_OPTIONS} optionType="button" />
              </Form.Item>
              <Form.Item label="Subject">
                <Input aria-label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
              </Form.Item>
              <Form.Item label={type === 'ee' ? 'Research question' : 'Prescribed title'}>
                <Input
                  aria-label={type === 'ee' ? 'Research question' : 'Prescribed title'}
                  value={question}
                  onChange={(e) => setQuestion(e.target.value)}
                />
              </Form.Item>
              <Form.Item label="Essay text" extra={`${wordCount(text)} words`}>
                <Input.TextArea
                  aria-label="Essay text"
                  autoSize={{ minRows: 8, maxRows: 18 }}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
              </Form.Item>
              <Button type="primary" icon={<ExperimentOutlined />} loading={busy} disabled={!text.trim()} onClick={run}>
                {busy ? 'Assessing…' : 'Assess'}
              </Button>
            </Form>
          </Card>
          <LocalAssessmentList items={items} open={open} onOpen={setOpen} onRemove={remove} />
        </Col>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title="Result" data-testid="assess-result">
            <AssessmentResult shown={shown} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
