import { Modal, Typography } from 'antd';
import type { ExternalLink, RemoteAppProps } from '@corestone/sdk';
import { ColumnChart, dayLabel } from '../charts';
import { Loading, useLoad } from '../common';
import { FormattedMessage, useIntl } from 'react-intl';

/** One link's clicks per day (GET /external_links/{id}/analytics), 30 days. */
export function ClicksModal({ client, link, onClose }: { client: RemoteAppProps['client']; link: ExternalLink; onClose: () => void }) {
  const intl = useIntl();
  const data = useLoad(() => client.links.analytics(link.id, 30), [client, link.id]);
  return (
    <Modal
      open
      width={720}
      title={intl.formatMessage({ id: 'clicksModal.title', defaultMessage: '{title}: clicks per day' }, { title: link.title })}
      footer={null}
      onCancel={onClose}
    >
      {data.loading ? (
        <Loading />
      ) : data.error || !data.data ? (
        <Typography.Text type="danger">
          {data.error ?? intl.formatMessage({ id: 'clicksModal.loadFailed', defaultMessage: 'Failed to fetch link' })}
        </Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            <FormattedMessage
              id="clicksModal.summary"
              defaultMessage="{clicks} clicks in total · last {days} days"
              values={{ clicks: data.data.total_clicks, days: data.data.days }}
            />
          </Typography.Paragraph>
          <ColumnChart
            title={<FormattedMessage id="clicksModal.clicksPerDay" defaultMessage="Clicks per day" />}
            testId="link-clicks-chart"
            color="#7c3aed"
            data={data.data.clicks_per_day.map((d) => ({ label: dayLabel(d.date), value: d.count }))}
          />
        </>
      )}
    </Modal>
  );
}
