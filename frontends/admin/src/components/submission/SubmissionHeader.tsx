import { Link } from 'react-router-dom';
import { Button, Card, Space, Typography } from 'antd';
import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import type { Evaluation } from '@corestone/sdk';
import { Heading } from '@corestone/ui/heading';
import { ApprovalTag, StatusTag, TypeTag, studentName } from '../badges';
import { formatDateTime } from '../../lib/text';
import { FormattedMessage } from 'react-intl';

/** The way back to the list, the submission's title (the screen's h1), who sent it when, its tags. */
export function SubmissionHeader({ ev }: { ev: Evaluation }) {
  return (
    <>
      <Link to="/admin/submissions">
        <ArrowLeftOutlined /> <FormattedMessage id="submissionHeader.backToSubmissions" defaultMessage="Back to Submissions" />
      </Link>
      <Card variant="borderless" style={{ margin: '12px 0 16px' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap align="start">
          <div>
            <Heading level={1} size={3} style={{ margin: 0 }} data-testid="detail-title">
              {ev.title || ev.fileName}
            </Heading>
            <Typography.Text type="secondary">
              <FormattedMessage
                id="submissionHeader.submittedBy"
                defaultMessage="Submitted by {name} · {date}"
                values={{ name: studentName(ev), date: formatDateTime(ev.submittedAt) }}
              />
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              <Space wrap>
                <TypeTag type={ev.essay_type} />
                <StatusTag status={ev.status} />
                <ApprovalTag evaluation={ev} />
              </Space>
            </div>
          </div>
          <Link to={`/results/${ev.id}`}>
            <Button icon={<EyeOutlined />}>
              <FormattedMessage id="submissionHeader.viewDetails" defaultMessage="View Details" />
            </Button>
          </Link>
        </Space>
      </Card>
    </>
  );
}
