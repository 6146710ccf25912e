import { useState } from 'react';
import { Button, Card, Checkbox, Col, Empty, Grid, Popconfirm, Row, Space, Switch, Table, Tag, Typography } from 'antd';
import { BarChartOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ExternalLink, RemoteAppProps } from '@corestone/sdk';
import { Counter, LoadError, PageHeader } from '../components/common';
import { ClicksModal } from '../components/links/ClicksModal';
import { LinkModal } from '../components/links/LinkModal';
import { EditDeleteButtons } from '../components/rowActions';
import { useLinks } from '../hooks/useLinks';
import { categoryLabel } from '../lib/links';
import { formatDate } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

export function Links({ client }: RemoteAppProps) {
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  const { state, reload, counters, patch, remove, selected, setSelected, bulk, exportCsv } = useLinks(client);
  const [editing, setEditing] = useState<ExternalLink | 'new' | null>(null);
  const [chart, setChart] = useState<ExternalLink | null>(null);

  const details = (l: ExternalLink) => (
    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography.Text strong>{l.title}</Typography.Text>
      <div>
        <Typography.Link href={l.url} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }}>
          {l.url}
        </Typography.Link>
      </div>
      <div style={{ fontSize: 12, color: '#64748b' }}>{l.description}</div>
    </div>
  );
  const categoryAndStatus = (l: ExternalLink) => (
    <Space orientation="vertical" size={4}>
      <Tag>{categoryLabel(l.category, intl)}</Tag>
      <Space size={6}>
        <Switch
          size="small"
          checked={l.is_active}
          aria-label={intl.formatMessage({ id: 'links.activeSwitch', defaultMessage: 'Active {title}' }, { title: l.title })}
          onChange={(v) =>
            patch(
              l,
              { is_active: v },
              intl.formatMessage({ id: 'links.toggleActiveFailed', defaultMessage: 'Failed to toggle link status' }),
            )
          }
        />{' '}
        {l.is_active ? (
          <FormattedMessage id="links.active" defaultMessage="Active" />
        ) : (
          <FormattedMessage id="links.inactive" defaultMessage="Inactive" />
        )}
      </Space>
      <Space size={6}>
        <Switch
          size="small"
          checked={l.featured}
          aria-label={intl.formatMessage({ id: 'links.featuredSwitch', defaultMessage: 'Featured {title}' }, { title: l.title })}
          onChange={(v) =>
            patch(
              l,
              { featured: v },
              intl.formatMessage({ id: 'links.toggleFeaturedFailed', defaultMessage: 'Failed to toggle featured status' }),
            )
          }
        />{' '}
        <FormattedMessage id="links.featured" defaultMessage="Featured" />
      </Space>
    </Space>
  );
  const performance = (l: ExternalLink) => (
    <Button
      type="link"
      style={{ padding: 0 }}
      icon={<BarChartOutlined />}
      onClick={() => setChart(l)}
      // the visible count starts the name (WCAG 2.5.3: a voice user says what they see)
      aria-label={intl.formatMessage(
        { id: 'links.clicksButton', defaultMessage: '{clicks} clicks: per day for {title}' },
        { clicks: l.clicks, title: l.title },
      )}
    >
      <FormattedMessage id="links.clicks" defaultMessage="{clicks} clicks" values={{ clicks: l.clicks }} />
    </Button>
  );
  const actions = (l: ExternalLink) => (
    <Space>
      <EditDeleteButtons
        name={l.title}
        onEdit={() => setEditing(l)}
        confirmTitle={intl.formatMessage({ id: 'links.deleteThisLink', defaultMessage: 'Delete this link?' })}
        confirmText={intl.formatMessage({ id: 'links.deleteConsequence', defaultMessage: 'It disappears from the public footer.' })}
        onDelete={() => remove(l)}
      />
    </Space>
  );

  return (
    <div data-testid="admin-links">
      <PageHeader
        title={<FormattedMessage id="links.socialMediaLinksManager" defaultMessage="Social Media Links Manager" />}
        subtitle={<FormattedMessage id="links.theLinksInThePublic" defaultMessage="The links in the public footer, with their clicks" />}
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={reload}>
              <FormattedMessage id="links.refresh" defaultMessage="Refresh" />
            </Button>
            <Button icon={<DownloadOutlined />} onClick={exportCsv}>
              <FormattedMessage id="links.exportCsv" defaultMessage="Export CSV" />
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              <FormattedMessage id="links.addNew" defaultMessage="Add New" />
            </Button>
          </>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Counter title={<FormattedMessage id="links.totalLinks" defaultMessage="Total Links" />} value={counters.total} />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            title={<FormattedMessage id="links.activeLinks" defaultMessage="Active Links" />}
            value={counters.active}
            color="#16a34a"
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            title={<FormattedMessage id="links.totalClicks" defaultMessage="Total Clicks" />}
            value={counters.clicks}
            color="#2563eb"
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter title={<FormattedMessage id="links.avgClicks" defaultMessage="Avg Clicks" />} value={counters.average} />
        </Col>
      </Row>
      <Card variant="borderless">
        {selected.length > 0 && (
          <Space style={{ marginBottom: 12 }} wrap>
            <Typography.Text>
              <FormattedMessage id="links.selected" defaultMessage="{count} selected" values={{ count: selected.length }} />
            </Typography.Text>
            <Button size="small" onClick={() => bulk('activate')}>
              <FormattedMessage id="links.activate" defaultMessage="Activate" />
            </Button>
            <Button size="small" onClick={() => bulk('deactivate')}>
              <FormattedMessage id="links.deactivate" defaultMessage="Deactivate" />
            </Button>
            <Popconfirm
              title={intl.formatMessage(
                { id: 'links.deleteSelected', defaultMessage: 'Delete {count} links?' },
                { count: selected.length },
              )}
              okText={<FormattedMessage id="links.delete" defaultMessage="Delete" />}
              okButtonProps={{ danger: true }}
              onConfirm={() => bulk('delete')}
            >
              <Button size="small" danger>
                <FormattedMessage id="links.delete" defaultMessage="Delete" />
              </Button>
            </Popconfirm>
          </Space>
        )}
        {state.total !== undefined && state.total > state.links.length && (
          <Typography.Paragraph type="secondary" data-testid="links-partial">
            <FormattedMessage
              id="links.partial"
              defaultMessage="Showing the newest {shown} of {total} links; the counters cover all of them."
              values={{ shown: state.links.length, total: state.total }}
            />
          </Typography.Paragraph>
        )}
        {state.error ? (
          <LoadError message={state.error} onRetry={reload} />
        ) : !state.loading && state.links.length === 0 ? (
          <Empty description={<FormattedMessage id="links.noLinksYet" defaultMessage="No links yet" />}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              <FormattedMessage id="links.addFirstLink" defaultMessage="Add First Link" />
            </Button>
          </Empty>
        ) : !screens.lg ? (
          // a phone or tablet: one card per link, its switches and actions in reach
          state.loading ? (
            <Card loading />
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {state.links.map((l) => (
                <Card key={l.id} size="small" data-testid="link-card">
                  <div style={{ display: 'flex', alignItems: 'flex-start', gap: 10 }}>
                    <Checkbox
                      aria-label={intl.formatMessage({ id: 'links.select', defaultMessage: 'Select {title}' }, { title: l.title })}
                      checked={selected.includes(l.id)}
                      onChange={(e) => setSelected((s) => (e.target.checked ? [...s, l.id] : s.filter((id) => id !== l.id)))}
                    />
                    {details(l)}
                  </div>
                  <div style={{ margin: '8px 0' }}>{categoryAndStatus(l)}</div>
                  <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                    {performance(l)}
                    <Typography.Text type="secondary">
                      <FormattedMessage id="links.updated" defaultMessage="Updated {date}" values={{ date: formatDate(l.updated_at) }} />
                    </Typography.Text>
                    {actions(l)}
                  </Space>
                </Card>
              ))}
            </Space>
          )
        ) : (
          <Table
            rowKey="id"
            loading={state.loading}
            dataSource={state.links}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 800 }}
            columns={[
              {
                title: <FormattedMessage id="links.linkDetails" defaultMessage="Link Details" />,
                key: 'details',
                render: (_: unknown, l: ExternalLink) => details(l),
              },
              {
                title: <FormattedMessage id="links.categoryStatus" defaultMessage="Category & Status" />,
                key: 'category',
                render: (_: unknown, l: ExternalLink) => categoryAndStatus(l),
              },
              {
                title: <FormattedMessage id="links.performance" defaultMessage="Performance" />,
                key: 'clicks',
                render: (_: unknown, l: ExternalLink) => performance(l),
              },
              {
                title: <FormattedMessage id="links.lastUpdated" defaultMessage="Last Updated" />,
                key: 'updated',
                render: (_: unknown, l: ExternalLink) => formatDate(l.updated_at),
              },
              {
                title: <FormattedMessage id="links.actions" defaultMessage="Actions" />,
                key: 'actions',
                render: (_: unknown, l: ExternalLink) => actions(l),
              },
            ]}
          />
        )}
      </Card>
      {chart && <ClicksModal client={client} link={chart} onClose={() => setChart(null)} />}
      {editing && <LinkModal client={client} link={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={reload} />}
    </div>
  );
}
