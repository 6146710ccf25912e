/**
 * The shared budget through the real worker (NATS, Redis) and the real `openai` SDK against the
 * fake OpenAI-compatible server enforcing a rate limit as OpenAI does (429 with x-ratelimit-*
 * headers). Configured for far more than the fake allows (OPENAI_TPM 1,000,000), so the worker
 * must learn the limit from the headers and wait out the 429s; OPENAI_MAX_RETRIES is 0, so a 429
 * treated as a failure would show as a fallback result.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Events, type EventEnvelope, type Results } from '@corestone/contracts';
import { newId, publishEvent } from '@corestone/service-kit';
import { SYSTEM_PROMPT, userPrompt } from '../src/domain/ai-reply';
import { estimateRequestTokens } from '../src/domain/rate-limits';
import { chargedTokens } from '../../../tests/support/fake-openai';
import { job } from './rubrics';
import { replyFor } from './replies';
import { gradingEventsFor, hasType, until } from './events';
import { gradingWithFakeOpenAI } from './fake-openai-service';

const WINDOW_MS = 3_000;
const grading = gradingWithFakeOpenAI('grbudw', {
  GRADER: 'openai',
  OPENAI_API_KEY: 'sk-test',
  OPENAI_MODEL: 'gpt-test',
  GRADING_CONCURRENCY: '16',
  OPENAI_TPM: '1000000',
  OPENAI_RPM: '1000',
  OPENAI_RATE_WINDOW_MS: String(WINDOW_MS),
  GRADING_QUEUE_POLL_MS: '20',
  GRADING_QUEUE_REPORT_MS: '200',
  GRADING_PROGRESS_AFTER_MS: '100',
});
const { fake } = grading;
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');

const jobFor = (school: string) => job(EE_GOOD, { evaluation_id: newId(), school_id: school });
/** What one essay's request is charged: the same whatever its evaluation id (the prompt does not name it). */
const sample = jobFor('s');
const TOKENS = estimateRequestTokens([{ content: SYSTEM_PROMPT }, { content: userPrompt(sample) }], 3000);

const completed = async (evaluationId: string) => {
  const events = await until(
    () => gradingEventsFor(grading.bus, evaluationId),
    hasType(Events.gradingCompleted.subject),
    'grading.completed.v1',
  );
  return { events, done: events.find((e) => e.type === Events.gradingCompleted.subject)!.data as { grader: string; results: Results } };
};

beforeAll(() => {
  fake.always({ content: JSON.stringify(replyFor([5, 5, 10, 3, 5])) });
});

it("our estimate of a request's tokens is what the provider charges (characters / 4 + max_tokens), within a little framing", () => {
  const charged = chargedTokens({
    max_tokens: 3000,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: userPrompt(sample) },
    ],
  });
  expect(TOKENS).toBeGreaterThanOrEqual(charged);
  expect(TOKENS - charged).toBeLessThanOrEqual(10);
});

it('a burst past the provider limit: 429s are waited out until the reset, the limit is learnt, and every essay is graded by the model', async () => {
  // room for 1.2 essays per window: a burst of four meets 429s unless its requests spread over 7 s
  fake.rateLimit({ tokensPerWindow: Math.floor(1.2 * TOKENS), requestsPerWindow: 100, windowMs: WINDOW_MS });
  const jobs = Array.from({ length: 4 }, () => jobFor('school-a'));
  await Promise.all(jobs.map((j) => publishEvent(grading.bus, Events.evaluationSubmitted, j)));
  for (const j of jobs) {
    const { done } = await completed(j.evaluation_id);
    expect(done.grader).toBe('openai'); // not builtin-fallback: a 429 is not a failure
  }
  // The configured 1,000,000 let the first requests go together; the provider refused what did
  // not fit, and after that the learnt limit and the hold until its reset kept the rest in line.
  expect(fake.usage.refused).toBeGreaterThanOrEqual(1);
  expect(fake.usage.refused).toBeLessThanOrEqual(4);
  expect(fake.usage.admitted).toHaveLength(4);
  const metrics = (await grading.service.app.inject({ url: '/metrics' })).body;
  expect(metrics).toMatch(/grading_budget_answers_total\{kind="rate_limited"[^}]*\} [1-9]/);
  expect(metrics).toMatch(/grading_budget_answers_total\{kind="ok"[^}]*\} [4-9]/);
  expect(metrics).toMatch(/grading_budget_waiting_requests\{[^}]*\} 0/);
});

it('essays waiting for their turn report their place and estimated start as `queued` progress', async () => {
  const refusedBefore = fake.usage.refused;
  // a new limit (2.5 essays per window), learnt from the first answer's headers
  fake.rateLimit({ tokensPerWindow: Math.floor(2.5 * TOKENS), requestsPerWindow: 100, windowMs: WINDOW_MS });
  const jobs = Array.from({ length: 6 }, () => jobFor('school-b'));
  await Promise.all(jobs.map((j) => publishEvent(grading.bus, Events.evaluationSubmitted, j)));
  const all: EventEnvelope[] = [];
  for (const j of jobs) {
    const { events, done } = await completed(j.evaluation_id);
    expect(done.grader).toBe('openai');
    all.push(...events);
  }
  const queued = all
    .filter((e) => e.type === Events.gradingProgress.subject && (e.data as { stage: string }).stage === 'queued')
    .map((e) => ({
      at: Date.parse(e.occurredAt),
      ...(e.data as { percent: number; queue: { ahead: number; estimated_start_at: string } }),
    }));
  expect(queued.length).toBeGreaterThan(0);
  for (const q of queued) {
    expect(q.percent).toBe(5);
    expect(q.queue.ahead).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(q.queue.estimated_start_at))).toBe(false);
  }
  // the last of six, behind a budget of 2.5 a window, waited with others ahead of it and a start later than the report
  expect(Math.max(...queued.map((q) => q.queue.ahead))).toBeGreaterThanOrEqual(1);
  expect(queued.some((q) => Date.parse(q.queue.estimated_start_at) > q.at)).toBe(true);
  // the learnt limit held: at most a stray refusal (six essays sent at once against 2.5 would meet
  // three or more, and their retries more again)
  expect(fake.usage.refused - refusedBefore).toBeLessThanOrEqual(1);
});
