import { useState } from 'react';
import { App, Alert, Button, Card, Descriptions, Empty, Modal, Pagination, Segmented, Space, Tag, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined, MailOutlined, UndoOutlined } from '@ant-design/icons';
import { errorMessage, type ContactEnquiry, type EnquiryFilter, type RemoteAppProps } from '@corestone/sdk';
import { ListRow, LoadError, Loading, PageHeader, RowList, useLoad } from '../components/common';
import { formatDateTime, saveBlob } from '../lib/text';

export const ENQUIRIES_PAGE_SIZE = 20;

const FILTER_LABELS: Record<EnquiryFilter, string> = { unhandled: 'Waiting', handled: 'Handled', all: 'All' };

export function HandledTag({ enquiry }: { enquiry: ContactEnquiry }) {
  return enquiry.handled_at ? <Tag color="green">Handled</Tag> : <Tag color="orange">Waiting</Tag>;
}

/**
 * Enquiries: the institutions that asked about the Power User plan through /contact. Admins and
 * super admins filter them (waiting, handled, all), open one, mark it handled (or waiting again)
 * and export the filtered list as CSV. The server enforces who may (content service).
 */
export function Enquiries({ client }: RemoteAppProps) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<EnquiryFilter>('unhandled');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ContactEnquiry | null>(null);
  const [busy, setBusy] = useState<'handled' | 'export' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useLoad(
    () => client.content.enquiries({ status: filter, limit: ENQUIRIES_PAGE_SIZE, offset: (page - 1) * ENQUIRIES_PAGE_SIZE }),
    [client, filter, page],
  );

  const setHandled = async (enquiry: ContactEnquiry, handled: boolean) => {
    setBusy('handled');
    setError(null);
    try {
      const { data } = await client.content.setEnquiryHandled(enquiry.id, handled);
      setOpen(data);
      list.reload();
      message.success(handled ? 'Marked as handled' : 'Marked as waiting');
    } catch (e) {
      setError(errorMessage(e, 'Failed to update the enquiry'));
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = async () => {
    setBusy('export');
    setError(null);
    try {
      const file = await client.content.exportEnquiries(filter);
      saveBlob(file.blob, file.filename ?? `enquiries_${filter}.csv`);
    } catch (e) {
      setError(errorMessage(e, 'Failed to export the enquiries'));
    } finally {
      setBusy(null);
    }
  };

  const data = list.data;
  return (
    <div data-testid="admin-enquiries">
      <PageHeader
        title="Enquiries"
        subtitle="Schools and institutions asking about the Power User plan through the contact page."
        extra={
          <Button icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          aria-label="Show enquiries"
          value={filter}
          onChange={(v) => {
            setFilter(v as EnquiryFilter);
            setPage(1);
          }}
          options={(['unhandled', 'handled', 'all'] as const).map((f) => ({
            value: f,
            label: f === 'unhandled' && data ? `${FILTER_LABELS[f]} (${data.unhandled})` : FILTER_LABELS[f],
          }))}
        />
      </Space>
      {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={error} data-testid="enquiries-error" />}
      <Card variant="borderless">
        {list.loading && !data ? (
          <Loading />
        ) : list.error ? (
          <LoadError message={list.error} onRetry={list.reload} />
        ) : !data || data.enquiries.length === 0 ? (
          <Empty
            description={filter === 'unhandled' ? 'No enquiries are waiting for an answer' : 'No enquiries yet'}
            data-testid="enquiries-empty"
          />
        ) : (
          <>
            <RowList
              items={data.enquiries}
              row={(e, last) => (
                <ListRow
                  key={e.id}
                  last={last}
                  data-testid={`enquiry-${e.id}`}
                  style={{ cursor: 'pointer', alignItems: 'flex-start' }}
                  onClick={() => setOpen(e)}
                  actions={<HandledTag enquiry={e} />}
                >
                  <Typography.Text strong>{e.school}</Typography.Text>
                  <div style={{ color: 'rgba(0,0,0,.55)', overflowWrap: 'anywhere' }}>
                    {e.name} · {e.email} · {e.number_of_students} students · {formatDateTime(e.created_at)}
                  </div>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: '4px 0 0' }}>
                    {e.message}
                  </Typography.Paragraph>
                </ListRow>
              )}
            />
            {data.total > ENQUIRIES_PAGE_SIZE && (
              <Pagination
                style={{ marginTop: 16, textAlign: 'right' }}
                current={page}
                pageSize={ENQUIRIES_PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                onChange={setPage}
              />
            )}
          </>
        )}
      </Card>
      {open && (
        <Modal
          open
          title={open.school}
          onCancel={() => setOpen(null)}
          width={640}
          footer={
            <Space wrap>
              <Button icon={<MailOutlined />} href={`mailto:${open.email}?subject=${encodeURIComponent('Your Power User enquiry')}`}>
                Reply by e-mail
              </Button>
              {open.handled_at ? (
                <Button icon={<UndoOutlined />} loading={busy === 'handled'} onClick={() => void setHandled(open, false)}>
                  Mark as Waiting
                </Button>
              ) : (
                <Button type="primary" icon={<CheckOutlined />} loading={busy === 'handled'} onClick={() => void setHandled(open, true)}>
                  Mark as Handled
                </Button>
              )}
            </Space>
          }
        >
          <div data-testid="enquiry-detail">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="Status">
                <HandledTag enquiry={open} />
                {open.handled_at && (
                  <Typography.Text type="secondary">
                    {formatDateTime(open.handled_at)}
                    {open.handled_by ? ` by ${open.handled_by}` : ''}
                  </Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Received">{formatDateTime(open.created_at)}</Descriptions.Item>
              <Descriptions.Item label="Name">{open.name}</Descriptions.Item>
              <Descriptions.Item label="E-mail">{open.email}</Descriptions.Item>
              <Descriptions.Item label="Students">{open.number_of_students}</Descriptions.Item>
              <Descriptions.Item label="Notification e-mail">{MAIL_STATUS[open.mail_status]}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              Message
            </Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="enquiry-message">
              {open.message}
            </Typography.Paragraph>
          </div>
        </Modal>
      )}
    </div>
  );
}

const MAIL_STATUS: Record<ContactEnquiry['mail_status'], string> = {
  sent: 'Sent to the enquiries inbox',
  pending: 'Not sent yet',
  failed: 'Sending failed; retried automatically',
};
