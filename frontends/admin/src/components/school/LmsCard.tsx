import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, List, Popconfirm, Typography } from 'antd';
import { errorMessage, type CorestoneClient, type LtiPlatform } from '@corestone/sdk';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props {
  client: CorestoneClient;
  schoolId: string;
}

type Fields = {
  issuer: string;
  client_id: string;
  deployment_ids: string;
  auth_login_url: string;
  auth_token_url: string;
  key_set_url: string;
};

const urlRule = (message: string) => [{ required: true, pattern: /^https?:\/\/\S+$/, message }];

/** The tool's URLs to enter in the LMS, each copyable. */
function ToolUrls({ p }: { p: LtiPlatform }) {
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={<FormattedMessage id="lms.loginUrl" defaultMessage="Login URL" />}>
        <Typography.Text copyable>{p.login_url}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={<FormattedMessage id="lms.launchRedirectUrl" defaultMessage="Launch (redirect) URL" />}>
        <Typography.Text copyable>{p.launch_url}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={<FormattedMessage id="lms.jwksUrl" defaultMessage="JWKS URL" />}>
        <Typography.Text copyable>{p.jwks_url}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Issue 32: the school's learning platforms (LTI 1.3). A school admin enters what the LMS shows for
 * a tool registration (issuer, client id, deployment ids, its authorisation, token and key-set URLs)
 * and gets Corestone's login, launch and JWKS URLs to paste into the LMS.
 */
export function LmsCard({ client, schoolId }: Props) {
  const intl = useIntl();
  const url = urlRule(intl.formatMessage({ id: 'lms.urlRequired', defaultMessage: 'An http(s) URL' }));
  const [form] = Form.useForm<Fields>();
  const [platforms, setPlatforms] = useState<LtiPlatform[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    client.schools
      .ltiPlatforms(schoolId)
      .then((r) => setPlatforms(r.platforms))
      .catch(
        (e) => (
          setPlatforms([]),
          setNote({
            type: 'error',
            text: errorMessage(e, intl.formatMessage({ id: 'lms.loadFailed', defaultMessage: 'Failed to load the learning platforms' })),
          })
        ),
      );
  }, [client, schoolId, intl]);

  const act = async (what: () => Promise<void>, failure: string) => {
    setBusy(true);
    setNote(null);
    try {
      await what();
    } catch (e) {
      setNote({ type: 'error', text: errorMessage(e, failure) });
    } finally {
      setBusy(false);
    }
  };
  const register = () =>
    act(
      async () => {
        const v = await form.validateFields();
        const made = await client.schools.registerLtiPlatform(schoolId, {
          issuer: v.issuer.trim(),
          client_id: v.client_id.trim(),
          deployment_ids: v.deployment_ids
            .split(/[\s,]+/)
            .map((d) => d.trim())
            .filter(Boolean),
          auth_login_url: v.auth_login_url.trim(),
          auth_token_url: v.auth_token_url.trim(),
          key_set_url: v.key_set_url.trim(),
        });
        setPlatforms((list) => [...(list ?? []), made]);
        form.resetFields();
        setNote({
          type: 'success',
          text: intl.formatMessage({ id: 'lms.registered', defaultMessage: 'Platform registered: enter the URLs below in your LMS' }),
        });
      },
      intl.formatMessage({ id: 'lms.registerFailed', defaultMessage: 'Failed to register the platform' }),
    );
  const remove = (p: LtiPlatform) =>
    act(
      async () => {
        await client.schools.removeLtiPlatform(schoolId, p.id);
        setPlatforms((list) => (list ?? []).filter((x) => x.id !== p.id));
        setNote({ type: 'success', text: intl.formatMessage({ id: 'lms.removed', defaultMessage: 'Platform removed' }) });
      },
      intl.formatMessage({ id: 'lms.removeFailed', defaultMessage: 'Failed to remove the platform' }),
    );

  return (
    <Card
      variant="borderless"
      title={<FormattedMessage id="lms.learningPlatformsLti13" defaultMessage="Learning platforms (LTI 1.3)" />}
      data-testid="lms"
      style={{ maxWidth: 720, marginTop: 16 }}
    >
      {note && <Alert type={note.type} showIcon style={{ marginBottom: 16 }} title={note.text} data-testid="lms-note" />}
      <List
        dataSource={platforms ?? []}
        loading={platforms === null}
        // antd draws a List's empty text in its disabled grey (1.83:1): the secondary grey instead
        locale={{
          emptyText: (
            <Typography.Text type="secondary">
              {intl.formatMessage({ id: 'lms.none', defaultMessage: 'No learning platform registered' })}
            </Typography.Text>
          ),
        }}
        renderItem={(p) => (
          <List.Item data-testid="lms-platform">
            <div style={{ width: '100%' }}>
              <Typography.Paragraph strong style={{ marginBottom: 8 }}>
                <FormattedMessage
                  id="lms.platformLine"
                  defaultMessage="{issuer} · client {clientId} · deployments {deployments}"
                  values={{ issuer: p.issuer, clientId: p.client_id, deployments: p.deployment_ids.join(', ') }}
                />
              </Typography.Paragraph>
              <ToolUrls p={p} />
              <Popconfirm
                title={
                  <FormattedMessage
                    id="lms.removeThisPlatformItsLaunches"
                    defaultMessage="Remove this platform? Its launches stop working."
                  />
                }
                onConfirm={() => remove(p)}
              >
                <Button danger size="small" style={{ marginTop: 8 }} disabled={busy}>
                  <FormattedMessage id="lms.remove" defaultMessage="Remove" />
                </Button>
              </Popconfirm>
            </div>
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        <FormattedMessage id="lms.registerAPlatform" defaultMessage="Register a platform" />
      </Typography.Title>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="issuer" label={<FormattedMessage id="lms.issuer" defaultMessage="Issuer" />} rules={url}>
          <Input placeholder="https://school.instructure.com" />
        </Form.Item>
        <Form.Item
          name="client_id"
          label={<FormattedMessage id="lms.clientId" defaultMessage="Client ID" />}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="deployment_ids"
          label={<FormattedMessage id="lms.deploymentIds" defaultMessage="Deployment IDs" />}
          extra={<FormattedMessage id="lms.severalSeparateThemWithCommas" defaultMessage="Several: separate them with commas" />}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="auth_login_url"
          label={<FormattedMessage id="lms.authorisationUrl" defaultMessage="Authorisation URL" />}
          rules={url}
        >
          <Input />
        </Form.Item>
        <Form.Item name="auth_token_url" label={<FormattedMessage id="lms.tokenUrl" defaultMessage="Token URL" />} rules={url}>
          <Input />
        </Form.Item>
        <Form.Item name="key_set_url" label={<FormattedMessage id="lms.keySetJwksUrl" defaultMessage="Key set (JWKS) URL" />} rules={url}>
          <Input />
        </Form.Item>
        <Button type="primary" onClick={register} loading={busy}>
          <FormattedMessage id="lms.registerPlatform" defaultMessage="Register platform" />
        </Button>
      </Form>
    </Card>
  );
}
