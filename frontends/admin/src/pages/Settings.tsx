import { Alert, Col, Row } from 'antd';
import type { RemoteAppProps } from '@corestone/sdk';
import { PageHeader } from '../components/common';
import { ApiKeyCard } from '../components/ApiKeyCard';
import { OrganisationSettingsCard } from '../components/OrganisationSettingsCard';
import { PasswordCard } from '../components/settings/PasswordCard';
import { ProfileCard } from '../components/settings/ProfileCard';
import { useAccountSettings } from '../hooks/useAccountSettings';
import { FormattedMessage } from 'react-intl';

/**
 * Admin Settings (spec §2): own names and password (messages come from the server); the own OpenAI key for Quick Assessments;
 * the organisation's contact details (used by the policies) and the enquiries inbox.
 */
export function Settings({ client, user, refreshUser }: RemoteAppProps) {
  const { profile, password, busy, banner } = useAccountSettings(client, user, refreshUser);

  return (
    <div data-testid="admin-settings" style={{ maxWidth: 880 }}>
      <PageHeader
        title={<FormattedMessage id="settings.adminSettings" defaultMessage="Admin Settings" />}
        subtitle={<FormattedMessage id="settings.manageYourAccountSettings" defaultMessage="Manage your account settings" />}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <ProfileCard
            first={profile.first}
            setFirst={profile.setFirst}
            last={profile.last}
            setLast={profile.setLast}
            email={user.email}
            missing={profile.missing}
            busy={busy}
            onSave={profile.save}
          />
        </Col>
        <Col xs={24} md={12}>
          <PasswordCard
            current={password.current}
            setCurrent={password.setCurrent}
            next={password.next}
            setNext={password.setNext}
            confirm={password.confirm}
            setConfirm={password.setConfirm}
            missing={password.missing}
            busy={busy}
            onChange={password.change}
          />
        </Col>
        <Col xs={24}>
          <ApiKeyCard client={client} user={user} refreshUser={refreshUser} />
        </Col>
        <Col xs={24}>
          <OrganisationSettingsCard client={client} user={user} />
        </Col>
      </Row>
      {banner && <Alert style={{ marginTop: 16 }} type={banner.type} showIcon title={banner.text} data-testid="settings-banner" />}
    </div>
  );
}
