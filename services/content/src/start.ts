import { serviceTokenVerifier, openInfra, startWith, type TokenVerifier } from '@corestone/service-kit';
import type { ContentConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';

/**
 * content's composition root: Postgres, NATS and Redis, the app, the policies and TOK titles
 * seeded once, and the enquiry-mail sweep. server.ts listens; tests inject.
 */
export function startService(config: ContentConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    const opened = await openInfra('content', config, lifecycle, { migrations, bus: true, redis: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus!, redis: opened.redis! };
    const service = buildApp({ config, infra, verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL) });
    await service.documents.seed();
    service.sender.start();
    void service.sender.sweep(); // enquiries stored while no process was up
    return { ...service, infra };
  });
}

export type ContentService = Awaited<ReturnType<typeof startService>>;
