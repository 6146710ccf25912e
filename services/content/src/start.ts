import { Lifecycle, openInfra, type TokenVerifier, createTokenVerifier } from '@corestone/service-kit';
import type { ContentConfig } from './config';
import { migrations } from './store/migrations';
import { buildApp, type ContentApp, type ContentDeps } from './app';

export interface ContentService extends ContentApp {
  infra: ContentDeps['infra'];
  stop(): Promise<void>;
}

/**
 * Opens what content needs (Postgres, NATS, Redis), seeds the policies and TOK titles, starts the
 * enquiry-mail sweep and answers the running service. server.ts listens; tests inject.
 */
export async function startService(config: ContentConfig, opts: { verify?: TokenVerifier } = {}): Promise<ContentService> {
  const lifecycle = new Lifecycle();
  try {
    const infra = await openInfra('content', config, lifecycle, { migrations, bus: true, redis: true });
    const opened = { ...infra, db: infra.db!, bus: infra.bus!, redis: infra.redis! };
    const service = buildApp({
      config,
      infra: opened,
      verify: opts.verify ?? createTokenVerifier({ authUrl: config.AUTH_URL }),
    });
    await service.documents.seed();
    service.sender.start();
    void service.sender.sweep(); // enquiries stored while no process was up
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        await service.app.close();
        await lifecycle.close(service.app.log);
      })());
    return { ...service, infra: opened, stop };
  } catch (err) {
    await lifecycle.close();
    throw err;
  }
}
