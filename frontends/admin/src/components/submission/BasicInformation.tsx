import { Button, Card, Col, Form, Row, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { Evaluation } from '@corestone/sdk';
import { TYPE_LABELS } from '../badges';
import { ReadOnlyInput } from '../readOnly';

const VIEW_ONLY = {
  title: 'Title cannot be modified by admin',
  essay_type: 'Essay type cannot be modified by admin',
  subject_area: 'Subject area cannot be modified by admin',
  status: 'Status cannot be modified by admin',
};

/** What the student entered, shown and not editable (spec: the admin does not change it). */
export function BasicInformation({ ev }: { ev: Evaluation }) {
  return (
    <Card
      title="Basic Information"
      variant="borderless"
      extra={
        <Button disabled icon={<SaveOutlined />}>
          Save
        </Button>
      }
      data-testid="basic-information"
    >
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Title" htmlFor="basic-title" extra={VIEW_ONLY.title}>
              <ReadOnlyInput id="basic-title" value={ev.title} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Essay Type" htmlFor="basic-essay-type" extra={VIEW_ONLY.essay_type}>
              <ReadOnlyInput id="basic-essay-type" value={TYPE_LABELS[ev.essay_type]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Subject Area" htmlFor="basic-subject-area" extra={VIEW_ONLY.subject_area}>
              <ReadOnlyInput id="basic-subject-area" value={ev.subject_area || '—'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Status" htmlFor="basic-status" extra={VIEW_ONLY.status}>
              <ReadOnlyInput id="basic-status" value={ev.status} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        File: {ev.fileName} · Rubric: {ev.rubric?.title ?? '—'}
      </Typography.Text>
    </Card>
  );
}
