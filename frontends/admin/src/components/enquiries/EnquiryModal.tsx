import { Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { CheckOutlined, MailOutlined, UndoOutlined } from '@ant-design/icons';
import type { ContactEnquiry } from '@corestone/sdk';
import { MAIL_STATUS } from '../../lib/enquiries';
import { formatDateTime } from '../../lib/text';
import { FormattedMessage } from 'react-intl';

export function HandledTag({ enquiry }: { enquiry: ContactEnquiry }) {
  return enquiry.handled_at ? (
    <Tag color="green">
      <FormattedMessage id="enquiryModal.handled" defaultMessage="Handled" />
    </Tag>
  ) : (
    <Tag color="orange">
      <FormattedMessage id="enquiryModal.waiting" defaultMessage="Waiting" />
    </Tag>
  );
}

/** One enquiry: its details and message, Reply by e-mail, Mark as Handled / Mark as Waiting. */
export function EnquiryModal({
  enquiry,
  busy,
  onHandled,
  onClose,
}: {
  enquiry: ContactEnquiry;
  busy: boolean;
  onHandled: (handled: boolean) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={enquiry.school}
      onCancel={onClose}
      width={640}
      footer={
        <Space wrap>
          <Button icon={<MailOutlined />} href={`mailto:${enquiry.email}?subject=${encodeURIComponent('Your Power User enquiry')}`}>
            <FormattedMessage id="enquiryModal.replyByEMail" defaultMessage="Reply by e-mail" />
          </Button>
          {enquiry.handled_at ? (
            <Button icon={<UndoOutlined />} loading={busy} onClick={() => onHandled(false)}>
              <FormattedMessage id="enquiryModal.markAsWaiting" defaultMessage="Mark as Waiting" />
            </Button>
          ) : (
            <Button type="primary" icon={<CheckOutlined />} loading={busy} onClick={() => onHandled(true)}>
              <FormattedMessage id="enquiryModal.markAsHandled" defaultMessage="Mark as Handled" />
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="enquiry-detail">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={<FormattedMessage id="enquiryModal.status" defaultMessage="Status" />}>
            <HandledTag enquiry={enquiry} />
            {enquiry.handled_at && (
              <Typography.Text type="secondary">
                {formatDateTime(enquiry.handled_at)}
                {enquiry.handled_by ? ` by ${enquiry.handled_by}` : ''}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="enquiryModal.received" defaultMessage="Received" />}>
            {formatDateTime(enquiry.created_at)}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="enquiryModal.name" defaultMessage="Name" />}>{enquiry.name}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="enquiryModal.eMail" defaultMessage="E-mail" />}>
            {enquiry.email}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="enquiryModal.students" defaultMessage="Students" />}>
            {enquiry.number_of_students}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="enquiryModal.notificationEMail" defaultMessage="Notification e-mail" />}>
            {MAIL_STATUS[enquiry.mail_status]}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          <FormattedMessage id="enquiryModal.message" defaultMessage="Message" />
        </Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="enquiry-message">
          {enquiry.message}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
