import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Grid, Row, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { EssayType, RemoteAppProps, Rubric, RubricStatus } from '@corestone/sdk';
import { AccessDenied, Counter, PageHeader } from '../components/common';
import { RubricModal } from '../components/rubrics/RubricModal';
import { EditDeleteButtons } from '../components/rowActions';
import { FilterSelect, RUBRIC_STATUS_FILTER, RUBRIC_TYPE_FILTER } from '../components/selects';
import { useRubrics } from '../hooks/useRubrics';
import { mayOpen } from '../lib/roles';
import { formatDate } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

const STATUS_COLORS: Record<RubricStatus, string> = { active: 'green', draft: 'gold', deprecated: 'default' };

export function Rubrics(props: RemoteAppProps) {
  if (!mayOpen('rubrics', props.user)) return <AccessDenied screen="rubrics" />;
  return <RubricsScreen {...props} />;
}

const typeTag = (r: Rubric) => <Tag color={r.rubric_type === 'ee' ? 'geekblue' : 'purple'}>{r.rubric_type.toUpperCase()}</Tag>;
const statusTag = (r: Rubric) => <Tag color={STATUS_COLORS[r.status]}>{r.status}</Tag>;
const rubricName = (r: Rubric) => (
  <div>
    <Typography.Text strong>{r.title}</Typography.Text>{' '}
    {r.is_default && (
      <Tag color="blue">
        <FormattedMessage id="rubrics.default" defaultMessage="Default" />
      </Tag>
    )}
    <div style={{ fontSize: 12, color: '#64748b', maxWidth: 420 }}>{r.description}</div>
  </div>
);

function RubricsScreen({ client }: RemoteAppProps) {
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  const [type, setType] = useState<EssayType | ''>('');
  const [status, setStatus] = useState<RubricStatus | ''>('');
  const state = useRubrics(client);
  const [editing, setEditing] = useState<Rubric | 'new' | null>(null);
  const { reload } = state;

  const all = state.rubrics;
  const shown = all.filter((r) => (!type || r.rubric_type === type) && (!status || r.status === status));
  const openEdit = async (r: Rubric) => {
    const details = await state.details(r);
    if (details) setEditing(details);
  };
  const actions = (r: Rubric) => (
    <Space>
      <EditDeleteButtons
        name={r.title}
        onEdit={() => void openEdit(r)}
        confirmTitle={intl.formatMessage({ id: 'rubrics.deleteTitle', defaultMessage: 'Delete this rubric?' })}
        confirmText={intl.formatMessage({ id: 'rubrics.deleteText', defaultMessage: 'This cannot be undone.' })}
        onDelete={() => state.remove(r)}
      />
    </Space>
  );

  return (
    <div data-testid="admin-rubrics">
      <PageHeader
        title={<FormattedMessage id="rubrics.rubricManagement" defaultMessage="Rubric Management" />}
        subtitle={
          <FormattedMessage id="rubrics.theScoringRubricsEssaysAre" defaultMessage="The scoring rubrics essays are graded against" />
        }
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            <FormattedMessage id="rubrics.createRubric" defaultMessage="Create Rubric" />
          </Button>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Counter title={<FormattedMessage id="rubrics.total" defaultMessage="Total" />} value={all.length} />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            title={<FormattedMessage id="rubrics.active" defaultMessage="Active" />}
            value={all.filter((r) => r.status === 'active').length}
            color="#16a34a"
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            title={<FormattedMessage id="rubrics.draft" defaultMessage="Draft" />}
            value={all.filter((r) => r.status === 'draft').length}
            color="#ca8a04"
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter
            title={<FormattedMessage id="rubrics.usage" defaultMessage="Usage" />}
            value={all.reduce((n, r) => n + r.submission_count, 0)}
            color="#2563eb"
          />
        </Col>
      </Row>
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <FilterSelect
            label={{ id: 'rubrics.typeFilter', defaultMessage: 'Type filter' }}
            width={160}
            value={type}
            onChange={setType}
            options={RUBRIC_TYPE_FILTER}
          />
          <FilterSelect
            label={{ id: 'rubrics.statusFilter', defaultMessage: 'Status filter' }}
            width={150}
            value={status}
            onChange={setStatus}
            options={RUBRIC_STATUS_FILTER}
          />
        </Space>
        {state.error ? (
          <Alert
            type="error"
            showIcon
            title={state.error}
            action={
              <Button onClick={reload}>
                <FormattedMessage id="rubrics.tryAgain" defaultMessage="Try again" />
              </Button>
            }
          />
        ) : !screens.lg ? (
          // a phone or tablet: one card per rubric, its actions in reach (a table would hide them off to the side)
          state.loading ? (
            <Card loading />
          ) : shown.length === 0 ? (
            <Empty description={<FormattedMessage id="rubrics.noRubricsFound" defaultMessage="No rubrics found" />} />
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {shown.map((r) => (
                <Card key={r.id} size="small" data-testid="rubric-card">
                  {rubricName(r)}
                  <Space wrap size={[6, 6]} style={{ margin: '8px 0' }}>
                    {typeTag(r)}
                    {statusTag(r)}
                    <Typography.Text type="secondary">
                      <FormattedMessage
                        id="rubrics.cardLine"
                        defaultMessage="v{version} · {points} points · used {count}× · updated {date}"
                        values={{
                          version: r.version,
                          points: r.scoring_structure.total_points,
                          count: r.submission_count,
                          date: formatDate(r.updated_at),
                        }}
                      />
                    </Typography.Text>
                  </Space>
                  <div>{actions(r)}</div>
                </Card>
              ))}
            </Space>
          )
        ) : (
          <Table
            rowKey="id"
            loading={state.loading}
            dataSource={shown}
            locale={{
              emptyText: <Empty description={<FormattedMessage id="rubrics.noRubricsFound" defaultMessage="No rubrics found" />} />,
            }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 800 }}
            columns={[
              {
                title: <FormattedMessage id="rubrics.rubric" defaultMessage="Rubric" />,
                key: 'title',
                render: (_: unknown, r: Rubric) => rubricName(r),
              },
              {
                title: <FormattedMessage id="rubrics.version" defaultMessage="Version" />,
                key: 'version',
                render: (_: unknown, r: Rubric) => `v${r.version}`,
              },
              {
                title: <FormattedMessage id="rubrics.type" defaultMessage="Type" />,
                key: 'type',
                render: (_: unknown, r: Rubric) => typeTag(r),
              },
              {
                title: <FormattedMessage id="rubrics.status" defaultMessage="Status" />,
                key: 'status',
                render: (_: unknown, r: Rubric) => statusTag(r),
              },
              {
                title: <FormattedMessage id="rubrics.usage" defaultMessage="Usage" />,
                key: 'usage',
                render: (_: unknown, r: Rubric) => r.submission_count,
              },
              {
                title: <FormattedMessage id="rubrics.points" defaultMessage="Points" />,
                key: 'points',
                render: (_: unknown, r: Rubric) => r.scoring_structure.total_points,
              },
              {
                title: <FormattedMessage id="rubrics.updated" defaultMessage="Updated" />,
                key: 'updated',
                render: (_: unknown, r: Rubric) => formatDate(r.updated_at),
              },
              {
                title: <FormattedMessage id="rubrics.actions" defaultMessage="Actions" />,
                key: 'actions',
                render: (_: unknown, r: Rubric) => actions(r),
              },
            ]}
          />
        )}
      </Card>
      {editing && (
        <RubricModal client={client} rubric={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={reload} />
      )}
    </div>
  );
}
