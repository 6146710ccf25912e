import type { FastifyInstance } from 'fastify';
import { Mailer, addInfraReadiness, createServiceApp, registerAuth, type ServiceDeps } from '@corestone/service-kit';
import type { SchoolsConfig } from './config';
import { SchoolStore } from './store/schools';
import { Accounts } from './peers/accounts';
import { SchoolsUseCases } from './app/schools';
import { MembersUseCases } from './app/members';
import { ClassesUseCases } from './app/classes';
import { schoolRoutes } from './routes/schools';
import { memberRoutes } from './routes/members';
import { classRoutes } from './routes/classes';
import { rosterRoutes } from './routes/roster';
import { rosterImportsFor } from './app/roster-import';
import { AssignmentStore } from './store/assignments';
import { AssignmentPeers } from './peers/assignment-peers';
import { AssignmentsUseCases } from './app/assignments';
import { AssignmentMails } from './app/assignment-mails';
import { assignmentRoutes } from './routes/assignments';
import { LtiStore } from './store/lti';
import { ToolKeys } from './app/lti-keys';
import { LtiUseCases } from './app/lti';
import { LtiPlatformPeer } from './peers/lti-platform';
import { ltiRoutes } from './routes/lti';
import { LtiPassbacks } from './app/lti-passback';
import { LtiRoster } from './app/lti-roster';
import { AiEndpointStore } from './store/ai-endpoints';
import { AiEndpointUseCases } from './app/ai-endpoint';
import { aiEndpointRoutes } from './routes/ai-endpoint';

/** `dataKey`: the platform data key (seals LTI tool keys and schools' model-endpoint keys), loaded by start.ts before any connection. */
export type SchoolsDeps = ServiceDeps<SchoolsConfig, 'db' | 'bus'> & { dataKey: Buffer };

export interface SchoolsApp {
  app: FastifyInstance;
  store: SchoolStore;
  schools: SchoolsUseCases;
  members: MembersUseCases;
  classes: ClassesUseCases;
  accounts: Accounts;
  assignments: AssignmentsUseCases;
  assignmentStore: AssignmentStore;
  /** The assignment mail scheduler (start.ts starts its rounds; tests run passes with runOnce). */
  assignmentMails: AssignmentMails;
  /** Issue 32: the LTI 1.3 tool. */
  lti: LtiUseCases;
  ltiKeys: ToolKeys;
  ltiPassbacks: LtiPassbacks;
  ltiRoster: LtiRoster;
  /** Issue 33 §2: the school's own model endpoint. */
  aiEndpoints: AiEndpointUseCases;
}

/** The schools service as a Fastify app (no listen): tests inject into it, start.ts serves it. */
export function buildApp({ config, infra, verify, dataKey }: SchoolsDeps): SchoolsApp {
  const app = createServiceApp({ name: 'schools', logLevel: config.LOG_LEVEL });
  const store = new SchoolStore(infra.db.pool, infra.db.pool);
  const accounts = new Accounts(infra.bus, config.PROVISION_TIMEOUT_MS);
  const schools = new SchoolsUseCases(store, config.DEFAULT_SCHOOL_TIME_ZONE);
  const members = new MembersUseCases(store, accounts);
  const classes = new ClassesUseCases(store, accounts);
  const assignmentStore = new AssignmentStore(infra.db.pool, infra.db.pool);
  const peers = new AssignmentPeers(infra.bus, config.PEER_TIMEOUT_MS);
  const assignmentMails = new AssignmentMails({
    pool: infra.db.pool,
    store: assignmentStore,
    peers,
    mailer: new Mailer(config, app.log),
    baseUrl: config.PUBLIC_BASE_URL,
    logger: app.log,
  });
  const assignments = new AssignmentsUseCases(store, assignmentStore, peers, () => assignmentMails.kick());
  const ltiStore = new LtiStore(infra.db.pool, infra.db.pool);
  const ltiKeys = new ToolKeys(ltiStore, () => dataKey);
  const ltiPlatform = new LtiPlatformPeer(config.PEER_TIMEOUT_MS);
  const lti = new LtiUseCases({
    pool: infra.db.pool,
    schools: store,
    lti: ltiStore,
    assignments: assignmentStore,
    accounts,
    platform: ltiPlatform,
    keys: ltiKeys,
    publicBase: config.PUBLIC_BASE_URL,
  });
  const ltiPassbacks = new LtiPassbacks({
    pool: infra.db.pool,
    lti: ltiStore,
    schools: store,
    assignments: assignmentStore,
    platform: ltiPlatform,
    keys: ltiKeys,
    logger: app.log,
  });
  const ltiRoster = new LtiRoster({
    pool: infra.db.pool,
    lti: ltiStore,
    schools: store,
    platform: ltiPlatform,
    keys: ltiKeys,
    people: lti,
    logger: app.log,
  });
  lti.onCourseLaunch = (classId) => ltiRoster.background(classId);
  const aiEndpoints = new AiEndpointUseCases({
    store,
    endpoints: new AiEndpointStore(infra.db.pool),
    bus: infra.bus,
    dataKey: () => dataKey,
  });
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  const deps = { schools, members, classes };
  void app.register(schoolRoutes, deps);
  void app.register(memberRoutes, deps);
  void app.register(classRoutes, deps);
  void app.register(rosterRoutes, { rosterImports: rosterImportsFor({ pool: infra.db.pool, store, members, classes }) });
  void app.register(assignmentRoutes, { assignments });
  void app.register(ltiRoutes, { lti, keys: ltiKeys, passbacks: ltiPassbacks, roster: ltiRoster });
  void app.register(aiEndpointRoutes, { aiEndpoints });
  return {
    app,
    store,
    schools,
    members,
    classes,
    accounts,
    assignments,
    assignmentStore,
    assignmentMails,
    lti,
    ltiKeys,
    ltiPassbacks,
    ltiRoster,
    aiEndpoints,
  };
}
