import { useState } from 'react';
import { App, Button, Card, Empty, Form, Grid, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { type CorestoneClient, type RemoteAppProps, type School } from '@corestone/sdk';
import { LoadError, PageHeader, useLoad } from '../components/common';
import { useDebounced } from '../lib/debounce';
import { isSuperAdmin } from '../lib/roles';
import { FormModal } from '../components/school/FormModal';
import { FormattedMessage, useIntl } from 'react-intl';

const schoolPath = (s: Pick<School, 'id'>) => `/admin/schools/${encodeURIComponent(s.id)}`;

/** The platform's schools (admins read, a super admin creates schools and grants pool credits); each opens the school's area. */
export function Schools({ client, user }: RemoteAppProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  const superAdmin = isSuperAdmin(user);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const list = useLoad(() => client.schools.list({ search: q || undefined, limit: 500 }), [client, q]);
  const [creating, setCreating] = useState(false);
  const [granting, setGranting] = useState<School | null>(null);
  const schools = list.data?.schools ?? [];

  const members = (s: School) => s.counts.students + s.counts.teachers + s.counts.school_admins;
  const actions = (s: School) => (
    <Space wrap size={4}>
      <Button size="small" type="primary" onClick={() => navigate(schoolPath(s))}>
        <FormattedMessage id="schools.open" defaultMessage="Open" />
      </Button>
      {superAdmin && (
        <Button size="small" onClick={() => setGranting(s)}>
          <FormattedMessage id="schools.grantCredits" defaultMessage="Grant credits" />
        </Button>
      )}
    </Space>
  );
  const empty = (
    <Empty
      description={
        q ? (
          <FormattedMessage id="schools.noMatch" defaultMessage="No school matches this search" />
        ) : (
          <FormattedMessage id="schools.noneYet" defaultMessage="No schools yet" />
        )
      }
    />
  );

  return (
    <div data-testid="admin-schools">
      <PageHeader
        title={<FormattedMessage id="schools.schools" defaultMessage="Schools" />}
        subtitle={
          <FormattedMessage
            id="schools.schoolsOnCorestoneTheirMembers"
            defaultMessage="Schools on Corestone: their members, classes and credit pools."
          />
        }
        extra={
          superAdmin && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              <FormattedMessage id="schools.newSchool" defaultMessage="New school" />
            </Button>
          )
        }
      />
      <Card variant="borderless">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={intl.formatMessage({ id: 'schools.searchPlaceholder', defaultMessage: 'Search schools...' })}
          aria-label={intl.formatMessage({ id: 'schools.search', defaultMessage: 'Search schools' })}
          style={{ width: screens.sm ? 280 : '100%', marginBottom: 16 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {list.error ? (
          <LoadError message={list.error} onRetry={list.reload} />
        ) : screens.md ? (
          <Table<School>
            rowKey="id"
            loading={list.loading}
            dataSource={schools}
            locale={{ emptyText: empty }}
            pagination={{ pageSize: 25, hideOnSinglePage: true }}
            columns={[
              {
                title: <FormattedMessage id="schools.school" defaultMessage="School" />,
                key: 'name',
                render: (_: unknown, s) => (
                  <div>
                    <Typography.Link onClick={() => navigate(schoolPath(s))}>{s.name}</Typography.Link>
                    <div>
                      <Typography.Text type="secondary">{[s.country, s.ib_school_code].filter(Boolean).join(' · ')}</Typography.Text>
                    </div>
                  </div>
                ),
              },
              {
                title: <FormattedMessage id="schools.members" defaultMessage="Members" />,
                key: 'members',
                render: (_: unknown, s) => members(s),
              },
              {
                title: <FormattedMessage id="schools.students" defaultMessage="Students" />,
                key: 'students',
                render: (_: unknown, s) => s.counts.students,
              },
              {
                title: <FormattedMessage id="schools.classes" defaultMessage="Classes" />,
                key: 'classes',
                render: (_: unknown, s) => s.counts.classes,
              },
              {
                title: <FormattedMessage id="schools.actions" defaultMessage="Actions" />,
                key: 'actions',
                render: (_: unknown, s) => actions(s),
              },
            ]}
          />
        ) : list.loading && !list.data ? (
          <Card loading />
        ) : schools.length === 0 ? (
          empty
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {schools.map((s) => (
              <Card key={s.id} size="small" data-testid="school-card">
                <div style={{ fontWeight: 500 }}>{s.name}</div>
                <Typography.Text type="secondary">
                  <FormattedMessage
                    id="schools.counts"
                    defaultMessage="{members} members · {classes} classes"
                    values={{ members: members(s), classes: s.counts.classes }}
                  />
                </Typography.Text>
                <div style={{ marginTop: 8 }}>{actions(s)}</div>
              </Card>
            ))}
          </Space>
        )}
      </Card>
      {creating && (
        <CreateSchoolModal
          client={client}
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            message.success(`School ${s.name} created`);
            navigate(`${schoolPath(s)}/members`);
          }}
        />
      )}
      {granting && (
        <GrantCreditsModal
          client={client}
          school={granting}
          onClose={() => setGranting(null)}
          onGranted={(balance) => {
            message.success(
              intl.formatMessage(
                { id: 'schools.granted', defaultMessage: 'Credits granted: {name} has {balance} credits left' },
                { name: granting.name, balance },
              ),
            );
            setGranting(null);
          }}
        />
      )}
    </div>
  );
}

interface CreateValues {
  name: string;
  country?: string;
  ib_school_code?: string;
  time_zone?: string;
  email_domains?: string[];
}

function CreateSchoolModal({
  client,
  onClose,
  onCreated,
}: {
  client: CorestoneClient;
  onClose: () => void;
  onCreated: (s: School) => void;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<CreateValues>();
  return (
    <FormModal
      form={form}
      title={<FormattedMessage id="schools.newSchool" defaultMessage="New school" />}
      okText={<FormattedMessage id="schools.createSchool" defaultMessage="Create school" />}
      failure={intl.formatMessage({ id: 'schools.createFailed', defaultMessage: 'Failed to create the school' })}
      errorTestId="create-school-error"
      onSubmit={async (v) => {
        const country = v.country?.trim().toUpperCase();
        const code = v.ib_school_code?.trim();
        const tz = v.time_zone?.trim();
        const domains = (v.email_domains ?? []).map((d) => d.trim().toLowerCase()).filter(Boolean);
        onCreated(
          await client.schools.create({
            name: v.name.trim(),
            ...(country ? { country } : {}),
            ...(code ? { ib_school_code: code } : {}),
            ...(tz ? { time_zone: tz } : {}),
            ...(domains.length ? { email_domains: domains } : {}),
          }),
        );
      }}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={<FormattedMessage id="schools.name" defaultMessage="Name" />}
        rules={[{ required: true, whitespace: true, message: 'Please enter the school name' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="country"
        label={<FormattedMessage id="schools.country" defaultMessage="Country" />}
        extra={<FormattedMessage id="schools.twoLetterCodeEG" defaultMessage="Two-letter code, e.g. GB" />}
        rules={[{ pattern: /^[A-Za-z]{2}$/, message: 'Two letters, e.g. GB' }]}
      >
        <Input maxLength={2} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item
        name="ib_school_code"
        label={<FormattedMessage id="schools.ibSchoolCode" defaultMessage="IB school code" />}
        rules={[{ pattern: /^[A-Za-z0-9-]{1,20}$/, message: 'Letters, digits and dashes' }]}
      >
        <Input maxLength={20} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="time_zone"
        label={<FormattedMessage id="schools.timeZone" defaultMessage="Time zone" />}
        extra={<FormattedMessage id="schools.eGEuropeLondonDefault" defaultMessage="e.g. Europe/London (default UTC)" />}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="email_domains"
        label={<FormattedMessage id="schools.verifiedEMailDomains" defaultMessage="Verified e-mail domains" />}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          placeholder={intl.formatMessage({ id: 'school.domainExample', defaultMessage: 'e.g. school.org' })}
          open={false}
          suffixIcon={null}
        />
      </Form.Item>
    </FormModal>
  );
}

function GrantCreditsModal({
  client,
  school,
  onClose,
  onGranted,
}: {
  client: CorestoneClient;
  school: School;
  onClose: () => void;
  onGranted: (balance: number) => void;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<{ credits: number; note: string }>();
  return (
    <FormModal
      form={form}
      title={<FormattedMessage id="schools.grantTo" defaultMessage="Grant credits to {name}" values={{ name: school.name }} />}
      okText={<FormattedMessage id="schools.grant" defaultMessage="Grant" />}
      failure={intl.formatMessage({ id: 'schools.grantFailed', defaultMessage: 'Failed to grant the credits' })}
      errorTestId="grant-error"
      onSubmit={async (v) => {
        const res = await client.schools.grantCredits(school.id, v.credits, v.note.trim());
        onGranted(res.balance);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="credits"
        label={<FormattedMessage id="schools.credits" defaultMessage="Credits" />}
        rules={[{ required: true, message: 'Please enter how many credits' }]}
      >
        <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="note"
        label={<FormattedMessage id="schools.note" defaultMessage="Note" />}
        extra={<FormattedMessage id="schools.whyEGInvoice2027" defaultMessage={'Why, e.g. "invoice 2027-014"'} />}
        rules={[{ required: true, whitespace: true, message: 'Please enter a note' }]}
      >
        <Input maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
