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
  schoolRoleOptions,
  statusLabel,
  type MemberAction,
} from '../../lib/schools';
import { FormModal } from './FormModal';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';

/** Issue 32: how a member last signed in (auth's record), e.g. "Microsoft · 2 Mar 2031"; "Never" when not known. */
const SIGN_IN_METHOD_LABELS = { password: 'Password', google: 'Google', microsoft: 'Microsoft' } as const;
export function lastSignInText(m: SchoolMember, intl: IntlShape): string {
  if (!m.last_sign_in) return intl.formatMessage({ id: 'members.never', defaultMessage: 'Never' });
  const when = new Date(m.last_sign_in.at).toLocaleDateString(intl.locale === 'en' ? 'en-GB' : intl.locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const method =
    m.last_sign_in.method === 'password'
      ? intl.formatMessage({ id: 'members.password', defaultMessage: 'Password' })
      : SIGN_IN_METHOD_LABELS[m.last_sign_in.method];
  return `${method} · ${when}`;
}

const JOINED_BY = defineMessages({
  invitation: { id: 'members.joinedBy.invitation', defaultMessage: 'invitation' },
  join_code: { id: 'members.joinedBy.joinCode', defaultMessage: 'join code' },
  email_domain: { id: 'members.joinedBy.emailDomain', defaultMessage: 'email domain' },
  roster: { id: 'members.joinedBy.roster', defaultMessage: 'roster' },
}) satisfies Record<SchoolMember['joined_by'], unknown>;

const filters = (intl: IntlShape) => ({
  roles: [{ value: '', label: intl.formatMessage({ id: 'members.allRoles', defaultMessage: 'All roles' }) }, ...schoolRoleOptions(intl)],
  statuses: [
    { value: '', label: intl.formatMessage({ id: 'members.anyStatus', defaultMessage: 'Any status' }) },
    { value: 'active', label: intl.formatMessage({ id: 'members.active', defaultMessage: 'Active' }) },
    { value: 'pending', label: intl.formatMessage({ id: 'members.pending', defaultMessage: 'Pending' }) },
    { value: 'deactivated', label: intl.formatMessage({ id: 'members.deactivated', defaultMessage: 'Deactivated' }) },
  ],
});

interface Ctx {
  client: CorestoneClient;
  user: SessionUser;
  school: School;
  schoolId: string;
}

/** Members: search, role and status filters, invite by e-mail, change the school role, deactivate/reactivate, approve. */
export function SchoolMembers({ client, user, schoolId }: Ctx) {
  const { message } = App.useApp();
  const intl = useIntl();
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
        message.success(intl.formatMessage(MEMBER_ACTION_DONE[action]));
        list.reload();
      },
      intl.formatMessage({ id: 'members.updateFailed', defaultMessage: 'Failed to update the member' }),
    );
  const changeRole = (m: SchoolMember, next: SchoolRole) =>
    run(
      `${m.user_id}:role`,
      async () => {
        await client.schools.updateMember(schoolId, m.user_id, { role: next });
        message.success(
          intl.formatMessage(
            { id: 'members.roleChanged', defaultMessage: '{name} is now {role}' },
            { name: m.name, role: intl.formatMessage(SCHOOL_ROLE_LABELS[next]).toLowerCase() },
          ),
        );
        list.reload();
      },
      intl.formatMessage({ id: 'members.roleFailed', defaultMessage: 'Failed to change the role' }),
    );

  const members = list.data?.members ?? [];
  const roleCell = (m: SchoolMember) =>
    m.user_id === user.id ? (
      <Tag color={SCHOOL_ROLE_COLORS[m.school_role]}>{intl.formatMessage(SCHOOL_ROLE_LABELS[m.school_role])}</Tag>
    ) : (
      <Select
        size="small"
        aria-label={intl.formatMessage({ id: 'members.roleOf', defaultMessage: 'School role of {name}' }, { name: m.name })}
        value={m.school_role}
        style={{ width: 140 }}
        loading={busy === `${m.user_id}:role`}
        options={schoolRoleOptions(intl)}
        onChange={(v) => void changeRole(m, v)}
      />
    );
  const statusCell = (m: SchoolMember) => {
    const s = statusLabel(m, intl);
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
          {intl.formatMessage(MEMBER_ACTION_LABELS[a])}
        </Button>
      ))}
    </Space>
  );
  const empty = (
    <Empty
      description={
        q || role || status ? (
          <FormattedMessage id="members.noMatch" defaultMessage="No members match these filters" />
        ) : (
          <FormattedMessage id="members.noneYet" defaultMessage="No members yet: invite the first one." />
        )
      }
    />
  );
  const { roles, statuses } = filters(intl);

  return (
    <Card variant="borderless" data-testid="school-members" styles={{ body: { padding: screens.sm ? 24 : 12 } }}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={intl.formatMessage({ id: 'members.searchPlaceholder', defaultMessage: 'Search name or e-mail...' })}
            aria-label={intl.formatMessage({ id: 'members.search', defaultMessage: 'Search members' })}
            style={{ width: screens.sm ? 260 : '100%' }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select
            aria-label={intl.formatMessage({ id: 'members.roleFilter', defaultMessage: 'Role filter' })}
            style={{ width: 140 }}
            value={role}
            onChange={setRole}
            options={roles}
          />
          <Select
            aria-label={intl.formatMessage({ id: 'members.statusFilter', defaultMessage: 'Status filter' })}
            style={{ width: 140 }}
            value={status}
            onChange={setStatus}
            options={statuses}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
          <FormattedMessage id="members.inviteMember" defaultMessage="Invite member" />
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
              title: <FormattedMessage id="members.member" defaultMessage="Member" />,
              key: 'member',
              render: (_: unknown, m: SchoolMember) => (
                <div>
                  <div style={{ fontWeight: 500 }}>{m.name}</div>
                  <Typography.Text type="secondary">{m.email}</Typography.Text>
                </div>
              ),
            },
            {
              title: <FormattedMessage id="members.schoolRole" defaultMessage="School role" />,
              key: 'role',
              render: (_: unknown, m: SchoolMember) => roleCell(m),
            },
            {
              title: <FormattedMessage id="members.status" defaultMessage="Status" />,
              key: 'status',
              render: (_: unknown, m: SchoolMember) => statusCell(m),
            },
            {
              title: <FormattedMessage id="members.joinedBy" defaultMessage="Joined by" />,
              key: 'joined',
              render: (_: unknown, m: SchoolMember) => intl.formatMessage(JOINED_BY[m.joined_by]),
            },
            {
              title: <FormattedMessage id="members.lastSignIn" defaultMessage="Last sign-in" />,
              key: 'last_sign_in',
              render: (_: unknown, m: SchoolMember) => lastSignInText(m, intl),
            },
            {
              title: <FormattedMessage id="members.actions" defaultMessage="Actions" />,
              key: 'actions',
              render: (_: unknown, m: SchoolMember) => actionsCell(m),
            },
          ]}
        />
      ) : list.loading && !list.data ? (
        <Card loading />
      ) : members.length === 0 ? (
        empty
      ) : (
        <Space
          orientation="vertical"
          style={{ width: '100%' }}
          role="list"
          aria-label={intl.formatMessage({ id: 'members.members', defaultMessage: 'Members' })}
        >
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
                <FormattedMessage
                  id="members.lastSignInLine"
                  defaultMessage="Last sign-in: {when}"
                  values={{ when: lastSignInText(m, intl) }}
                />
              </Typography.Text>
              {actionsCell(m)}
            </Card>
          ))}
        </Space>
      )}
      {list.data && list.data.total > members.length && (
        <Typography.Text type="secondary">
          <FormattedMessage
            id="members.showing"
            defaultMessage="Showing {shown} of {total} members: search to find the others."
            values={{ shown: members.length, total: list.data.total }}
          />
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
  const intl = useIntl();
  const [form] = Form.useForm<{ email: string; name: string; role: SchoolRole }>();
  return (
    <FormModal
      form={form}
      title={<FormattedMessage id="members.inviteMember" defaultMessage="Invite member" />}
      okText={<FormattedMessage id="members.sendInvitation" defaultMessage="Send invitation" />}
      failure={intl.formatMessage({ id: 'members.inviteFailed', defaultMessage: 'Failed to invite the member' })}
      errorTestId="invite-error"
      initialValues={{ role: 'student' }}
      onSubmit={async (v) => {
        const res = await client.schools.addMember(schoolId, { email: v.email.trim(), name: v.name.trim(), role: v.role });
        onDone(
          res.account_created
            ? intl.formatMessage(
                { id: 'members.invitedNew', defaultMessage: 'Invitation sent: {email} will receive an e-mail to set a password.' },
                { email: res.member.email },
              )
            : intl.formatMessage(
                { id: 'members.invitedExisting', defaultMessage: '{email} has an account: they join once they accept the invitation.' },
                { email: res.member.email },
              ),
        );
      }}
      onClose={onClose}
    >
      <Form.Item
        name="email"
        label={<FormattedMessage id="members.eMail" defaultMessage="E-mail" />}
        rules={[
          {
            required: true,
            message: intl.formatMessage({ id: 'members.emailRequired', defaultMessage: 'Please enter an e-mail address' }),
          },
          {
            type: 'email',
            message: intl.formatMessage({ id: 'members.emailInvalid', defaultMessage: 'Please enter a valid e-mail address' }),
          },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={<FormattedMessage id="members.name" defaultMessage="Name" />}
        rules={[
          {
            required: true,
            whitespace: true,
            message: intl.formatMessage({ id: 'members.nameRequired', defaultMessage: 'Please enter a name' }),
          },
        ]}
      >
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="role" label={<FormattedMessage id="members.schoolRole" defaultMessage="School role" />}>
        <Select options={schoolRoleOptions(intl)} />
      </Form.Item>
    </FormModal>
  );
}
