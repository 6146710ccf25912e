import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { errorMessage, normalizeRole, type RemoteAppProps, type Role, type User } from '@corestone/sdk';
import { ReadOnlyChoice, ReadOnlyInput } from '../readOnly';
import { generatePassword } from '../../lib/password';
import { ROLE_NAMES, userManagementRights } from '../../lib/roles';
import { creditValue } from '../../lib/users';
import { FormattedMessage, useIntl } from 'react-intl';

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

/** Add a user, or edit one: name, role (as the rights allow), credits, personas, API key. */
export function UserModal({
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
  const intl = useIntl();
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
  ).map((r) => ({ value: r, label: intl.formatMessage(ROLE_NAMES[normalizeRole(r)]) }));

  const submit = async () => {
    setError(null);
    const v = form.getFieldsValue(true) as FormValues;
    if (creating && (!v.email?.trim() || !v.password))
      return setError(intl.formatMessage({ id: 'userModal.emailPasswordRequired', defaultMessage: 'Email and password are required' }));
    if (creating && (!v.first_name?.trim() || !v.last_name?.trim() || !v.user_type))
      return setError(intl.formatMessage({ id: 'userModal.allFieldsRequired', defaultMessage: 'All fields are required' }));
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
          throw new Error(
            errorMessage(e, intl.formatMessage({ id: 'userModal.failedToCreate', defaultMessage: 'Failed to create user' })),
            { cause: e },
          );
        }
        setSuccess(intl.formatMessage({ id: 'userModal.created', defaultMessage: 'User created successfully' }));
      } else {
        try {
          await client.users.update(target.id, { first_name: v.first_name.trim(), last_name: v.last_name.trim() });
          if (rights.mayChangeRole && v.user_type !== target.role) await client.users.setRole(target.id, v.user_type);
        } catch (e) {
          throw new Error(
            errorMessage(e, intl.formatMessage({ id: 'userModal.failedToUpdate', defaultMessage: 'Failed to update user' })),
            { cause: e },
          );
        }
        try {
          if (credits !== target.essay_credits || max !== target.max_essay_credits) await client.users.setCredits(target.id, credits, max);
        } catch (e) {
          throw new Error(
            errorMessage(e, intl.formatMessage({ id: 'userModal.failedToUpdateCredits', defaultMessage: 'Failed to update user credits' })),
            { cause: e },
          );
        }
        const personas = v.personas
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        if (personas.join(',') !== target.assigned_personas.join(',')) await client.users.setPersonas(target.id, personas);
        setSuccess(intl.formatMessage({ id: 'userModal.updated', defaultMessage: 'User updated successfully' }));
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
      title={
        creating
          ? intl.formatMessage({ id: 'userModal.addUser', defaultMessage: 'Add User' })
          : intl.formatMessage({ id: 'userModal.editUser', defaultMessage: 'Edit User' })
      }
      okText={
        creating
          ? intl.formatMessage({ id: 'userModal.createUser', defaultMessage: 'Create User' })
          : intl.formatMessage({ id: 'userModal.saveChanges', defaultMessage: 'Save Changes' })
      }
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
              label={<FormattedMessage id="userModal.firstName" defaultMessage="First Name" />}
              name="first_name"
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: intl.formatMessage({ id: 'userModal.firstNameRequired', defaultMessage: 'First name is required' }),
                },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={<FormattedMessage id="userModal.lastName" defaultMessage="Last Name" />}
              name="last_name"
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: intl.formatMessage({ id: 'userModal.lastNameRequired', defaultMessage: 'Last name is required' }),
                },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={<FormattedMessage id="userModal.email" defaultMessage="Email" />}
          name="email"
          rules={
            creating
              ? [
                  {
                    type: 'email',
                    message: intl.formatMessage({ id: 'userModal.validEmail', defaultMessage: 'Please enter a valid email' }),
                  },
                ]
              : []
          }
          extra={creating ? undefined : <FormattedMessage id="userModal.emailCannotChange" defaultMessage="Email cannot be changed." />}
        >
          {creating ? <Input type="email" /> : <ReadOnlyInput type="email" />}
        </Form.Item>
        {creating && (
          <Form.Item
            label={<FormattedMessage id="userModal.password" defaultMessage="Password" />}
            extra={<FormattedMessage id="userModal.minimum6Characters" defaultMessage="Minimum 6 characters" />}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="password" noStyle>
                <Input.Password
                  aria-label={intl.formatMessage({ id: 'userModal.password', defaultMessage: 'Password' })}
                  autoComplete="new-password"
                />
              </Form.Item>
              <Button icon={<KeyOutlined />} onClick={() => form.setFieldValue('password', generatePassword())}>
                <FormattedMessage id="userModal.generate" defaultMessage="Generate" />
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item
          label={<FormattedMessage id="userModal.role" defaultMessage="Role" />}
          name="user_type"
          extra={
            !creating && !rights.mayChangeRole ? (
              <FormattedMessage id="userModal.superAdminRoles" defaultMessage="Only a super admin can change roles." />
            ) : undefined
          }
        >
          {!creating && !rights.mayChangeRole ? (
            <ReadOnlyChoice aria-label={intl.formatMessage({ id: 'userModal.role', defaultMessage: 'Role' })} options={roleOptions} />
          ) : (
            <Select aria-label={intl.formatMessage({ id: 'userModal.role', defaultMessage: 'Role' })} options={roleOptions} />
          )}
        </Form.Item>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item label={<FormattedMessage id="userModal.essayCredits" defaultMessage="Essay credits" />} name="essay_credits">
              <InputNumber
                aria-label={intl.formatMessage({ id: 'userModal.essayCredits', defaultMessage: 'Essay credits' })}
                min={0}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label={<FormattedMessage id="userModal.maxCredits" defaultMessage="Max credits" />} name="max_essay_credits">
              <InputNumber
                aria-label={intl.formatMessage({ id: 'userModal.maxCredits', defaultMessage: 'Max credits' })}
                min={0}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<FormattedMessage id="userModal.unlimited" defaultMessage="Unlimited" />}
              name="unlimited"
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {!creating && (
          <Form.Item
            label={<FormattedMessage id="userModal.assignedPersonas" defaultMessage="Assigned personas" />}
            name="personas"
            extra={<FormattedMessage id="userModal.commaSeparated" defaultMessage="Comma-separated" />}
          >
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
