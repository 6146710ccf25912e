import { Modal, Typography } from 'antd';
import type { ExternalLink, RemoteAppProps } from '@corestone/sdk';
import { ColumnChart, dayLabel } from '../charts';
import { Loading, useLoad } from '../common';

/** One link's clicks per day (GET /external_links/{id}/analytics), 30 days. */
export function ClicksModal({ client, link, onClose }: { client: RemoteAppProps['client']; link: ExternalLink; onClose: () => void }) {
  const data = useLoad(() => client.links.analytics(link.id, 30), [client, link.id]);
  return (
    <Modal open width={720} title={`${link.title}: clicks per day`} footer={null} onCancel={onClose}>
      {data.loading ? (
        <Loading />
      ) : data.error || !data.data ? (
        <Typography.Text type="danger">{data.error ?? 'Failed to fetch link'}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {data.data.total_clicks} clicks in total · last {data.data.days} days
          </Typography.Paragraph>
          <ColumnChart
            testId="link-clicks-chart"
            color="#7c3aed"
            data={data.data.clicks_per_day.map((d) => ({ label: dayLabel(d.date), value: d.count }))}
          />
        </>
      )}
    </Modal>
  );
}
