import { isProduction, serviceTokenVerifier, openInfra, startWith, type TokenVerifier } from '@corestone/service-kit';
import type { ContentConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp } from './app';

/**
 * content's composition root: Postgres, NATS and Redis, the app, the policies, the example TOK
 * session and the enquiries inbox seeded once, and the enquiry-mail sweep. server.ts listens; tests inject.
 */
export function startService(config: ContentConfig, opts: { verify?: TokenVerifier } = {}) {
  return startWith(async (lifecycle) => {
    const opened = await openInfra('content', config, lifecycle, { migrations, bus: true, redis: true });
    const infra = { ...opened, db: opened.db!, bus: opened.bus!, redis: opened.redis! };
    const service = buildApp({ config, infra, verify: opts.verify ?? serviceTokenVerifier(config.AUTH_URL) });
    await service.documents.seed();
    await service.tokSessions.seed();
    await service.settings.seed();
    warnWhatIsNotSet(config, service);
    service.sender.start(); // its first sweep at once: enquiries stored while no process was up
    return { ...service, infra };
  });
}

export type ContentService = Awaited<ReturnType<typeof startService>>;

/** In production, says in the log which operator settings still show "not set" in the policies. */
function warnWhatIsNotSet(config: ContentConfig, service: ReturnType<typeof buildApp>): void {
  if (!isProduction(config)) return;
  void service.settings.organisation().then(
    (details) => {
      const missing = Object.entries(details)
        .filter(([, v]) => !v)
        .map(([k]) => k);
      if (missing.length)
        service.app.log.warn({ missing }, 'organisation settings not set: the public policies show "[... not set]" (admin Settings)');
    },
    (err) => service.app.log.warn({ err }, 'could not read the organisation settings'),
  );
}
