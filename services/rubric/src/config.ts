import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { configSchema } from '@corestone/service-kit';

export const RubricConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.rubric.port }),
  /** Longest a rubric document may take to read before it is refused. */
  EXTRACT_TIMEOUT_MS: Type.Integer({ default: 60000, minimum: 100 }),
  /** Set: `generate-ai-rubric` asks a language model to structure the document; unset: the built-in parser answers. */
  OPENAI_API_KEY: Type.Optional(Type.String()),
  /** Any OpenAI-compatible server (tests use a fake one on loopback). */
  OPENAI_BASE_URL: Type.Optional(Type.String()),
  OPENAI_MODEL: Type.String({ default: 'gpt-4o-mini' }),
  /** The whole budget of one model call, retries included; after it the parser's result is used. */
  RUBRIC_AI_TIMEOUT_MS: Type.Integer({ default: 30000, minimum: 100 }),
});
export type RubricConfig = Static<typeof RubricConfig>;
