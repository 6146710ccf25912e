import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { errorMessage, type CorestoneClient, type School, type SessionUser } from '@corestone/sdk';
import { isSuperAdmin } from '../../lib/roles';
import { settingsForm, settingsPatch, type SettingsForm } from '../../lib/schools';
import { AiEndpointCard } from './AiEndpointCard';
import { LmsCard } from './LmsCard';

interface Ctx {
  client: CorestoneClient;
  user: SessionUser;
  school: School;
  schoolId: string;
  onSaved: (school: School) => void;
}

/**
 * The school's settings: name, time zone, whether students may buy credits, AI grading on/off,
 * the credit pool on/off with a per-student cap, how sign-ups from its domains land. E-mail
 * domains decide who lands in the school: a super admin changes them, a school admin reads them.
 */
export function SchoolSettingsCard({ client, user, school, schoolId, onSaved }: Ctx) {
  const { message } = App.useApp();
  const superAdmin = isSuperAdmin(user);
  const initial = useMemo(() => settingsForm(school), [school]);
  const [form] = Form.useForm<SettingsForm>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const poolOn = Form.useWatch('pool_enabled', form) ?? initial.pool_enabled;

  const save = async () => {
    const values = await form.validateFields();
    const patch = settingsPatch(initial, { ...initial, ...values }, superAdmin);
    if (!Object.keys(patch).length) {
      message.info('Nothing to save');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const next = await client.schools.update(schoolId, patch);
      onSaved(next);
      form.setFieldsValue(settingsForm(next));
      message.success('Settings saved');
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the settings'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Card variant="borderless" data-testid="school-settings" style={{ maxWidth: 720 }}>
        {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="school-settings-error" />}
        <Form form={form} layout="vertical" initialValues={initial} requiredMark={false} key={school.updated_at}>
          <Form.Item name="name" label="School name" rules={[{ required: true, whitespace: true, message: 'Please enter the name' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="time_zone"
            label="Time zone"
            extra="IANA name, e.g. Europe/London"
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <SwitchItem name="ai_grader_enabled" label="AI grading" extra="Off: members cannot submit essays for AI grading." />
          <SwitchItem
            name="pool_enabled"
            label="School credit pool"
            extra="On: members grade from the school's credits. Off: they use their own."
          />
          <Form.Item
            name="pool_cap_per_student"
            label="Pool credits per student"
            extra="Most credits of the pool one student may use; empty = no cap."
          >
            <InputNumber min={0} precision={0} style={{ width: 200 }} disabled={!poolOn} placeholder="No cap" />
          </Form.Item>
          <SwitchItem name="students_may_buy_credits" label="Students may buy credits" on="Yes" off="No" />
          <Form.Item name="domain_sign_up" label="Sign-ups with the school's e-mail domains">
            <Select
              style={{ maxWidth: 360 }}
              options={[
                { value: 'pending', label: 'Join as students awaiting approval' },
                { value: 'active', label: 'Join as students at once' },
                { value: 'off', label: 'Stay individual accounts' },
              ]}
            />
          </Form.Item>
          <Form.Item name="email_domains" label="Verified e-mail domains">
            {superAdmin ? (
              <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="e.g. school.org" open={false} suffixIcon={null} />
            ) : (
              <DomainsText />
            )}
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            Save settings
          </Button>
        </Form>
      </Card>
      {/* Issue 33 §2: the school's own model endpoint */}
      <AiEndpointCard client={client} schoolId={schoolId} />
      {/* Issue 32: the school's LMS (LTI 1.3) registrations */}
      <LmsCard client={client} schoolId={schoolId} />
    </>
  );
}

function DomainsText({ value }: { value?: string[] }) {
  return (
    <Typography.Text>
      {value?.length ? value.join(', ') : 'None'} <Typography.Text type="secondary">(a super admin changes them)</Typography.Text>
    </Typography.Text>
  );
}

/** One on/off setting of the form. */
function SwitchItem({
  name,
  label,
  extra,
  on = 'On',
  off = 'Off',
}: {
  name: string;
  label: string;
  extra?: string;
  on?: string;
  off?: string;
}) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
      <Switch checkedChildren={on} unCheckedChildren={off} />
    </Form.Item>
  );
}
