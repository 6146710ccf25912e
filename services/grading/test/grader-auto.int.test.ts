import fs from 'node:fs';
import path from 'node:path';
import { Events, Rpc, type Results } from '@corestone/contracts';
import { callRpc, loadConfig, newId, publishEvent } from '@corestone/service-kit';
import { GradingConfig } from '../src/config';
import { NO_KEY, createGraders } from '../src/app/graders';
import { job } from './rubrics';
import { replyFor } from './replies';
import { gradingEventsFor, hasType, until } from './events';
import { gradingWithFakeOpenAI } from './fake-openai-service';

/**
 * GRADER left at its default (`auto`): a configured OpenAI key makes the model grade, through the
 * real worker and the real SDK against the fake server, and the job's stated fields reach the prompt.
 */
const grading = gradingWithFakeOpenAI('grdauto', { OPENAI_API_KEY: 'sk-auto', OPENAI_MODEL: 'gpt-auto' });
const { fake, run } = grading;
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');

beforeAll(() => {
  expect(grading.config.GRADER).toBe('auto');
});

it('grades with the model when a key is configured, and the prompt carries what the student stated', async () => {
  fake.reset();
  fake.reply({ content: JSON.stringify(replyFor([5, 5, 10, 3, 5])) });
  const stated = {
    research_question: 'To what extent did the Soft Drinks Industry Levy reduce the sugar content of soft drinks?',
    citation_style: 'Harvard',
    additional_context: 'Figures come from the British Soft Drinks Association.',
  };
  const j = job(EE_GOOD, { evaluation_id: newId(), ...stated });
  await publishEvent(grading.bus, Events.evaluationSubmitted, j);
  const events = await until(() => gradingEventsFor(grading.bus, j.evaluation_id), hasType(Events.gradingCompleted.subject), 'completed');
  const done = events.find((e) => e.type === Events.gradingCompleted.subject)!.data as { grader: string; results: Results };
  expect(done.grader).toBe('openai');
  expect(done.results).toMatchObject({ grader: 'openai', model: 'gpt-auto' });

  expect(fake.requests).toHaveLength(1);
  const request = fake.requests[0]!;
  expect(request.headers.authorization).toBe('Bearer sk-auto');
  const prompt = request.body.messages!.find((m) => m.role === 'user')!.content;
  expect(prompt).toContain(`Research question: ${stated.research_question}`);
  expect(prompt).toContain('Citation style the student says the essay uses: Harvard');
  expect(prompt).toContain(`<student_context>\n${stated.additional_context}\n</student_context>`);
});

it('tells evaluation which grader is in force (rpc.grading.grader)', async () => {
  expect(await callRpc(grading.bus, Rpc.gradingGrader, {})).toEqual({ grader: 'openai', model: 'gpt-auto' });
});

it('a compatible endpoint without a key (vLLM, Ollama) is a configured model too', async () => {
  fake.reset();
  fake.reply({ content: JSON.stringify(replyFor([4, 4, 8, 3, 4])) });
  const config = loadConfig(GradingConfig, { ...run.env, OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'llama', OPENAI_MAX_RETRIES: '0' });
  const graders = createGraders(config);
  const results = await graders.openai!.grade(
    job(EE_GOOD, { essay_type: 'tok', prescribed_title: 'Title 1: Is certainty possible?', aok_focus: 'History' }),
  );
  expect(results).toMatchObject({ grader: 'openai', model: 'llama' });
  expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${NO_KEY}`);
  const prompt = fake.requests[0]!.body.messages!.find((m) => m.role === 'user')!.content;
  expect(prompt).toContain('Prescribed title: Title 1: Is certainty possible?');
  expect(prompt).toContain('Areas of knowledge the student names as the focus: History');
});
