import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Form,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { BarChartOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { errorMessage, type ExternalLink, type LinkCategory, type LinksOverview, type RemoteAppProps } from '@corestone/sdk';
import { Counter, LoadError, Loading, PageHeader, useLoad } from '../components/common';
import { EditDeleteButtons } from '../components/rowActions';
import { ColumnChart, dayLabel } from '../components/charts';
import { formatDate, saveBlob } from '../lib/text';

/** The six social platforms the add/edit picker offers (spec §2); labels as the public footer shows them. */
export const SOCIAL_PLATFORMS: { value: LinkCategory; label: string }[] = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'tiktok', label: 'TikTok' },
];
const CATEGORY_LABELS: Record<string, string> = {
  ...Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p.value, p.label])),
  academic: 'Academic Resources',
  resource: 'Tools & Resources',
  tool: 'Educational Tools',
  reference: 'Reference Materials',
};

/**
 * A new link, or one moved to another platform, is titled by the platform's label (spec §3). An edit
 * that keeps the category keeps the title: the seeded sister sites and resources are shown by their
 * own titles in the public header and footer, and the picker's labels are not theirs.
 */
export function linkTitle(link: Pick<ExternalLink, 'title' | 'category'> | null, category: LinkCategory): string {
  if (link && link.category === category) return link.title;
  return CATEGORY_LABELS[category] ?? category;
}

/** The picker offers the six social platforms; a link of another category being edited keeps its own, by its label. */
export function platformOptions(link: Pick<ExternalLink, 'category'> | null): { value: LinkCategory; label: string }[] {
  if (!link || SOCIAL_PLATFORMS.some((p) => p.value === link.category)) return SOCIAL_PLATFORMS;
  return [{ value: link.category, label: CATEGORY_LABELS[link.category] ?? link.category }, ...SOCIAL_PLATFORMS];
}

/** The form's checks (spec §5), in the order the spec lists them. */
export function linkFormErrors(v: {
  category?: string;
  url?: string;
  description?: string;
}): Partial<Record<'category' | 'url' | 'description', string>> {
  const out: Partial<Record<'category' | 'url' | 'description', string>> = {};
  if (!v.category) out.category = 'Social media platform is required';
  if (!v.url?.trim()) out.url = 'URL is required';
  else if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v.url.trim())) out.url = 'Please enter a valid URL (https://…)';
  if (!v.description?.trim()) out.description = 'Description is required';
  return out;
}

/**
 * The four counters, counted from the links listed (kept live as switches change them), or — when
 * there are more links than one list holds — the service's own count of all of them (`overview`).
 */
export function linkCounters(links: Pick<ExternalLink, 'is_active' | 'clicks'>[], overview?: LinksOverview | null) {
  if (overview)
    return {
      total: overview.total_links,
      active: overview.active_links,
      clicks: overview.total_clicks,
      average: Math.round(overview.average_clicks * 10) / 10,
    };
  const clicks = links.reduce((n, l) => n + l.clicks, 0);
  return {
    total: links.length,
    active: links.filter((l) => l.is_active).length,
    clicks,
    average: links.length ? Math.round((clicks / links.length) * 10) / 10 : 0,
  };
}

/** The most links one list request may ask for (the service's bound); the table pages through them itself. */
const LIST_LIMIT = 500;

export function Links({ client }: RemoteAppProps) {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [state, setState] = useState<{
    links: ExternalLink[];
    total?: number;
    overview?: LinksOverview | null;
    loading: boolean;
    error?: string;
  }>({ links: [], loading: true });
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<ExternalLink | 'new' | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [chart, setChart] = useState<ExternalLink | null>(null);

  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    const partOnly = (total: number, listed: number) => (total > listed ? client.links.overview().catch(() => null) : null);
    client.links.list({ limit: LIST_LIMIT }).then(
      async (r) => {
        const overview = await partOnly(r.total, r.links.length);
        if (alive) setState({ links: r.links, total: r.total, overview, loading: false });
      },
      (e) => alive && setState({ links: [], loading: false, error: errorMessage(e, 'Failed to fetch links') }),
    );
    return () => {
      alive = false;
    };
  }, [client, tick]);
  const reload = () => setTick((n) => n + 1);
  const counters = linkCounters(state.links, state.overview);

  const patch = async (l: ExternalLink, change: { is_active?: boolean; featured?: boolean }, failure: string) => {
    try {
      const next = await client.links.update(l.id, change);
      setState((s) => ({ ...s, links: s.links.map((x) => (x.id === l.id ? next : x)) }));
    } catch (e) {
      message.error(errorMessage(e, failure));
    }
  };
  const remove = async (l: ExternalLink) => {
    try {
      await client.links.remove(l.id);
      message.success('Link deleted');
      reload();
    } catch (e) {
      message.error(errorMessage(e, 'Failed to delete link'));
    }
  };
  const bulk = async (what: 'activate' | 'deactivate' | 'delete') => {
    try {
      const r =
        what === 'delete'
          ? await client.links.bulkDelete(selected)
          : await client.links.bulkUpdate(selected, { is_active: what === 'activate' });
      message.success(r.message);
      setSelected([]);
      reload();
    } catch (e) {
      message.error(errorMessage(e, 'Failed to update links'));
    }
  };
  const exportCsv = async () => {
    try {
      const f = await client.links.exportCsv();
      saveBlob(f.blob, f.filename ?? 'external_links.csv');
    } catch (e) {
      message.error(errorMessage(e, 'Failed to export links'));
    }
  };

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

function LinkModal({
  client,
  link,
  onClose,
  onSaved,
}: {
  client: RemoteAppProps['client'];
  link: ExternalLink | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [category, setCategory] = useState<LinkCategory | undefined>(link?.category);
  const [url, setUrl] = useState(link?.url ?? '');
  const [description, setDescription] = useState(link?.description ?? '');
  const [featured, setFeatured] = useState(link?.featured ?? false);
  const [errors, setErrors] = useState<ReturnType<typeof linkFormErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const found = linkFormErrors({ category, url, description });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    const title = linkTitle(link, category!);
    setBusy(true);
    try {
      const body = { title, url: url.trim(), description: description.trim(), category: category!, featured };
      if (link) await client.links.update(link.id, body);
      else await client.links.create(body);
      onSaved();
      onClose();
    } catch (e) {
      setFailure(errorMessage(e, link ? 'Failed to update link' : 'Failed to create link'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={link ? 'Edit Link' : 'Add New Link'}
      okText={link ? 'Save Changes' : 'Add Link'}
      onOk={save}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Social media platform" validateStatus={errors.category ? 'error' : undefined} help={errors.category}>
          <Select
            aria-label="Social media platform"
            placeholder="Choose a platform"
            value={category}
            onChange={setCategory}
            options={platformOptions(link)}
          />
        </Form.Item>
        <Form.Item label="URL" validateStatus={errors.url ? 'error' : undefined} help={errors.url}>
          <Input aria-label="URL" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />
        </Form.Item>
        <Form.Item label="Description" validateStatus={errors.description ? 'error' : undefined} help={errors.description}>
          <Input.TextArea
            aria-label="Description"
            autoSize={{ minRows: 2 }}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Featured">
          <Switch checked={featured} onChange={setFeatured} />
        </Form.Item>
      </Form>
      {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
    </Modal>
  );
}

/** One link's clicks per day (GET /external_links/{id}/analytics), 30 days. */
function ClicksModal({ client, link, onClose }: { client: RemoteAppProps['client']; link: ExternalLink; onClose: () => void }) {
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
