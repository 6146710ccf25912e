import {
  DEFAULT_AZURE_API_VERSION,
  Rpc,
  type AiEndpointConfig,
  type AiEndpointTestResult,
  type SchoolAiEndpoint,
  type SchoolAiEndpointInput,
} from '@corestone/contracts';
import { badRequest, callRpc, decryptSecret, encryptSecret, isUuid, maskSecret, type Bus, type Principal } from '@corestone/service-kit';
import { SchoolRules, standingIn } from '../domain/access';
import type { SchoolStore } from '../store/schools';
import type { AiEndpointRow, AiEndpointStore } from '../store/ai-endpoints';
import { actorOf, enforce, schoolNotFound } from './tenancy';

export interface AiEndpointDeps {
  store: SchoolStore;
  endpoints: AiEndpointStore;
  bus: Bus;
  /** The platform data key (`loadPlatformKeys(config).dataKey`), read on first use. */
  dataKey: () => Buffer;
  /** Wait for grading's answer to a connection test. */
  testTimeoutMs?: number;
}

/**
 * Issue 33 §2: a school's own OpenAI-compatible endpoint. Its school admins and super admins read,
 * set, remove and test it (SchoolRules.edit: others of the school 403, outsiders 404); the key is
 * sealed at rest with the platform data key and never answered (a mask). grading reads it by
 * `rpc.schools.ai_endpoint` (services/grading/README.md, "Per-school endpoints").
 */
export class AiEndpointUseCases {
  private key: Buffer | undefined;
  constructor(private readonly deps: AiEndpointDeps) {}

  private get dataKey(): Buffer {
    return (this.key ??= this.deps.dataKey());
  }

  /** The school exists and the caller may manage its settings. */
  private async reach(principal: Principal, schoolId: string): Promise<void> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.deps.store, principal);
    enforce(SchoolRules.edit(standingIn(actor, schoolId)), schoolNotFound);
    if (!(await this.deps.store.getSchool(schoolId))) throw schoolNotFound();
  }

  private view(row: AiEndpointRow): SchoolAiEndpoint {
    return {
      school_id: row.school_id,
      kind: row.kind,
      base_url: row.base_url,
      model: row.model,
      azure_deployment: row.azure_deployment,
      azure_api_version: row.azure_api_version,
      has_api_key: row.api_key_sealed !== null,
      api_key_masked: row.api_key_sealed ? maskSecret(decryptSecret(this.dataKey, row.api_key_sealed)) : null,
      updated_at: row.updated_at.toISOString(),
    };
  }

  async get(principal: Principal, schoolId: string): Promise<{ endpoint: SchoolAiEndpoint | null }> {
    await this.reach(principal, schoolId);
    const row = await this.deps.endpoints.get(schoolId);
    return { endpoint: row ? this.view(row) : null };
  }

  /**
   * Sets the endpoint. A key left out keeps the stored one, "" removes it (a self-hosted server
   * needing none). Azure needs its deployment (the path) and a key; its api-version defaults.
   */
  async put(principal: Principal, schoolId: string, input: SchoolAiEndpointInput): Promise<{ endpoint: SchoolAiEndpoint }> {
    await this.reach(principal, schoolId);
    const current = await this.deps.endpoints.get(schoolId);
    const key = input.api_key === undefined ? undefined : input.api_key.trim();
    const sealed = key === undefined ? (current?.api_key_sealed ?? null) : key ? encryptSecret(this.dataKey, key) : null;
    const azure = input.kind === 'azure';
    const deployment = input.azure_deployment?.trim() || null;
    if (azure && !deployment)
      throw badRequest('An Azure OpenAI endpoint needs its deployment name (azure_deployment)', 'AI_ENDPOINT_INVALID');
    if (azure && !sealed) throw badRequest('An Azure OpenAI endpoint needs its API key (api_key)', 'AI_ENDPOINT_INVALID');
    const row = await this.deps.endpoints.put({
      school_id: schoolId,
      kind: input.kind,
      base_url: input.base_url.trim().replace(/\/+$/, ''),
      model: input.model.trim(),
      azure_deployment: azure ? deployment : null,
      azure_api_version: azure ? input.azure_api_version?.trim() || DEFAULT_AZURE_API_VERSION : null,
      api_key_sealed: sealed,
    });
    return { endpoint: this.view(row) };
  }

  /** Back to the platform's model. */
  async remove(principal: Principal, schoolId: string): Promise<{ endpoint: null }> {
    await this.reach(principal, schoolId);
    await this.deps.endpoints.delete(schoolId);
    return { endpoint: null };
  }

  /** "Test connection": grading sends one small request to the stored endpoint. */
  async test(principal: Principal, schoolId: string): Promise<AiEndpointTestResult> {
    await this.reach(principal, schoolId);
    const endpoint = await this.configOf(schoolId);
    if (!endpoint) throw badRequest('The school has no model endpoint of its own to test', 'AI_ENDPOINT_MISSING');
    return callRpc(this.deps.bus, Rpc.gradingTestEndpoint, { endpoint }, { timeoutMs: this.deps.testTimeoutMs ?? 20_000 });
  }

  /** The endpoint as grading uses it (key decrypted), or null. */
  async configOf(schoolId: string): Promise<AiEndpointConfig | null> {
    if (!isUuid(schoolId)) return null;
    const row = await this.deps.endpoints.get(schoolId);
    if (!row) return null;
    return {
      kind: row.kind,
      base_url: row.base_url,
      model: row.model,
      api_key: row.api_key_sealed ? decryptSecret(this.dataKey, row.api_key_sealed) : null,
      azure_deployment: row.azure_deployment,
      azure_api_version: row.azure_api_version,
    };
  }

  /** `rpc.schools.ai_endpoint`: whether the school lets AI grade, and its endpoint. */
  async forGrading(schoolId: string): Promise<{ ai_enabled: boolean; endpoint: AiEndpointConfig | null }> {
    const school = isUuid(schoolId) ? await this.deps.store.getSchool(schoolId) : null;
    if (!school) return { ai_enabled: true, endpoint: null };
    return { ai_enabled: school.settings.ai_grader_enabled, endpoint: await this.configOf(schoolId) };
  }
}
