import { useState } from 'react';
import { Avatar, Button, Card, Col, Empty, Grid, Input, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined, PlusOutlined, SearchOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { initialsAvatar, normalizeRole, ROLE_COLORS, roleLabel, type RemoteAppProps, type Role, type User } from '@corestone/sdk';
import { ClassImport } from '../components/ClassImport';
import { Counter, LoadError, PageHeader } from '../components/common';
import { EditDeleteButtons } from '../components/rowActions';
import { UserModal } from '../components/users/UserModal';
import { useUsers } from '../hooks/useUsers';
import { useDebounced } from '../lib/debounce';
import { userManagementRights } from '../lib/roles';
import { formatDate } from '../lib/text';

const ROLE_FILTERS = [
  { value: '', label: 'All Roles' },
  { value: 'student', label: 'Students' },
  { value: 'teacher', label: 'Teachers' },
  { value: 'admin', label: 'Admins' },
  { value: 'super_admin', label: 'Super Admins' },
];

export function Users({ client, user }: RemoteAppProps) {
  const screens = Grid.useBreakpoint();
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
          {u.is_active ? 'Deactivate' : 'Activate'}
        </Button>
        <EditDeleteButtons
          name={u.email}
          onEdit={() => setEditing(u)}
          confirmTitle="Delete this user?"
          confirmText="Their account and sign-in are removed. This cannot be undone."
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
          {u.name} {!u.is_active && <Tag>Inactive</Tag>}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {u.email}
        </Typography.Text>
      </div>
    </Space>
  );
  const roleTag = (u: User) => <Tag color={ROLE_COLORS[normalizeRole(u.role)]}>{roleLabel(normalizeRole(u.role))}</Tag>;
  const empty = <Empty description={query || role ? 'No users match your search criteria.' : 'No users found'} />;

  return (
    <div data-testid="admin-users">
      <PageHeader
        title="User Management"
        subtitle="Accounts, roles, access and essay credits"
        extra={
          <>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add User
            </Button>
          </>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Counter testId="count-users" title="Total Users" value={counters.total} />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Students" value={counters.students} color="#16a34a" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Teachers" value={counters.teachers} color="#2563eb" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Admins" value={counters.admins} color="#7c3aed" />
        </Col>
      </Row>
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search users..."
            aria-label="Search users"
            style={{ width: 280 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select aria-label="Role filter" style={{ width: 160 }} value={role} onChange={setRole} options={ROLE_FILTERS} />
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
              { title: 'User', key: 'user', render: (_: unknown, u: User) => who(u) },
              { title: 'Role', key: 'role', render: (_: unknown, u: User) => roleTag(u) },
              {
                title: 'Credits',
                key: 'credits',
                render: (_: unknown, u: User) => (u.max_essay_credits === -1 ? 'Unlimited' : `${u.essay_credits} / ${u.max_essay_credits}`),
              },
              { title: 'Joined', key: 'joined', render: (_: unknown, u: User) => formatDate(u.created_at) },
              { title: 'Actions', key: 'actions', render: (_: unknown, u: User) => actions(u) },
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
                  {roleTag(u)} <Typography.Text type="secondary">Joined {formatDate(u.created_at)}</Typography.Text>
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
