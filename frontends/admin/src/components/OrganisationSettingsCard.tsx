import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { errorMessage, type ContentSettings, type CorestoneClient, type SessionUser } from '@corestone/sdk';
import { mayEditContentSettings } from '../lib/roles';
import { formatDateTime } from '../lib/text';
import { Loading, useLoad } from './common';

type Editable = Omit<ContentSettings, 'last_updated' | 'updated_by'>;
type Field = keyof Editable;

export const SETTING_FIELDS: Array<{ key: Field; label: string; hint: string; email?: true; multiline?: true; required?: true }> = [
  { key: 'organisation_name', label: 'Organisation name', hint: 'The business that runs this service, as the policies name it.' },
  { key: 'contact_email', label: 'Contact e-mail', hint: 'Privacy, support, refunds and academic-integrity questions.', email: true },
  { key: 'safeguarding_email', label: 'Safeguarding e-mail', hint: "The Designated Safeguarding Lead's address.", email: true },
  { key: 'postal_address', label: 'Postal address', hint: 'Shown in the privacy policy and the client terms.', multiline: true },
  {
    key: 'enquiry_notification_email',
    label: 'Enquiry notification e-mail',
    hint: 'Every enquiry from the contact page is mailed here (and listed under Enquiries).',
    email: true,
    required: true,
  },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the values before they are sent (the content service checks the same). */
export function settingsProblems(values: Editable): string[] {
  return SETTING_FIELDS.flatMap(({ key, label, email, required }) => {
    const v = values[key].trim();
    if (!v) return required ? [`${label} is required.`] : [];
    return email && !EMAIL.test(v) ? [`${label} must be an e-mail address.`] : [];
  });
}

const pick = (s: ContentSettings): Editable => ({
  organisation_name: s.organisation_name,
  contact_email: s.contact_email,
  safeguarding_email: s.safeguarding_email,
  postal_address: s.postal_address,
  enquiry_notification_email: s.enquiry_notification_email,
});

/**
 * Organisation & Enquiries (Settings screen): the contact details the public policies show and the
 * inbox enquiries are mailed to. Admins see them; a super admin changes them.
 */
export function OrganisationSettingsCard({ client, user }: { client: CorestoneClient; user: SessionUser }) {
  const loaded = useLoad(() => client.content.settings().then((r) => r.data), [client]);
  const [values, setValues] = useState<Editable | null>(null);
  const [banner, setBanner] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const mayEdit = mayEditContentSettings(user);

  useEffect(() => {
    if (loaded.data) setValues(pick(loaded.data));
  }, [loaded.data]);

  const title = 'Organisation & Enquiries';
  if (loaded.error)
    return (
      <Card title={title} variant="borderless">
        <Alert type="error" showIcon title={loaded.error} />
      </Card>
    );
  if (!values || !loaded.data)
    return (
      <Card title={title} variant="borderless">
        <Loading />
      </Card>
    );

  const notSet = SETTING_FIELDS.filter((f) => !f.required && !loaded.data![f.key].trim()).map((f) => f.label);
  const problems = settingsProblems(values);
  const changed = SETTING_FIELDS.some((f) => values[f.key] !== loaded.data![f.key]);

  const save = async () => {
    setSaving(true);
    setBanner(null);
    try {
      const { data } = await client.content.updateSettings(values);
      loaded.setData(() => data);
      setBanner({ type: 'success', text: 'Settings saved. The public policies show the new details at once.' });
    } catch (e) {
      setBanner({ type: 'error', text: errorMessage(e, 'Failed to save the settings') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={title} variant="borderless" data-testid="organisation-settings">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        The policies show these details where their text has {'{{organisation_name}}'}, {'{{contact_email}}'}, {'{{safeguarding_email}}'} or{' '}
        {'{{postal_address}}'}.{!mayEdit && ' Only a super admin can change them.'}
      </Typography.Paragraph>
      {notSet.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="settings-not-set"
          title={`Not set yet: ${notSet.join(', ')}`}
          description='The public policies show "[… not set]" in their place until you fill them in.'
        />
      )}
      <Form layout="vertical">
        <Row gutter={16}>
          {SETTING_FIELDS.map(({ key, label, hint, multiline }) => (
            <Col xs={24} md={multiline ? 24 : 12} key={key}>
              <Form.Item label={label} htmlFor={`setting-${key}`} extra={hint}>
                {multiline ? (
                  <Input.TextArea
                    id={`setting-${key}`}
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    maxLength={500}
                    readOnly={!mayEdit}
                    value={values[key]}
                    onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                  />
                ) : (
                  <Input
                    id={`setting-${key}`}
                    maxLength={key === 'organisation_name' ? 200 : 254}
                    readOnly={!mayEdit}
                    variant={mayEdit ? 'outlined' : 'filled'}
                    value={values[key]}
                    onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                  />
                )}
              </Form.Item>
            </Col>
          ))}
        </Row>
        {mayEdit && changed && problems.length > 0 && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="settings-problems" title={problems.join(' ')} />
        )}
        {mayEdit && (
          <Button type="primary" loading={saving} disabled={!changed || problems.length > 0} onClick={() => void save()}>
            Save Settings
          </Button>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12, marginBottom: 0 }}>
          Last changed {formatDateTime(loaded.data.last_updated)}
          {loaded.data.updated_by ? ` by ${loaded.data.updated_by}` : ''}
        </Typography.Paragraph>
      </Form>
      {banner && (
        <Alert style={{ marginTop: 16 }} type={banner.type} showIcon title={banner.text} data-testid="organisation-settings-banner" />
      )}
    </Card>
  );
}
