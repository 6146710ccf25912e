import { useEffect, useState } from 'react';
import {
  App,
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { KeyOutlined, PlusOutlined, UploadOutlined, SearchOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import {
  errorMessage,
  initialsAvatar,
  normalizeRole,
  ROLE_COLORS,
  roleLabel,
  type RemoteAppProps,
  type Role,
  type User,
} from '@corestone/sdk';
import { Counter, LoadError, PageHeader } from '../components/common';
import { EditDeleteButtons } from '../components/rowActions';
import { ClassImport } from '../components/ClassImport';
import { ReadOnlyChoice, ReadOnlyInput } from '../components/readOnly';
import { useDebounced } from '../lib/debounce';
import { generatePassword } from '../lib/password';
import { userManagementRights } from '../lib/roles';
import { formatDate } from '../lib/text';

const ROLE_FILTERS = [
  { value: '', label: 'All Roles' },
  { value: 'student', label: 'Students' },
  { value: 'teacher', label: 'Teachers' },
  { value: 'admin', label: 'Admins' },
  { value: 'super_admin', label: 'Super Admins' },
];

/** Credits: integers ≥ 0; bad input → 0 for current credits, 1 for the maximum (spec §2). */
export function creditValue(v: unknown, fallback: 0 | 1): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** Counters: Admins counts admin and super_admin. */
export function userCounters(users: Pick<User, 'role'>[]) {
  return {
    total: users.length,
    students: users.filter((u) => u.role === 'student').length,
    teachers: users.filter((u) => u.role === 'teacher').length,
    admins: users.filter((u) => u.role === 'admin' || u.role === 'super_admin').length,
  };
}

export function Users({ client, user }: RemoteAppProps) {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const rights = userManagementRights(user);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const query = useDebounced(search.trim(), 300);
  const [all, setAll] = useState<User[]>([]);
  const [list, setList] = useState<{ users: User[]; loading: boolean; error?: string }>({ users: [], loading: true });
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    let alive = true;
    setList((s) => ({ ...s, loading: true, error: undefined }));
    client.users.list({ search: query || undefined, role: role || undefined, limit: 1000 }).then(
      (r) => alive && setList({ users: r.users, loading: false }),
      (e) => alive && setList({ users: [], loading: false, error: errorMessage(e, 'Failed to load users') }),
    );
    return () => {
      alive = false;
    };
  }, [client, query, role, tick]);

  useEffect(() => {
    client.users.list({ limit: 1000 }).then(
      (r) => setAll(r.users),
      () => undefined,
    );
  }, [client, tick]);

  const reload = () => setTick((n) => n + 1);
  const counters = userCounters(all);

  const toggle = async (u: User) => {
    try {
      await client.users.setActive(u.id, !u.is_active);
      message.success(u.is_active ? 'User deactivated' : 'User activated');
      reload();
    } catch (e) {
      message.error(errorMessage(e, 'Failed to update user status'));
    }
  };
  const remove = async (u: User) => {
    try {
      await client.users.remove(u.id);
      message.success('User deleted');
      reload();
    } catch (e) {
      message.error(errorMessage(e, 'Failed to delete user'));
    }
  };

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

interface FormValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  user_type: Role;
  essay_credits: number;
  max_essay_credits: number;
  unlimited: boolean;
  personas: string;
}

function UserModal({
  client,
  target,
  rights,
  onClose,
  onSaved,
}: {
  client: RemoteAppProps['client'];
  target: User | null;
  rights: ReturnType<typeof userManagementRights>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const creating = target === null;

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(onClose, 1500);
    return () => clearTimeout(t);
  }, [success, onClose]);

  const roleOptions = (
    creating || !rights.mayChangeRole ? rights.creatableRoles : (['student', 'teacher', 'admin', 'super_admin'] as const)
  ).map((r) => ({ value: r, label: roleLabel(normalizeRole(r)) }));

  const submit = async () => {
    setError(null);
    const v = form.getFieldsValue(true) as FormValues;
    if (creating && (!v.email?.trim() || !v.password)) return setError('Email and password are required');
    if (creating && (!v.first_name?.trim() || !v.last_name?.trim() || !v.user_type)) return setError('All fields are required');
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const credits = creditValue(v.essay_credits, 0);
    const max = v.unlimited ? -1 : creditValue(v.max_essay_credits, 1);
    setBusy(true);
    try {
      if (creating) {
        try {
          await client.users.create({
            first_name: v.first_name.trim(),
            last_name: v.last_name.trim(),
            email: v.email.trim(),
            password: v.password,
            user_type: v.user_type,
            essay_credits: credits,
            max_essay_credits: max,
          });
        } catch (e) {
          throw new Error(errorMessage(e, 'Failed to create user'), { cause: e });
        }
        setSuccess('User created successfully');
      } else {
        try {
          await client.users.update(target.id, { first_name: v.first_name.trim(), last_name: v.last_name.trim() });
          if (rights.mayChangeRole && v.user_type !== target.role) await client.users.setRole(target.id, v.user_type);
        } catch (e) {
          throw new Error(errorMessage(e, 'Failed to update user'), { cause: e });
        }
        try {
          if (credits !== target.essay_credits || max !== target.max_essay_credits) await client.users.setCredits(target.id, credits, max);
        } catch (e) {
          throw new Error(errorMessage(e, 'Failed to update user credits'), { cause: e });
        }
        const personas = v.personas
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        if (personas.join(',') !== target.assigned_personas.join(',')) await client.users.setPersonas(target.id, personas);
        setSuccess('User updated successfully');
      }
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={creating ? 'Add User' : 'Edit User'}
      okText={creating ? 'Create User' : 'Save Changes'}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ disabled: Boolean(success) }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          first_name: target?.first_name ?? '',
          last_name: target?.last_name ?? '',
          email: target?.email ?? '',
          password: '',
          user_type: target?.role ?? 'student',
          essay_credits: target ? Math.max(0, target.essay_credits) : 1,
          max_essay_credits: target && target.max_essay_credits !== -1 ? target.max_essay_credits : 1,
          unlimited: target?.max_essay_credits === -1,
          personas: target?.assigned_personas.join(', ') ?? '',
        }}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              label="First Name"
              name="first_name"
              rules={[{ required: true, whitespace: true, message: 'First name is required' }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Last Name" name="last_name" rules={[{ required: true, whitespace: true, message: 'Last name is required' }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Email"
          name="email"
          rules={creating ? [{ type: 'email', message: 'Please enter a valid email' }] : []}
          extra={creating ? undefined : 'Email cannot be changed.'}
        >
          {creating ? <Input type="email" /> : <ReadOnlyInput type="email" />}
        </Form.Item>
        {creating && (
          <Form.Item label="Password" extra="Minimum 6 characters">
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="password" noStyle>
                <Input.Password aria-label="Password" autoComplete="new-password" />
              </Form.Item>
              <Button icon={<KeyOutlined />} onClick={() => form.setFieldValue('password', generatePassword())}>
                Generate
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item
          label="Role"
          name="user_type"
          extra={!creating && !rights.mayChangeRole ? 'Only a super admin can change roles.' : undefined}
        >
          {!creating && !rights.mayChangeRole ? (
            <ReadOnlyChoice aria-label="Role" options={roleOptions} />
          ) : (
            <Select aria-label="Role" options={roleOptions} />
          )}
        </Form.Item>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item label="Essay credits" name="essay_credits">
              <InputNumber aria-label="Essay credits" min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="Max credits" name="max_essay_credits">
              <InputNumber aria-label="Max credits" min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="Unlimited" name="unlimited" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {!creating && (
          <Form.Item label="Assigned personas" name="personas" extra="Comma-separated">
            <Input />
          </Form.Item>
        )}
      </Form>
      {error && (
        <Typography.Text type="danger" data-testid="user-form-error">
          {error}
        </Typography.Text>
      )}
      {success && (
        <Typography.Text type="success" data-testid="user-form-success">
          {success}
        </Typography.Text>
      )}
    </Modal>
  );
}
