import { useState } from 'react';
import { Button, Card, Checkbox, Col, Empty, Grid, Popconfirm, Row, Space, Switch, Table, Tag, Typography } from 'antd';
import { BarChartOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ExternalLink, RemoteAppProps } from '@corestone/sdk';
import { Counter, LoadError, PageHeader } from '../components/common';
import { ClicksModal } from '../components/links/ClicksModal';
import { LinkModal } from '../components/links/LinkModal';
import { EditDeleteButtons } from '../components/rowActions';
import { useLinks } from '../hooks/useLinks';
import { CATEGORY_LABELS } from '../lib/links';
import { formatDate } from '../lib/text';

export function Links({ client }: RemoteAppProps) {
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
      <Tag>{CATEGORY_LABELS[l.category] ?? l.category}</Tag>
      <Space size={6}>
        <Switch
          size="small"
          checked={l.is_active}
          aria-label={`Active ${l.title}`}
          onChange={(v) => patch(l, { is_active: v }, 'Failed to toggle link status')}
        />{' '}
        {l.is_active ? 'Active' : 'Inactive'}
      </Space>
      <Space size={6}>
        <Switch
          size="small"
          checked={l.featured}
          aria-label={`Featured ${l.title}`}
          onChange={(v) => patch(l, { featured: v }, 'Failed to toggle featured status')}
        />{' '}
        Featured
      </Space>
    </Space>
  );
  const performance = (l: ExternalLink) => (
    <Button
      type="link"
      style={{ padding: 0 }}
      icon={<BarChartOutlined />}
      onClick={() => setChart(l)}
      aria-label={`Clicks per day for ${l.title}`}
    >
      {l.clicks} clicks
    </Button>
  );
  const actions = (l: ExternalLink) => (
    <Space>
      <EditDeleteButtons
        name={l.title}
        onEdit={() => setEditing(l)}
        confirmTitle="Delete this link?"
        confirmText="It disappears from the public footer."
        onDelete={() => remove(l)}
      />
    </Space>
  );

  return (
    <div data-testid="admin-links">
      <PageHeader
        title="Social Media Links Manager"
        subtitle="The links in the public footer, with their clicks"
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={reload}>
              Refresh
            </Button>
            <Button icon={<DownloadOutlined />} onClick={exportCsv}>
              Export CSV
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add New
            </Button>
          </>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Counter title="Total Links" value={counters.total} />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Active Links" value={counters.active} color="#16a34a" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Total Clicks" value={counters.clicks} color="#2563eb" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Avg Clicks" value={counters.average} />
        </Col>
      </Row>
      <Card variant="borderless">
        {selected.length > 0 && (
          <Space style={{ marginBottom: 12 }} wrap>
            <Typography.Text>{selected.length} selected</Typography.Text>
            <Button size="small" onClick={() => bulk('activate')}>
              Activate
            </Button>
            <Button size="small" onClick={() => bulk('deactivate')}>
              Deactivate
            </Button>
            <Popconfirm
              title={`Delete ${selected.length} links?`}
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => bulk('delete')}
            >
              <Button size="small" danger>
                Delete
              </Button>
            </Popconfirm>
          </Space>
        )}
        {state.total !== undefined && state.total > state.links.length && (
          <Typography.Paragraph type="secondary" data-testid="links-partial">
            Showing the newest {state.links.length} of {state.total} links; the counters cover all of them.
          </Typography.Paragraph>
        )}
        {state.error ? (
          <LoadError message={state.error} onRetry={reload} />
        ) : !state.loading && state.links.length === 0 ? (
          <Empty description="No links yet">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add First Link
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
                      aria-label={`Select ${l.title}`}
                      checked={selected.includes(l.id)}
                      onChange={(e) => setSelected((s) => (e.target.checked ? [...s, l.id] : s.filter((id) => id !== l.id)))}
                    />
                    {details(l)}
                  </div>
                  <div style={{ margin: '8px 0' }}>{categoryAndStatus(l)}</div>
                  <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                    {performance(l)}
                    <Typography.Text type="secondary">Updated {formatDate(l.updated_at)}</Typography.Text>
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
              { title: 'Link Details', key: 'details', render: (_: unknown, l: ExternalLink) => details(l) },
              { title: 'Category & Status', key: 'category', render: (_: unknown, l: ExternalLink) => categoryAndStatus(l) },
              { title: 'Performance', key: 'clicks', render: (_: unknown, l: ExternalLink) => performance(l) },
              { title: 'Last Updated', key: 'updated', render: (_: unknown, l: ExternalLink) => formatDate(l.updated_at) },
              { title: 'Actions', key: 'actions', render: (_: unknown, l: ExternalLink) => actions(l) },
            ]}
          />
        )}
      </Card>
      {chart && <ClicksModal client={client} link={chart} onClose={() => setChart(null)} />}
      {editing && <LinkModal client={client} link={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={reload} />}
    </div>
  );
}
