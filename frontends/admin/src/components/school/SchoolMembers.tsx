import { useState } from 'react';
import { App, Button, Card, Empty, Form, Grid, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type CorestoneClient,
  type MembershipStatus,
  type School,
  type SchoolMember,
  type SchoolRole,
  type SessionUser,
} from '@corestone/sdk';
import { LoadError, useLoad } from '../common';
import { useBusy } from '../../hooks/useBusy';
import { useDebounced } from '../../lib/debounce';
import {
  MEMBER_ACTION_DONE,
  MEMBER_ACTION_LABELS,
  MEMBER_ACTION_STATUS,
  memberActions,
  SCHOOL_ROLE_COLORS,
  SCHOOL_ROLE_LABELS,
  SCHOOL_ROLE_OPTIONS,
  statusLabel,
  type MemberAction,
} from '../../lib/schools';
import { FormModal } from './FormModal';

/** Issue 32: how a member last signed in (auth's record), e.g. "Microsoft · 2 Mar 2031"; "Never" when not known. */
const SIGN_IN_METHOD_LABELS = { password: 'Password', google: 'Google', microsoft: 'Microsoft' } as const;
export function lastSignInText(m: SchoolMember): string {
  if (!m.last_sign_in) return 'Never';
  const when = new Date(m.last_sign_in.at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return `${SIGN_IN_METHOD_LABELS[m.last_sign_in.method]} · ${when}`;
}

const ROLE_FILTERS = [{ value: '', label: 'All roles' }, ...SCHOOL_ROLE_OPTIONS];
const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'deactivated', label: 'Deactivated' },
];

interface Ctx {
  client: CorestoneClient;
  user: SessionUser;
  school: School;
  schoolId: string;
}

/** Members: search, role and status filters, invite by e-mail, change the school role, deactivate/reactivate, approve. */
export function SchoolMembers({ client, user, schoolId }: Ctx) {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<SchoolRole | ''>('');
  const [status, setStatus] = useState<MembershipStatus | ''>('');
  const [inviting, setInviting] = useState(false);
  const q = useDebounced(search.trim());
  const list = useLoad(
    () => client.schools.members(schoolId, { search: q || undefined, role: role || undefined, status: status || undefined, limit: 500 }),
    [client, schoolId, q, role, status],
  );
  const { busy, run } = useBusy();

  const act = (m: SchoolMember, action: MemberAction) =>
    run(
      `${m.user_id}:${action}`,
      async () => {
        await client.schools.updateMember(schoolId, m.user_id, { status: MEMBER_ACTION_STATUS[action] });
        message.success(MEMBER_ACTION_DONE[action]);
        list.reload();
      },
      'Failed to update the member',
    );
  const changeRole = (m: SchoolMember, next: SchoolRole) =>
    run(
      `${m.user_id}:role`,
      async () => {
        await client.schools.updateMember(schoolId, m.user_id, { role: next });
        message.success(`${m.name} is now ${SCHOOL_ROLE_LABELS[next].toLowerCase()}`);
        list.reload();
      },
      'Failed to change the role',
    );

  const members = list.data?.members ?? [];
  const roleCell = (m: SchoolMember) =>
    m.user_id === user.id ? (
      <Tag color={SCHOOL_ROLE_COLORS[m.school_role]}>{SCHOOL_ROLE_LABELS[m.school_role]}</Tag>
    ) : (
      <Select
        size="small"
        aria-label={`School role of ${m.name}`}
        value={m.school_role}
        style={{ width: 140 }}
        loading={busy === `${m.user_id}:role`}
        options={SCHOOL_ROLE_OPTIONS}
        onChange={(v) => void changeRole(m, v)}
      />
    );
  const statusCell = (m: SchoolMember) => {
    const s = statusLabel(m);
    return <Tag color={s.color}>{s.text}</Tag>;
  };
  const actionsCell = (m: SchoolMember) => (
    <Space size={4} wrap>
      {memberActions(m, user.id).map((a) => (
        <Button
          key={a}
          size="small"
          type={a === 'approve' ? 'primary' : 'default'}
          danger={a === 'deactivate'}
          loading={busy === `${m.user_id}:${a}`}
          onClick={() => void act(m, a)}
        >
          {MEMBER_ACTION_LABELS[a]}
        </Button>
      ))}
    </Space>
  );
  const empty = <Empty description={q || role || status ? 'No members match these filters' : 'No members yet: invite the first one.'} />;

  return (
    <Card variant="borderless" data-testid="school-members" styles={{ body: { padding: screens.sm ? 24 : 12 } }}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search name or e-mail..."
            aria-label="Search members"
            style={{ width: screens.sm ? 260 : '100%' }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select aria-label="Role filter" style={{ width: 140 }} value={role} onChange={setRole} options={ROLE_FILTERS} />
          <Select aria-label="Status filter" style={{ width: 140 }} value={status} onChange={setStatus} options={STATUS_FILTERS} />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
          Invite member
        </Button>
      </Space>
      {list.error ? (
        <LoadError message={list.error} onRetry={list.reload} />
      ) : screens.lg ? (
        <Table
          rowKey="user_id"
          loading={list.loading}
          dataSource={members}
          locale={{ emptyText: empty }}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          columns={[
            {
              title: 'Member',
              key: 'member',
              render: (_: unknown, m: SchoolMember) => (
                <div>
                  <div style={{ fontWeight: 500 }}>{m.name}</div>
                  <Typography.Text type="secondary">{m.email}</Typography.Text>
                </div>
              ),
            },
            { title: 'School role', key: 'role', render: (_: unknown, m: SchoolMember) => roleCell(m) },
            { title: 'Status', key: 'status', render: (_: unknown, m: SchoolMember) => statusCell(m) },
            { title: 'Joined by', key: 'joined', render: (_: unknown, m: SchoolMember) => m.joined_by.replace('_', ' ') },
            { title: 'Last sign-in', key: 'last_sign_in', render: (_: unknown, m: SchoolMember) => lastSignInText(m) },
            { title: 'Actions', key: 'actions', render: (_: unknown, m: SchoolMember) => actionsCell(m) },
          ]}
        />
      ) : list.loading && !list.data ? (
        <Card loading />
      ) : members.length === 0 ? (
        empty
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} role="list" aria-label="Members">
          {members.map((m) => (
            <Card key={m.user_id} size="small" role="listitem" data-testid="school-member-card">
              <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{m.name}</div>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {m.email}
              </Typography.Text>
              <div style={{ margin: '8px 0', display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                {roleCell(m)} {statusCell(m)}
              </div>
              <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
                Last sign-in: {lastSignInText(m)}
              </Typography.Text>
              {actionsCell(m)}
            </Card>
          ))}
        </Space>
      )}
      {list.data && list.data.total > members.length && (
        <Typography.Text type="secondary">
          Showing {members.length} of {list.data.total} members: search to find the others.
        </Typography.Text>
      )}
      {inviting && (
        <InviteModal
          client={client}
          schoolId={schoolId}
          onClose={() => setInviting(false)}
          onDone={(text) => {
            setInviting(false);
            message.success(text);
            list.reload();
          }}
        />
      )}
    </Card>
  );
}

function InviteModal({
  client,
  schoolId,
  onClose,
  onDone,
}: {
  client: CorestoneClient;
  schoolId: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form] = Form.useForm<{ email: string; name: string; role: SchoolRole }>();
  return (
    <FormModal
      form={form}
      title="Invite member"
      okText="Send invitation"
      failure="Failed to invite the member"
      errorTestId="invite-error"
      initialValues={{ role: 'student' }}
      onSubmit={async (v) => {
        const res = await client.schools.addMember(schoolId, { email: v.email.trim(), name: v.name.trim(), role: v.role });
        onDone(
          res.account_created
            ? `Invitation sent: ${res.member.email} will receive an e-mail to set a password.`
            : `${res.member.email} has an account: they join once they accept the invitation.`,
        );
      }}
      onClose={onClose}
    >
      <Form.Item
        name="email"
        label="E-mail"
        rules={[
          { required: true, message: 'Please enter an e-mail address' },
          { type: 'email', message: 'Please enter a valid e-mail address' },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="role" label="School role">
        <Select options={SCHOOL_ROLE_OPTIONS} />
      </Form.Item>
    </FormModal>
  );
}
