import { useState } from 'react';
import { Avatar, Button, Card, Col, Empty, Grid, Input, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined, PlusOutlined, SearchOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { initialsAvatar, normalizeRole, ROLE_COLORS, type RemoteAppProps, type Role, type User } from '@corestone/sdk';
import { ClassImport } from '../components/ClassImport';
import { Counter, LoadError, PageHeader } from '../components/common';
import { EditDeleteButtons } from '../components/rowActions';
import { UserModal } from '../components/users/UserModal';
import { useUsers } from '../hooks/useUsers';
import { useDebounced } from '../lib/debounce';
import { ROLE_NAMES, userManagementRights } from '../lib/roles';
import { formatDate } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

const ROLE_FILTERS = [
  { value: '', label: { id: 'users.filter.all', defaultMessage: 'All Roles' } },
  { value: 'student', label: { id: 'users.filter.students', defaultMessage: 'Students' } },
  { value: 'teacher', label: { id: 'users.filter.teachers', defaultMessage: 'Teachers' } },
  { value: 'admin', label: { id: 'users.filter.admins', defaultMessage: 'Admins' } },
  { value: 'super_admin', label: { id: 'users.filter.superAdmins', defaultMessage: 'Super Admins' } },
];

export function Users({ client, user }: RemoteAppProps) {
  const screens = Grid.useBreakpoint();
  const intl = useIntl();
  const rights = userManagementRights(user);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const query = useDebounced(search.trim(), 300);
  const { list, counters, reload, toggle, remove } = useUsers(client, query, role);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  const actions = (u: User) => {
    if (!rights.mayManage(u, user.id)) return <Typography.Text type="secondary">—</Typography.Text>;
    return (
      <Space size={4}>
        <Button size="small" icon={u.is_active ? <StopOutlined /> : <CheckCircleOutlined />} onClick={() => toggle(u)}>
          {u.is_active ? (
            <FormattedMessage id="users.deactivate" defaultMessage="Deactivate" />
          ) : (
            <FormattedMessage id="users.activate" defaultMessage="Activate" />
          )}
        </Button>
        <EditDeleteButtons
          name={u.email}
          onEdit={() => setEditing(u)}
          confirmTitle={intl.formatMessage({ id: 'users.deleteTitle', defaultMessage: 'Delete this user?' })}
          confirmText={intl.formatMessage({
            id: 'users.deleteText',
            defaultMessage: 'Their account and sign-in are removed. This cannot be undone.',
          })}
          onDelete={() => remove(u)}
        />
      </Space>
    );
  };

  const who = (u: User) => (
    <Space>
      <Avatar src={u.avatar || initialsAvatar(u.name)} alt="" />
      <div>
        <div style={{ fontWeight: 500 }}>
          {u.name}{' '}
          {!u.is_active && (
            <Tag>
              <FormattedMessage id="users.inactive" defaultMessage="Inactive" />
            </Tag>
          )}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {u.email}
        </Typography.Text>
      </div>
    </Space>
  );
  const roleTag = (u: User) => (
    <Tag color={ROLE_COLORS[normalizeRole(u.role)]}>{intl.formatMessage(ROLE_NAMES[normalizeRole(u.role)])}</Tag>
  );
  const empty = (
    <Empty
      description={
        query || role ? (
          <FormattedMessage id="users.noMatch" defaultMessage="No users match your search criteria." />
        ) : (
          <FormattedMessage id="users.noneFound" defaultMessage="No users found" />
        )
      }
    />
  );

  return (
    <div data-testid="admin-users">
      <PageHeader
        title={<FormattedMessage id="users.userManagement" defaultMessage="User Management" />}
        subtitle={<FormattedMessage id="users.accountsRolesAccessAndEssay" defaultMessage="Accounts, roles, access and essay credits" />}
        extra={
          <>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              <FormattedMessage id="users.importCsv" defaultMessage="Import CSV" />
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              <FormattedMessage id="users.addUser" defaultMessage="Add User" />
            </Button>
          </>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Counter
            testId="count-users"
            title={<FormattedMessage id="users.totalUsers" defaultMessage="Total Users" />}
            value={counters.total}
          />
        </Col>
        <Col xs={12} md={6}>
          <Counter title={<FormattedMessage id="users.students" defaultMessage="Students" />} value={counters.students} color="#16a34a" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title={<FormattedMessage id="users.teachers" defaultMessage="Teachers" />} value={counters.teachers} color="#2563eb" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title={<FormattedMessage id="users.admins" defaultMessage="Admins" />} value={counters.admins} color="#7c3aed" />
        </Col>
      </Row>
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={intl.formatMessage({ id: 'users.searchPlaceholder', defaultMessage: 'Search users...' })}
            aria-label={intl.formatMessage({ id: 'users.search', defaultMessage: 'Search users' })}
            style={{ width: 280 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select
            aria-label={intl.formatMessage({ id: 'users.roleFilter', defaultMessage: 'Role filter' })}
            style={{ width: 160 }}
            value={role}
            onChange={setRole}
            options={ROLE_FILTERS.map((o) => ({ value: o.value, label: intl.formatMessage(o.label) }))}
          />
        </Space>
        {list.error ? (
          <LoadError message={list.error} onRetry={reload} />
        ) : screens.lg ? (
          <Table
            rowKey="id"
            loading={list.loading}
            dataSource={list.users}
            locale={{ emptyText: empty }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: <FormattedMessage id="users.user" defaultMessage="User" />, key: 'user', render: (_: unknown, u: User) => who(u) },
              {
                title: <FormattedMessage id="users.role" defaultMessage="Role" />,
                key: 'role',
                render: (_: unknown, u: User) => roleTag(u),
              },
              {
                title: <FormattedMessage id="users.credits" defaultMessage="Credits" />,
                key: 'credits',
                render: (_: unknown, u: User) =>
                  u.max_essay_credits === -1
                    ? intl.formatMessage({ id: 'users.unlimited', defaultMessage: 'Unlimited' })
                    : `${u.essay_credits} / ${u.max_essay_credits}`,
              },
              {
                title: <FormattedMessage id="users.joined" defaultMessage="Joined" />,
                key: 'joined',
                render: (_: unknown, u: User) => formatDate(u.created_at),
              },
              {
                title: <FormattedMessage id="users.actions" defaultMessage="Actions" />,
                key: 'actions',
                render: (_: unknown, u: User) => actions(u),
              },
            ]}
          />
        ) : list.users.length === 0 && !list.loading ? (
          empty
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {list.users.map((u) => (
              <Card key={u.id} size="small">
                {who(u)}
                <div style={{ margin: '8px 0' }}>
                  {roleTag(u)}{' '}
                  <Typography.Text type="secondary">
                    <FormattedMessage id="users.joinedOn" defaultMessage="Joined {date}" values={{ date: formatDate(u.created_at) }} />
                  </Typography.Text>
                </div>
                {actions(u)}
              </Card>
            ))}
          </Space>
        )}
      </Card>
      {importing && <ClassImport client={client} roles={rights.creatableRoles} onClose={() => setImporting(false)} onDone={reload} />}
      {editing && (
        <UserModal
          client={client}
          target={editing === 'new' ? null : editing}
          rights={rights}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
    </div>
  );
}
