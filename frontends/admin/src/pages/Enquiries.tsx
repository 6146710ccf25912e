import { Alert, Button, Card, Empty, Pagination, Segmented, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { EnquiryFilter, RemoteAppProps } from '@corestone/sdk';
import { ListRow, LoadError, Loading, PageHeader, RowList } from '../components/common';
import { EnquiryModal, HandledTag } from '../components/enquiries/EnquiryModal';
import { useEnquiries } from '../hooks/useEnquiries';
import { ENQUIRIES_PAGE_SIZE, FILTER_LABELS } from '../lib/enquiries';
import { formatDateTime } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Enquiries: the institutions that asked about the Power User plan through /contact. Admins and
 * super admins filter them (waiting, handled, all), open one, mark it handled (or waiting again)
 * and export the filtered list as CSV. The server enforces who may (content service).
 */
export function Enquiries({ client }: RemoteAppProps) {
  const intl = useIntl();
  const { list, filter, setFilter, page, setPage, open, setOpen, busy, error, setHandled, exportCsv } = useEnquiries(client);

  const data = list.data;
  return (
    <div data-testid="admin-enquiries">
      <PageHeader
        title={<FormattedMessage id="enquiries.enquiries" defaultMessage="Enquiries" />}
        subtitle={
          <FormattedMessage
            id="enquiries.schoolsAndInstitutionsAskingAbout"
            defaultMessage="Schools and institutions asking about the Power User plan through the contact page."
          />
        }
        extra={
          <Button icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void exportCsv()}>
            <FormattedMessage id="enquiries.exportCsv" defaultMessage="Export CSV" />
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          aria-label={intl.formatMessage({ id: 'enquiries.showEnquiries', defaultMessage: 'Show enquiries' })}
          value={filter}
          onChange={(v) => setFilter(v as EnquiryFilter)}
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
            description={
              filter === 'unhandled' ? (
                <FormattedMessage id="enquiries.noneWaiting" defaultMessage="No enquiries are waiting for an answer" />
              ) : (
                <FormattedMessage id="enquiries.noneYet" defaultMessage="No enquiries yet" />
              )
            }
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
        <EnquiryModal enquiry={open} busy={busy === 'handled'} onHandled={(h) => void setHandled(open, h)} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
