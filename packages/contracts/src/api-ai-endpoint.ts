/**
 * Issue 33 §2: a school's own OpenAI-compatible model endpoint (data residency: Azure OpenAI in its
 * region, or a self-hosted vLLM / Ollama behind an OpenAI-compatible API). Stored by schools with
 * the key encrypted at rest; no route ever answers the key (only a mask).
 */
import { Type, type Static } from '@sinclair/typebox';

export const AiEndpointKind = Type.Union([Type.Literal('openai'), Type.Literal('azure')], {
  description:
    'openai: any OpenAI-compatible server by its base URL (OpenAI, vLLM, Ollama); azure: Azure OpenAI (deployment path, api-version)',
});
export type AiEndpointKind = Static<typeof AiEndpointKind>;

/** The Azure OpenAI API version used when none is given. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/** `PUT /schools/{id}/ai-endpoint`. A key left out keeps the stored one; `api_key: ""` removes it. */
export const SchoolAiEndpointInput = Type.Object({
  kind: AiEndpointKind,
  base_url: Type.String({
    pattern: '^https?://[^\\s]+$',
    maxLength: 500,
    description:
      'openai: the API base (e.g. https://llm.school.example/v1); azure: the resource endpoint (https://<resource>.openai.azure.com)',
  }),
  model: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'the model name sent (azure: the model behind the deployment, recorded with results)',
  }),
  api_key: Type.Optional(Type.String({ maxLength: 1000 })),
  azure_deployment: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9._-]*$' })),
  azure_api_version: Type.Optional(Type.String({ maxLength: 40, pattern: '^[0-9A-Za-z.-]*$' })),
});
export type SchoolAiEndpointInput = Static<typeof SchoolAiEndpointInput>;

/** What the routes answer: never the key, only whether one is stored and its mask ('sk-…abcd'). */
export const SchoolAiEndpoint = Type.Object({
  school_id: Type.String(),
  kind: AiEndpointKind,
  base_url: Type.String(),
  model: Type.String(),
  azure_deployment: Type.Union([Type.String(), Type.Null()]),
  azure_api_version: Type.Union([Type.String(), Type.Null()]),
  has_api_key: Type.Boolean(),
  api_key_masked: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
export type SchoolAiEndpoint = Static<typeof SchoolAiEndpoint>;

/** `GET /schools/{id}/ai-endpoint`: null while the school uses the platform's model. */
export const SchoolAiEndpointAnswer = Type.Object({ endpoint: Type.Union([SchoolAiEndpoint, Type.Null()]) });

/** The endpoint as grading uses it (rpc only, key decrypted: NATS between services, never a route). */
export const AiEndpointConfig = Type.Object({
  kind: AiEndpointKind,
  base_url: Type.String(),
  model: Type.String(),
  api_key: Type.Union([Type.String(), Type.Null()]),
  azure_deployment: Type.Union([Type.String(), Type.Null()]),
  azure_api_version: Type.Union([Type.String(), Type.Null()]),
});
export type AiEndpointConfig = Static<typeof AiEndpointConfig>;

/** `POST /schools/{id}/ai-endpoint/test` (the "test connection" button). */
export const AiEndpointTestResult = Type.Object({
  success: Type.Boolean({ description: 'the endpoint answered a chat completion' }),
  /** The provider's HTTP status, when it answered. */
  status: Type.Optional(Type.Integer()),
  detail: Type.String(),
  latency_ms: Type.Integer({ minimum: 0 }),
});
export type AiEndpointTestResult = Static<typeof AiEndpointTestResult>;
