import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { AssessmentFallbackReasons, Events, Results } from '@corestone/contracts';
import { loadConfig, newId, publishEvent } from '@corestone/service-kit';
import { GradingConfig } from '../src/config';
import { createGraders } from '../src/app/graders';
import { job } from './rubrics';
import { replyFor } from './replies';
import { gradingEventsFor, hasType, until } from './events';
import { gradingWithFakeOpenAI } from './fake-openai-service';

/** GRADER=openai from configuration, through the real worker on NATS, against the fake server. */
const grading = gradingWithFakeOpenAI('grdai', {
  GRADER: 'openai',
  OPENAI_API_KEY: 'sk-test',
  OPENAI_MODEL: 'gpt-test',
  GRADING_CONCURRENCY: '2',
  GRADING_MAX_DELIVER: '2',
});
const { fake, run } = grading;
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');

const completedOf = async (evaluationId: string) => {
  const events = await until(
    () => gradingEventsFor(grading.bus, evaluationId),
    hasType(Events.gradingCompleted.subject),
    'grading.completed.v1',
  );
  return events.find((e) => e.type === Events.gradingCompleted.subject)!.data as { grader: string; results: Results };
};

it('grades with the model and says so in grading.completed.v1', async () => {
  fake.reply({ content: JSON.stringify(replyFor([5, 5, 10, 3, 5])) });
  const j = job(EE_GOOD, { evaluation_id: newId() });
  await publishEvent(grading.bus, Events.evaluationSubmitted, j);
  const done = await completedOf(j.evaluation_id);
  expect(done.grader).toBe('openai');
  expect(done.results).toMatchObject({ grader: 'openai', model: 'gpt-test', totalPoints: 28 });
  expect(Value.Check(Results, done.results)).toBe(true);
});

it('a failing model still completes the evaluation, with the built-in result marked as a fallback', async () => {
  fake.always({ status: 500 });
  const j = job(EE_GOOD, { evaluation_id: newId() });
  await publishEvent(grading.bus, Events.evaluationSubmitted, j);
  const done = await completedOf(j.evaluation_id);
  expect(done.grader).toBe('builtin-fallback');
  expect(done.results.fallbackReason).toBe(`${AssessmentFallbackReasons.NO_RESPONSE}: HTTP 500 after 1 attempt`);
  const events = await gradingEventsFor(grading.bus, j.evaluation_id);
  expect(events.some((e) => e.type === Events.gradingFailed.subject)).toBe(false);
});

it('counts results by grader and fallbacks by reason at /metrics', async () => {
  const metrics = (await grading.service.app.inject({ url: '/metrics' })).body;
  expect(metrics).toMatch(/grading_results_total\{[^}]*grader="openai"[^}]*\} 1/);
  expect(metrics).toMatch(/grading_results_total\{[^}]*grader="builtin-fallback"[^}]*\} 1/);
  expect(metrics).toMatch(/grading_model_fallbacks_total\{[^}]*reason="No assessment response received from OpenAI"[^}]*\} 1/);
  expect(metrics).toMatch(/grading_duration_seconds_count\{[^}]*grader="openai"[^}]*\} 1/);
});

it('refuses GRADER=openai without an API key at start-up', () => {
  const config = loadConfig(GradingConfig, { ...run.env, GRADER: 'openai' });
  expect(() => createGraders(config)).toThrow('GRADER=openai needs OPENAI_API_KEY');
  expect(() => loadConfig(GradingConfig, { ...run.env, OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  expect(Object.keys(createGraders(loadConfig(GradingConfig, run.env))).sort()).toEqual(['builtin', 'spec-local']);
});
