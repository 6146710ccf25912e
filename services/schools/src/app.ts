import type { FastifyInstance } from 'fastify';
import { addInfraReadiness, createServiceApp, registerAuth, type ServiceDeps } from '@corestone/service-kit';
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

export type SchoolsDeps = ServiceDeps<SchoolsConfig, 'db' | 'bus'>;

export interface SchoolsApp {
  app: FastifyInstance;
  store: SchoolStore;
  schools: SchoolsUseCases;
  members: MembersUseCases;
  classes: ClassesUseCases;
  accounts: Accounts;
}

/** The schools service as a Fastify app (no listen): tests inject into it, start.ts serves it. */
export function buildApp({ config, infra, verify }: SchoolsDeps): SchoolsApp {
  const app = createServiceApp({ name: 'schools', logLevel: config.LOG_LEVEL });
  const store = new SchoolStore(infra.db.pool, infra.db.pool);
  const accounts = new Accounts(infra.bus, config.PROVISION_TIMEOUT_MS);
  const schools = new SchoolsUseCases(store, config.DEFAULT_SCHOOL_TIME_ZONE);
  const members = new MembersUseCases(store, accounts);
  const classes = new ClassesUseCases(store, accounts);
  registerAuth(app, verify);
  addInfraReadiness(app, infra);
  const deps = { schools, members, classes };
  void app.register(schoolRoutes, deps);
  void app.register(memberRoutes, deps);
  void app.register(classRoutes, deps);
  void app.register(rosterRoutes, { rosterImports: rosterImportsFor({ pool: infra.db.pool, store, members, classes }) });
  return { app, store, schools, members, classes, accounts };
}
