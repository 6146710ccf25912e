import { loadConfig, type Bus } from '@corestone/service-kit';
import { createTestRun } from '@corestone/service-kit/testing';
import { FakeOpenAI } from '../../../tests/support/fake-openai';
import { GradingConfig } from '../src/config';
import { startService, type GradingRunning } from '../src/start';

/**
 * The grading service (real worker, real OpenAI SDK) started for one test file against a fake
 * OpenAI server on loopback: registers the file's beforeAll/afterAll. `env` is the run's env plus
 * the fake's base URL, a 3 s budget and no retries, with `env` on top (the key, the model, GRADER…).
 * The service, its bus and its config are there once beforeAll has run.
 */
export function gradingWithFakeOpenAI(prefix: string, env: Record<string, string>) {
  const run = createTestRun(prefix);
  const fake = new FakeOpenAI();
  const started = { run, fake } as { run: typeof run; fake: FakeOpenAI; config: GradingConfig; service: GradingRunning; bus: Bus };
  let service: GradingRunning | undefined;
  beforeAll(async () => {
    await fake.start();
    started.config = loadConfig(GradingConfig, {
      ...run.env,
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_BUDGET_MS: '3000',
      OPENAI_MAX_RETRIES: '0',
      ...env,
    });
    service = started.service = await startService(started.config);
    started.bus = service.infra.bus;
  });
  afterAll(async () => {
    await service?.stop();
    await fake.stop();
    await run.cleanup();
  });
  return started;
}
