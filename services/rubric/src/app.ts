import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_RUBRIC_FILE_BYTES } from '@corestone/contracts';
import { createServiceApp, registerAuth, addInfraReadiness, type Bus, type Database, type TokenVerifier } from '@corestone/service-kit';
import type { RubricConfig } from './config';
import { RubricStore } from './store/rubrics';
import { UsageStore } from './store/usage';
import { ExemplarStore } from './store/exemplars';
import { exemplarRoutes } from './routes/exemplars';
import { OpenAiRubricAssistant, type RubricAssistant } from './peers/rubric-assistant';
import { rubricRoutes } from './routes/rubrics';
import { scoringRoutes } from './routes/scoring';
import { fileRoutes } from './routes/files';
import { announceSnapshotChanges } from './peers/snapshot-changes';

export interface RubricDeps {
  config: RubricConfig;
  infra: { db: Database; bus?: Bus };
  verify: TokenVerifier;
}

/** The language model helper when OPENAI_API_KEY is set; without it the document parser answers. */
function rubricAssistant(config: RubricConfig): RubricAssistant | null {
  if (!config.OPENAI_API_KEY) return null;
  return new OpenAiRubricAssistant({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.RUBRIC_AI_TIMEOUT_MS,
  });
}

/** The rubric service as a Fastify app (no listen): tests inject into it, server.ts serves it. */
export function buildApp({ config, infra, verify }: RubricDeps): {
  app: FastifyInstance;
  store: RubricStore;
  usage: UsageStore;
  exemplars: ExemplarStore;
} {
  const app = createServiceApp({ name: 'rubric', logLevel: config.LOG_LEVEL });
  const store = new RubricStore(infra.db.pool, announceSnapshotChanges);
  const usage = new UsageStore(infra.db.pool);
  const exemplars = new ExemplarStore(infra.db.pool);
  registerAuth(app, verify);
  addInfraReadiness(app, { db: infra.db, bus: infra.bus });
  void app.register(multipart, {
    // One byte over the limit marks the stream truncated; the route answers 413 with the spec's message.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_RUBRIC_FILE_BYTES, files: 2, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 100 },
  });
  // Route modules are plugins: they register after @fastify/swagger and so appear in /openapi.json.
  void app.register(rubricRoutes, { store, usage });
  void app.register(scoringRoutes, { store });
  void app.register(exemplarRoutes, { store, exemplars });
  void app.register(fileRoutes, { store, assistant: rubricAssistant(config), extractTimeoutMs: config.EXTRACT_TIMEOUT_MS });
  return { app, store, usage, exemplars };
}
