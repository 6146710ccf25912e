import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import {
  errorMessage,
  type AiEndpointTestResult,
  type CorestoneClient,
  type SchoolAiEndpoint,
  type SchoolAiEndpointInput,
} from '@corestone/sdk';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props {
  client: CorestoneClient;
  schoolId: string;
}

type Fields = {
  kind: 'openai' | 'azure';
  base_url: string;
  model: string;
  api_key?: string;
  azure_deployment?: string;
  azure_api_version?: string;
};

const fieldsOf = (e: SchoolAiEndpoint | null): Fields =>
  e
    ? {
        kind: e.kind,
        base_url: e.base_url,
        model: e.model,
        azure_deployment: e.azure_deployment ?? undefined,
        azure_api_version: e.azure_api_version ?? undefined,
      }
    : { kind: 'openai', base_url: '', model: '' };

/**
 * Issue 33 §2: the school's own model endpoint (data residency): an OpenAI-compatible server by its
 * base URL (vLLM, Ollama, …) or an Azure OpenAI deployment. The key is never shown again, only its
 * mask; leaving the key empty keeps the stored one. "Test connection" asks grading to send one
 * small request.
 */
export function AiEndpointCard({ client, schoolId }: Props) {
  const intl = useIntl();
  const [form] = Form.useForm<Fields>();
  const [current, setCurrent] = useState<SchoolAiEndpoint | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const kind = Form.useWatch('kind', form) ?? current?.kind ?? 'openai';

  useEffect(() => {
    client.schools
      .aiEndpoint(schoolId)
      .then((r) => setCurrent(r.endpoint))
      .catch(
        (e) => (
          setCurrent(null),
          setNote({
            type: 'error',
            text: errorMessage(e, intl.formatMessage({ id: 'aiEndpoint.loadFailed', defaultMessage: 'Failed to load the endpoint' })),
          })
        ),
      );
  }, [client, schoolId, intl]);
  useEffect(() => {
    if (current !== undefined) form.setFieldsValue(fieldsOf(current));
  }, [current, form]);

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
  const save = () =>
    act(
      async () => {
        const v = await form.validateFields();
        const input: SchoolAiEndpointInput = { kind: v.kind, base_url: v.base_url.trim(), model: v.model.trim() };
        if (v.api_key?.trim()) input.api_key = v.api_key.trim();
        if (v.kind === 'azure')
          Object.assign(input, {
            azure_deployment: v.azure_deployment?.trim(),
            azure_api_version: v.azure_api_version?.trim() || undefined,
          });
        const r = await client.schools.setAiEndpoint(schoolId, input);
        setCurrent(r.endpoint);
        form.setFieldValue('api_key', '');
        setNote({ type: 'success', text: intl.formatMessage({ id: 'aiEndpoint.saved', defaultMessage: 'Endpoint saved' }) });
      },
      intl.formatMessage({ id: 'aiEndpoint.saveFailed', defaultMessage: 'Failed to save the endpoint' }),
    );
  const test = () =>
    act(
      async () => {
        const r: AiEndpointTestResult = await client.schools.testAiEndpoint(schoolId);
        setNote({ type: r.success ? 'success' : 'error', text: `${r.detail} (${r.latency_ms} ms)` });
      },
      intl.formatMessage({ id: 'aiEndpoint.testFailed', defaultMessage: 'The test could not be run' }),
    );
  const remove = () =>
    act(
      async () => {
        await client.schools.removeAiEndpoint(schoolId);
        setCurrent(null);
        setNote({
          type: 'success',
          text: intl.formatMessage({ id: 'aiEndpoint.removed', defaultMessage: "The school uses the platform's model again" }),
        });
      },
      intl.formatMessage({ id: 'aiEndpoint.removeFailed', defaultMessage: 'Failed to remove the endpoint' }),
    );

  return (
    <Card
      variant="borderless"
      title={<FormattedMessage id="aiEndpoint.aiModelEndpoint" defaultMessage="AI model endpoint" />}
      data-testid="ai-endpoint"
      style={{ maxWidth: 720, marginTop: 16 }}
    >
      <Typography.Paragraph type="secondary" data-testid="ai-endpoint-current">
        {current
          ? intl.formatMessage(
              {
                id: 'aiEndpoint.current',
                defaultMessage:
                  'Essays are graded on {kind, select, azure {Azure OpenAI} other {the school’s endpoint}} ({url}, {model}). Key: {key}',
              },
              {
                kind: current.kind,
                url: current.base_url,
                model: current.model,
                key: current.api_key_masked ?? intl.formatMessage({ id: 'aiEndpoint.noKey', defaultMessage: 'none' }),
              },
            )
          : intl.formatMessage({ id: 'aiEndpoint.platformModel', defaultMessage: "Essays are graded on the platform's model." })}
      </Typography.Paragraph>
      {note && <Alert type={note.type} showIcon style={{ marginBottom: 16 }} title={note.text} data-testid="ai-endpoint-note" />}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={fieldsOf(null)}>
        <Form.Item name="kind" label={<FormattedMessage id="aiEndpoint.provider" defaultMessage="Provider" />}>
          <Select
            options={[
              {
                value: 'openai',
                label: (
                  <FormattedMessage
                    id="aiEndpoint.openaiCompatibleOpenaiVllmOllama"
                    defaultMessage="OpenAI-compatible (OpenAI, vLLM, Ollama…)"
                  />
                ),
              },
              { value: 'azure', label: <FormattedMessage id="aiEndpoint.azureOpenai" defaultMessage="Azure OpenAI" /> },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="base_url"
          label={
            kind === 'azure' ? (
              <FormattedMessage id="aiEndpoint.azureEndpoint" defaultMessage="Azure endpoint" />
            ) : (
              <FormattedMessage id="aiEndpoint.baseUrl" defaultMessage="Base URL" />
            )
          }
          rules={[
            {
              required: true,
              pattern: /^https?:\/\/\S+$/,
              message: intl.formatMessage({ id: 'lms.urlRequired', defaultMessage: 'An http(s) URL' }),
            },
          ]}
        >
          <Input placeholder={kind === 'azure' ? 'https://<resource>.openai.azure.com' : 'https://llm.school.example/v1'} />
        </Form.Item>
        <Form.Item
          name="model"
          label={<FormattedMessage id="aiEndpoint.model" defaultMessage="Model" />}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        {kind === 'azure' && (
          <Space.Compact block>
            <Form.Item
              name="azure_deployment"
              label={<FormattedMessage id="aiEndpoint.deployment" defaultMessage="Deployment" />}
              rules={[{ required: true, whitespace: true }]}
              style={{ flex: 1 }}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="azure_api_version"
              label={<FormattedMessage id="aiEndpoint.apiVersion" defaultMessage="API version" />}
              style={{ flex: 1 }}
            >
              <Input maxLength={40} placeholder={intl.formatMessage({ id: 'aiEndpoint.default', defaultMessage: 'default' })} />
            </Form.Item>
          </Space.Compact>
        )}
        <Form.Item
          name="api_key"
          label={<FormattedMessage id="aiEndpoint.apiKey" defaultMessage="API key" />}
          extra={
            current?.has_api_key ? (
              <FormattedMessage id="aiEndpoint.keepKey" defaultMessage="Leave empty to keep the stored key" />
            ) : undefined
          }
        >
          <Input.Password autoComplete="off" maxLength={1000} />
        </Form.Item>
        <Space>
          <Button type="primary" onClick={save} loading={busy}>
            <FormattedMessage id="aiEndpoint.saveEndpoint" defaultMessage="Save endpoint" />
          </Button>
          <Button onClick={test} disabled={!current || busy}>
            <FormattedMessage id="aiEndpoint.testConnection" defaultMessage="Test connection" />
          </Button>
          <Button danger onClick={remove} disabled={!current || busy}>
            <FormattedMessage id="aiEndpoint.useThePlatformSModel" defaultMessage="Use the platform's model" />
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
