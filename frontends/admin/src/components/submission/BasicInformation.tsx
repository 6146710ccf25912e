import { Button, Card, Col, Form, Row, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { Evaluation } from '@corestone/sdk';
import { TYPE_LABELS } from '../badges';
import { ReadOnlyInput } from '../readOnly';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

const VIEW_ONLY = defineMessages({
  title: { id: 'basicInformation.titleViewOnly', defaultMessage: 'Title cannot be modified by admin' },
  essay_type: { id: 'basicInformation.essayTypeViewOnly', defaultMessage: 'Essay type cannot be modified by admin' },
  subject_area: { id: 'basicInformation.subjectAreaViewOnly', defaultMessage: 'Subject area cannot be modified by admin' },
  status: { id: 'basicInformation.statusViewOnly', defaultMessage: 'Status cannot be modified by admin' },
});

/** What the student entered, shown and not editable (spec: the admin does not change it). */
export function BasicInformation({ ev }: { ev: Evaluation }) {
  const intl = useIntl();
  return (
    <Card
      title={<FormattedMessage id="basicInformation.basicInformation" defaultMessage="Basic Information" />}
      variant="borderless"
      extra={
        <Button disabled icon={<SaveOutlined />}>
          <FormattedMessage id="basicInformation.save" defaultMessage="Save" />
        </Button>
      }
      data-testid="basic-information"
    >
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label={<FormattedMessage id="basicInformation.title" defaultMessage="Title" />}
              htmlFor="basic-title"
              extra={intl.formatMessage(VIEW_ONLY.title)}
            >
              <ReadOnlyInput id="basic-title" value={ev.title} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={<FormattedMessage id="basicInformation.essayType" defaultMessage="Essay Type" />}
              htmlFor="basic-essay-type"
              extra={intl.formatMessage(VIEW_ONLY.essay_type)}
            >
              <ReadOnlyInput id="basic-essay-type" value={intl.formatMessage(TYPE_LABELS[ev.essay_type])} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={<FormattedMessage id="basicInformation.subjectArea" defaultMessage="Subject Area" />}
              htmlFor="basic-subject-area"
              extra={intl.formatMessage(VIEW_ONLY.subject_area)}
            >
              <ReadOnlyInput id="basic-subject-area" value={ev.subject_area || '—'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={<FormattedMessage id="basicInformation.status" defaultMessage="Status" />}
              htmlFor="basic-status"
              extra={intl.formatMessage(VIEW_ONLY.status)}
            >
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
