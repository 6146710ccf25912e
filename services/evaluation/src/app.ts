import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@corestone/contracts';
import {
  createServiceApp,
  registerAuth,
  addInfraReadiness,
  type Bus,
  type Database,
  type Infra,
  type TokenVerifier,
} from '@corestone/service-kit';
import type { EvaluationConfig } from './config';
import { EvaluationStore } from './store/evaluations';
import { Charging } from './app/charging';
import { submitRoutes } from './routes/submit';
import { evaluationRoutes } from './routes/evaluations';
import { streamRoutes } from './routes/stream';
import { adminRoutes } from './routes/admin';
import { essayTextRoutes } from './routes/essay-text';
import { deadLetterRoutes } from './routes/dead-letters';
import { adminAssessRoutes } from './routes/admin-assess';
import { dashboardRoutes } from './routes/dashboard';
import { DashboardStore } from './store/dashboard';
import { busPeers } from './peers/dashboard';
import { AdminStore } from './store/admin';
import { Lookups } from './peers/lookups';
import { GraderInForce } from './peers/grader-in-force';
import { schoolsPeer } from './peers/schools';
import { AssignmentStore } from './store/assignments';
import { assignmentRoutes } from './routes/assignments';
import { schoolActivityRoutes } from './routes/school-activity';

export interface EvaluationDeps {
  config: EvaluationConfig;
  infra: Infra & { db: Database; bus: Bus };
  verify: TokenVerifier;
}

export interface EvaluationService {
  app: FastifyInstance;
  store: EvaluationStore;
  charging: Charging;
  /** The submitter and rubric feeds are started by start.ts; until then every submission asks users and rubric. */
  lookups: Lookups;
  /** Submissions into class assignments (issue 31). */
  assignments: AssignmentStore;
}

/** The evaluation service as a Fastify app (no listen): tests inject into it, server.ts serves it. */
export function buildApp({ config, infra, verify }: EvaluationDeps): EvaluationService {
  const app = createServiceApp({ name: 'evaluation', logLevel: config.LOG_LEVEL });
  const store = new EvaluationStore(infra.db.pool);
  const charging = new Charging(store, infra.bus, { timeoutMs: config.CREDIT_RPC_TIMEOUT_MS }, app.log);
  const lookups = new Lookups({
    bus: infra.bus,
    log: app.log,
    rpcTimeoutMs: config.LOOKUP_RPC_TIMEOUT_MS,
  });
  const graderInForce = new GraderInForce({ bus: infra.bus, log: app.log, timeoutMs: Math.min(1000, config.LOOKUP_RPC_TIMEOUT_MS) });
  const schools = schoolsPeer(infra.bus, config.LOOKUP_RPC_TIMEOUT_MS);
  const assignments = new AssignmentStore(infra.db.pool);
  registerAuth(app, verify);
  addInfraReadiness(app, { db: infra.db, bus: infra.bus });
  void app.register(multipart, {
    // One byte over the limit marks the stream truncated; the route answers 413.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 100 },
  });
  // Route modules are plugins: they register after the plugins above and so appear in /openapi.json.
  void app.register(submitRoutes, {
    store,
    charging,
    lookups,
    extractTimeoutMs: config.EXTRACT_TIMEOUT_MS,
    grader: () => graderInForce.current(),
    schools,
  });
  void app.register(evaluationRoutes, { store, charging, bus: infra.bus, schools, lookups });
  void app.register(dashboardRoutes, { store: new DashboardStore(infra.db.pool), peers: busPeers(infra.bus) });
  void app.register(streamRoutes, { store, pollMs: config.SSE_POLL_MS, schools });
  const admin = new AdminStore(infra.db.pool);
  void app.register(adminRoutes, { store, admin, lookups });
  void app.register(essayTextRoutes, { store, admin, schools });
  void app.register(assignmentRoutes, { store, assignments, schools, lookups });
  void app.register(schoolActivityRoutes, { store, schools });
  void app.register(deadLetterRoutes, { bus: infra.bus });
  void app.register(adminAssessRoutes, {
    bus: infra.bus,
    lookupTimeoutMs: config.LOOKUP_RPC_TIMEOUT_MS,
    timeoutMs: config.ASSESS_TIMEOUT_MS,
    lookups,
  });
  return { app, store, charging, lookups, assignments };
}
