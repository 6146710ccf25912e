import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { errorMessage, LOCALE_NAMES, LOCALES, type CorestoneClient, type School, type SessionUser } from '@corestone/sdk';
import { isSuperAdmin } from '../../lib/roles';
import { settingsForm, settingsPatch, type SettingsForm } from '../../lib/schools';
import { AiEndpointCard } from './AiEndpointCard';
import { LmsCard } from './LmsCard';
import { FormattedMessage, useIntl } from 'react-intl';

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
  const intl = useIntl();
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
      message.info(intl.formatMessage({ id: 'school.nothingToSave', defaultMessage: 'Nothing to save' }));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const next = await client.schools.update(schoolId, patch);
      onSaved(next);
      form.setFieldsValue(settingsForm(next));
      message.success(intl.formatMessage({ id: 'school.settingsSaved', defaultMessage: 'Settings saved' }));
    } catch (e) {
      setError(errorMessage(e, intl.formatMessage({ id: 'school.settingsFailed', defaultMessage: 'Failed to save the settings' })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Card variant="borderless" data-testid="school-settings" style={{ maxWidth: 720 }}>
        {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="school-settings-error" />}
        <Form form={form} layout="vertical" initialValues={initial} requiredMark={false} key={school.updated_at}>
          <Form.Item
            name="name"
            label={<FormattedMessage id="school.schoolName" defaultMessage="School name" />}
            rules={[
              {
                required: true,
                whitespace: true,
                message: intl.formatMessage({ id: 'school.nameRequired', defaultMessage: 'Please enter the name' }),
              },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="time_zone"
            label={<FormattedMessage id="school.timeZone" defaultMessage="Time zone" />}
            extra={<FormattedMessage id="school.ianaNameEGEurope" defaultMessage="IANA name, e.g. Europe/London" />}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="default_locale"
            label={<FormattedMessage id="school.defaultLanguage" defaultMessage="Default language" />}
            extra={
              <FormattedMessage
                id="school.defaultLanguageHelp"
                defaultMessage="For members who have not chosen a language: the interface, e-mails and reports."
              />
            }
          >
            <Select
              style={{ maxWidth: 240 }}
              data-testid="school-default-locale"
              options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
            />
          </Form.Item>
          <SwitchItem
            name="ai_grader_enabled"
            label={<FormattedMessage id="school.aiGrading" defaultMessage="AI grading" />}
            extra={
              <FormattedMessage
                id="school.aiGradingOffBuiltin"
                defaultMessage="Off: members' essays are graded by the built-in text analysis only (no AI model is asked)."
              />
            }
          />
          <SwitchItem
            name="pool_enabled"
            label={<FormattedMessage id="school.schoolCreditPool" defaultMessage="School credit pool" />}
            extra={
              <FormattedMessage
                id="school.onMembersGradeFromThe"
                defaultMessage="On: members grade from the school's credits. Off: they use their own."
              />
            }
          />
          <Form.Item
            name="pool_cap_per_student"
            label={<FormattedMessage id="school.poolCreditsPerStudent" defaultMessage="Pool credits per student" />}
            extra={
              <FormattedMessage
                id="school.mostCreditsOfThePool"
                defaultMessage="Most credits of the pool one student may use; empty = no cap."
              />
            }
          >
            <InputNumber
              min={0}
              precision={0}
              style={{ width: 200 }}
              disabled={!poolOn}
              placeholder={intl.formatMessage({ id: 'school.noCap', defaultMessage: 'No cap' })}
            />
          </Form.Item>
          <SwitchItem
            name="students_may_buy_credits"
            label={<FormattedMessage id="school.studentsMayBuyCredits" defaultMessage="Students may buy credits" />}
            on={<FormattedMessage id="school.yes" defaultMessage="Yes" />}
            off={<FormattedMessage id="school.no" defaultMessage="No" />}
          />
          <Form.Item
            name="domain_sign_up"
            label={<FormattedMessage id="school.signUpsWithTheSchool" defaultMessage="Sign-ups with the school's e-mail domains" />}
          >
            <Select
              style={{ maxWidth: 360 }}
              options={[
                {
                  value: 'pending',
                  label: (
                    <FormattedMessage id="school.joinAsStudentsAwaitingApproval" defaultMessage="Join as students awaiting approval" />
                  ),
                },
                { value: 'active', label: <FormattedMessage id="school.joinAsStudentsAtOnce" defaultMessage="Join as students at once" /> },
                { value: 'off', label: <FormattedMessage id="school.stayIndividualAccounts" defaultMessage="Stay individual accounts" /> },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="email_domains"
            label={<FormattedMessage id="school.verifiedEMailDomains" defaultMessage="Verified e-mail domains" />}
          >
            {superAdmin ? (
              <Select
                mode="tags"
                tokenSeparators={[',', ' ']}
                placeholder={intl.formatMessage({ id: 'school.domainExample', defaultMessage: 'e.g. school.org' })}
                open={false}
                suffixIcon={null}
              />
            ) : (
              <DomainsText />
            )}
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            <FormattedMessage id="school.saveSettings" defaultMessage="Save settings" />
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
      {value?.length ? value.join(', ') : <FormattedMessage id="school.noDomains" defaultMessage="None" />}{' '}
      <Typography.Text type="secondary">
        <FormattedMessage id="school.aSuperAdminChangesThem" defaultMessage="(a super admin changes them)" />
      </Typography.Text>
    </Typography.Text>
  );
}

/** One on/off setting of the form. */
function SwitchItem({
  name,
  label,
  extra,
  on = <FormattedMessage id="school.on" defaultMessage="On" />,
  off = <FormattedMessage id="school.off" defaultMessage="Off" />,
}: {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  on?: ReactNode;
  off?: ReactNode;
}) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
      <Switch checkedChildren={on} unCheckedChildren={off} />
    </Form.Item>
  );
}
