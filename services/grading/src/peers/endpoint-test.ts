import OpenAI from 'openai';
import type { AiEndpointTestResult } from '@corestone/contracts';
import { modelClient, type AzureTarget } from './openai';

/** An endpoint as the SDK client takes it. */
export interface EndpointTarget {
  apiKey: string;
  baseURL?: string;
  model: string;
  azure?: AzureTarget;
}

/**
 * "Test connection" (issue 33 §2): one chat completion of a few tokens to the endpoint, outside the
 * shared budget (one small request). The answer says whether the endpoint answered, with the
 * provider's status and message when it did not; the key never appears in it.
 */
export async function testEndpoint(endpoint: EndpointTarget, timeoutMs = 15_000): Promise<AiEndpointTestResult> {
  const started = Date.now();
  const took = () => Date.now() - started;
  try {
    const client = modelClient({ ...endpoint, timeoutMs });
    const reply = await client.chat.completions.create({
      model: endpoint.model,
      max_tokens: 5,
      messages: [{ role: 'user', content: 'Reply with the word OK.' }],
    });
    return { success: true, status: 200, detail: `The model ${reply.model || endpoint.model} answered.`, latency_ms: took() };
  } catch (err) {
    if (err instanceof OpenAI.APIError && err.status) {
      const message = (err.error as { message?: string } | undefined)?.message ?? err.message;
      return {
        success: false,
        status: err.status,
        detail: `The endpoint answered HTTP ${err.status}: ${message}`.slice(0, 500),
        latency_ms: took(),
      };
    }
    if (!(err instanceof OpenAI.APIError)) {
      // the SDK refused the settings before sending anything
      return {
        success: false,
        detail: `The endpoint settings are not usable: ${(err as Error).message}`.slice(0, 500),
        latency_ms: took(),
      };
    }
    const why =
      err instanceof OpenAI.APIConnectionTimeoutError ? `no answer within ${timeoutMs / 1000} s` : 'the endpoint could not be reached';
    return { success: false, detail: `Connection failed: ${why}`, latency_ms: took() };
  }
}
