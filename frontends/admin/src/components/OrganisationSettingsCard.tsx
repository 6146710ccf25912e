import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { errorMessage, type ContentSettings, type CorestoneClient, type SessionUser } from '@corestone/sdk';
import { mayEditContentSettings } from '../lib/roles';
import { formatDateTime } from '../lib/text';
import { Loading, useLoad } from './common';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

type Editable = Omit<ContentSettings, 'last_updated' | 'updated_by'>;
type Field = keyof Editable;

const T = defineMessages({
  organisationName: { id: 'organisationSettingsCard.organisationName', defaultMessage: 'Organisation name' },
  organisationNameHint: {
    id: 'organisationSettingsCard.organisationNameHint',
    defaultMessage: 'The business that runs this service, as the policies name it.',
  },
  contactEmail: { id: 'organisationSettingsCard.contactEmail', defaultMessage: 'Contact e-mail' },
  contactEmailHint: {
    id: 'organisationSettingsCard.contactEmailHint',
    defaultMessage: 'Privacy, support, refunds and academic-integrity questions.',
  },
  safeguardingEmail: { id: 'organisationSettingsCard.safeguardingEmail', defaultMessage: 'Safeguarding e-mail' },
  safeguardingEmailHint: {
    id: 'organisationSettingsCard.safeguardingEmailHint',
    defaultMessage: "The Designated Safeguarding Lead's address.",
  },
  postalAddress: { id: 'organisationSettingsCard.postalAddress', defaultMessage: 'Postal address' },
  postalAddressHint: {
    id: 'organisationSettingsCard.postalAddressHint',
    defaultMessage: 'Shown in the privacy policy and the client terms.',
  },
  enquiryEmail: { id: 'organisationSettingsCard.enquiryEmail', defaultMessage: 'Enquiry notification e-mail' },
  enquiryEmailHint: {
    id: 'organisationSettingsCard.enquiryEmailHint',
    defaultMessage: 'Every enquiry from the contact page is mailed here (and listed under Enquiries).',
  },
});

export const SETTING_FIELDS: Array<{
  key: Field;
  label: MessageDescriptor;
  hint: MessageDescriptor;
  email?: true;
  multiline?: true;
  required?: true;
}> = [
  { key: 'organisation_name', label: T.organisationName, hint: T.organisationNameHint },
  { key: 'contact_email', label: T.contactEmail, hint: T.contactEmailHint, email: true },
  { key: 'safeguarding_email', label: T.safeguardingEmail, hint: T.safeguardingEmailHint, email: true },
  { key: 'postal_address', label: T.postalAddress, hint: T.postalAddressHint, multiline: true },
  { key: 'enquiry_notification_email', label: T.enquiryEmail, hint: T.enquiryEmailHint, email: true, required: true },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the values before they are sent (the content service checks the same). */
export function settingsProblems(values: Editable, intl: IntlShape = ENGLISH): string[] {
  return SETTING_FIELDS.flatMap(({ key, label, email, required }) => {
    const v = values[key].trim();
    const named = { label: intl.formatMessage(label) };
    if (!v)
      return required
        ? [intl.formatMessage({ id: 'organisationSettingsCard.fieldRequired', defaultMessage: '{label} is required.' }, named)]
        : [];
    return email && !EMAIL.test(v)
      ? [intl.formatMessage({ id: 'organisationSettingsCard.fieldNotEmail', defaultMessage: '{label} must be an e-mail address.' }, named)]
      : [];
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
  const intl = useIntl();
  const loaded = useLoad(() => client.content.settings().then((r) => r.data), [client]);
  const [values, setValues] = useState<Editable | null>(null);
  const [banner, setBanner] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const mayEdit = mayEditContentSettings(user);

  useEffect(() => {
    if (loaded.data) setValues(pick(loaded.data));
  }, [loaded.data]);

  const title = intl.formatMessage({ id: 'organisationSettingsCard.title', defaultMessage: 'Organisation & Enquiries' });
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

  const notSet = SETTING_FIELDS.filter((f) => !f.required && !loaded.data![f.key].trim()).map((f) => intl.formatMessage(f.label));
  const problems = settingsProblems(values, intl);
  const changed = SETTING_FIELDS.some((f) => values[f.key] !== loaded.data![f.key]);

  const save = async () => {
    setSaving(true);
    setBanner(null);
    try {
      const { data } = await client.content.updateSettings(values);
      loaded.setData(() => data);
      setBanner({
        type: 'success',
        text: intl.formatMessage({
          id: 'organisationSettingsCard.saved',
          defaultMessage: 'Settings saved. The public policies show the new details at once.',
        }),
      });
    } catch (e) {
      setBanner({
        type: 'error',
        text: errorMessage(
          e,
          intl.formatMessage({ id: 'organisationSettingsCard.saveFailed', defaultMessage: 'Failed to save the settings' }),
        ),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={title} variant="borderless" data-testid="organisation-settings">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        <FormattedMessage
          id="organisationSettingsCard.placeholders"
          defaultMessage="The policies show these details where their text has {a}, {b}, {c} or {d}."
          values={{ a: '{{organisation_name}}', b: '{{contact_email}}', c: '{{safeguarding_email}}', d: '{{postal_address}}' }}
        />
        {!mayEdit && ' '}
        {!mayEdit && <FormattedMessage id="organisationSettingsCard.superAdminOnly" defaultMessage="Only a super admin can change them." />}
      </Typography.Paragraph>
      {notSet.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="settings-not-set"
          title={intl.formatMessage(
            { id: 'organisationSettingsCard.notSetYet', defaultMessage: 'Not set yet: {fields}' },
            { fields: notSet.join(', ') },
          )}
          description={
            <FormattedMessage
              id="organisationSettingsCard.thePublicPoliciesShowNot"
              defaultMessage={'The public policies show "[… not set]" in their place until you fill them in.'}
            />
          }
        />
      )}
      <Form layout="vertical">
        <Row gutter={16}>
          {SETTING_FIELDS.map(({ key, label, hint, multiline }) => (
            <Col xs={24} md={multiline ? 24 : 12} key={key}>
              <Form.Item label={intl.formatMessage(label)} htmlFor={`setting-${key}`} extra={intl.formatMessage(hint)}>
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
            <FormattedMessage id="organisationSettingsCard.saveSettings" defaultMessage="Save Settings" />
          </Button>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12, marginBottom: 0 }}>
          {loaded.data.updated_by ? (
            <FormattedMessage
              id="organisationSettingsCard.lastChangedBy"
              defaultMessage="Last changed {when} by {who}"
              values={{ when: formatDateTime(loaded.data.last_updated), who: loaded.data.updated_by }}
            />
          ) : (
            <FormattedMessage
              id="organisationSettingsCard.lastChanged"
              defaultMessage="Last changed {when}"
              values={{ when: formatDateTime(loaded.data.last_updated) }}
            />
          )}
        </Typography.Paragraph>
      </Form>
      {banner && (
        <Alert style={{ marginTop: 16 }} type={banner.type} showIcon title={banner.text} data-testid="organisation-settings-banner" />
      )}
    </Card>
  );
}
