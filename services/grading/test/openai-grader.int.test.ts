import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { AssessmentFallbackReasons, Results } from '@corestone/contracts';
import { FakeOpenAI } from '../../../tests/support/fake-openai';
import { createOpenAiGrader, specLocalGrader, builtinGrader, type OpenAiGraderOptions } from '../src/app/graders';
import { gradeBuiltin } from '../src/domain/builtin';
import { EE_RUBRIC, job } from './rubrics';
import { replyFor } from './replies';

/**
 * The OpenAI grader through the real `openai` SDK against an OpenAI-compatible server on loopback:
 * good, slow, rate-limited, failing, malformed and incomplete answers. Budgets are shortened so the
 * run stays quick; the backoff itself is the spec's (0.5 s, 1 s, … with no jitter here).
 */
const EE_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-good.txt'), 'utf8');
const QUOTE = 'Unlike most consumption taxes, the levy was designed less to raise revenue';
const fake = new FakeOpenAI();
const good = (scores = [5, 4, 9, 3, 4]) => ({
  content: JSON.stringify(
    replyFor(scores, { criteria: replyFor(scores).criteria.map((c) => ({ ...c, strengths: [{ text: 'Clear purpose', quote: QUOTE }] })) }),
  ),
});

const grader = (over: Partial<OpenAiGraderOptions> = {}) =>
  createOpenAiGrader({
    apiKey: 'sk-test',
    baseURL: fake.baseURL,
    model: 'gpt-test',
    budgetMs: 5000,
    maxRetries: 3,
    samples: 1,
    fallback: builtinGrader,
    random: () => 0,
    ...over,
  });
const eeJob = () => job(EE_GOOD);

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

// First: the fake answers the abandoned request only after the other tests ran.
it('too slow: after the budget the built-in result is used ("AI assessment timeout")', async () => {
  fake.always({ ...good(), delayMs: 2500 });
  const r = await grader({ budgetMs: 300 }).grade(eeJob());
  expect(r).toMatchObject({ grader: 'builtin-fallback', fallbackReason: AssessmentFallbackReasons.TIMEOUT });
});

it('grades with the model: spec settings, strict JSON schema, rubric in the prompt, scores and passages in the results', async () => {
  fake.reply(good());
  const r = await grader().grade(eeJob());
  expect(r).toMatchObject({ grader: 'openai', model: 'gpt-test', totalPoints: 25, maxPoints: 34 });
  expect(r.fallbackReason).toBeUndefined();
  expect(Value.Check(Results, r)).toBe(true);
  const passage = r.criteria[0].strengthDetails![0].passages[0];
  expect(EE_GOOD.slice(passage.start, passage.end)).toBe(QUOTE);
  expect(r.textMetrics).toEqual(gradeBuiltin(eeJob()).textMetrics);

  expect(fake.requests).toHaveLength(1);
  const { body, headers, path: url } = fake.requests[0];
  expect(url).toBe('/v1/chat/completions');
  expect(headers.authorization).toBe('Bearer sk-test');
  expect(body).toMatchObject({ model: 'gpt-test', temperature: 0.3, max_tokens: 3000 });
  expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'essay_assessment', strict: true } });
  const schema = body.response_format!.json_schema!.schema as { required: string[]; additionalProperties: boolean };
  expect(schema.required).toEqual(['criteria', 'overallSummary', 'insight_feedback', 'suggestions']);
  expect(schema.additionalProperties).toBe(false);
  expect(body.messages![0].role).toBe('system');
  for (const c of EE_RUBRIC.scoring_structure.criteria)
    expect(body.messages![1].content).toContain(`${c.code} ${c.name} (max ${c.maxScore}): ${c.description}`);
  expect(body.messages![1].content).toContain(QUOTE);
});

it('429 with retry-after: waits as told, then grades', async () => {
  fake.reply({ status: 429, headers: { 'retry-after-ms': '30' } }, good());
  const r = await grader().grade(eeJob());
  expect(r.grader).toBe('openai');
  expect(fake.requests).toHaveLength(2);
});

it('500 then a good answer: retried with backoff, then grades', async () => {
  fake.reply({ status: 500 }, good());
  const r = await grader().grade(eeJob());
  expect(r.grader).toBe('openai');
  expect(fake.requests).toHaveLength(2);
});

it('500 on every try: gives up after the retries and uses the built-in result, recorded as such', async () => {
  fake.always({ status: 503 });
  const r = await grader({ maxRetries: 2 }).grade(eeJob());
  expect(fake.requests).toHaveLength(3);
  expect(r.grader).toBe('builtin-fallback');
  expect(r.fallbackReason).toBe(`${AssessmentFallbackReasons.NO_RESPONSE}: HTTP 503 after 3 attempts`);
  expect(r.model).toBe('gpt-test');
  const { grader: _g, fallbackReason: _f, model: _m, ...rest } = r;
  const { grader: _b, ...builtin } = gradeBuiltin(eeJob());
  expect(rest).toEqual(builtin);
});

it('a client error (401) is not retried', async () => {
  fake.always({ status: 401 });
  const r = await grader().grade(eeJob());
  expect(fake.requests).toHaveLength(1);
  expect(r).toMatchObject({
    grader: 'builtin-fallback',
    fallbackReason: `${AssessmentFallbackReasons.NO_RESPONSE}: HTTP 401 after 1 attempt`,
  });
});

it('a retry-after longer than the budget left ends the attempt at once', async () => {
  fake.always({ status: 429, headers: { 'retry-after-ms': '20000' } });
  const r = await grader({ budgetMs: 2000 }).grade(eeJob());
  expect(fake.requests).toHaveLength(1);
  expect(r.fallbackReason).toBe(AssessmentFallbackReasons.TIMEOUT);
});

it.each([
  ['not JSON', 'Sorry, I cannot help with that.', AssessmentFallbackReasons.NO_JSON],
  ['malformed JSON', '{"criteria": [{"code": "A", "score": }]}', AssessmentFallbackReasons.UNPARSEABLE], // + the parser's message
  ['an empty answer', '', AssessmentFallbackReasons.NO_RESPONSE],
  [
    'a criterion without a score',
    JSON.stringify({ criteria: [{ code: 'A', score: 4 }] }),
    `${AssessmentFallbackReasons.UNPARSEABLE}: criterion B has no score`,
  ],
])('%s: the built-in result is used, with the reason', async (_n, content, reason) => {
  fake.reply({ content });
  const r = await grader().grade(eeJob());
  expect(r.grader).toBe('builtin-fallback');
  expect(r.fallbackReason === reason || r.fallbackReason!.startsWith(`${reason}: `)).toBe(true);
  expect(fake.requests).toHaveLength(1); // unusable output is not asked again
});

it('missing texts get the spec defaults; the scores are the model’s', async () => {
  fake.reply({ content: JSON.stringify({ criteria: EE_RUBRIC.scoring_structure.criteria.map((c) => ({ code: c.code, score: 3 })) }) });
  const r = await grader().grade(eeJob());
  expect(r.grader).toBe('openai');
  expect(r.criteria.map((c) => c.score)).toEqual([3, 3, 3, 3, 3]);
  expect(r.criteria[0]).toMatchObject({ feedback: 'No feedback provided', strengths: [], improvements: [] });
  expect(Value.Check(Results, r)).toBe(true);
});

it('consistency mode: N samples, the median per criterion, agreement reported', async () => {
  fake.reply(good([4, 4, 8, 3, 4]), good([5, 4, 9, 3, 2]), good([4, 3, 12, 2, 4]));
  const r = await grader({ samples: 3 }).grade(eeJob());
  expect(fake.requests).toHaveLength(3);
  expect(r.criteria.map((c) => c.score)).toEqual([4, 4, 9, 3, 4]);
  expect(r.consistency).toMatchObject({ samples: 3, agreement: 0.87 });
  expect(r.consistency!.criteria.find((c) => c.code === 'C')).toEqual({ code: 'C', scores: [8, 9, 12], median: 9 });
});

it('consistency mode survives one failed sample', async () => {
  fake.reply(good([4, 4, 8, 3, 4]), { content: 'no json' }, good([4, 4, 8, 3, 4]));
  const r = await grader({ samples: 3 }).grade(eeJob());
  expect(r.grader).toBe('openai');
  expect(r.consistency).toMatchObject({ samples: 2, agreement: 1 });
});

it('with the spec-local fallback configured, a failure gives the spec’s local fallback scoring', async () => {
  fake.always({ status: 500 });
  const r = await grader({ maxRetries: 0, fallback: specLocalGrader }).grade(eeJob());
  expect(r).toMatchObject({
    grader: 'spec-local-fallback',
    maxPoints: 34,
    fallbackReason: `${AssessmentFallbackReasons.NO_RESPONSE}: HTTP 500 after 1 attempt`,
  });
});

describe('exemplar-anchored prompts (issue 33 §3)', () => {
  const marks = [
    { code: 'A', score: 5, comment: 'A sharply focused question.' },
    { code: 'C', score: 9, comment: 'Sustained analysis of the data.' },
  ];
  const exemplar = (id: string, title: string, text: string) => ({
    id,
    rubric_id: EE_RUBRIC.id,
    title,
    text,
    marks,
    created_at: '2026-11-01T00:00:00.000Z',
  });
  // the fixture essay is about the UK soft drinks levy
  const NEAR = exemplar(
    '00000000-0000-7000-8000-00000000000a',
    'Levy sample',
    'The soft drinks levy and how manufacturers reformulated their drinks.',
  );
  const FAR = exemplar('00000000-0000-7000-8000-00000000000b', 'Poetry sample', 'Imagery in the war poetry of Wilfred Owen.');
  const HUGE = exemplar(
    '00000000-0000-7000-8000-00000000000c',
    'Full essay',
    `Soft drinks levy. ${'Manufacturers reformulated drinks. '.repeat(400)}`,
  );

  it('the most relevant exemplars that fit the allowance reach the prompt, and the result names them', async () => {
    fake.reply(good());
    const asked: string[] = [];
    const r = await grader({
      exemplars: async (id) => (asked.push(id), [FAR, HUGE, NEAR]),
      exemplarTokens: 400,
    }).grade(eeJob());
    expect(asked).toEqual([EE_RUBRIC.id]);
    expect(r.grader).toBe('openai');
    expect(r.exemplars).toEqual([
      { id: NEAR.id, title: 'Levy sample' },
      { id: FAR.id, title: 'Poetry sample' },
    ]);
    expect(Value.Check(Results, r)).toBe(true);
    const prompt = fake.requests[0].body.messages![1].content as string;
    expect(prompt).toContain(
      '<exemplar title="Levy sample">\nThe soft drinks levy and how manufacturers reformulated their drinks.\n</exemplar>',
    );
    expect(prompt).toContain('- A Focus and Method: 5/6 — A sharply focused question.');
    expect(prompt.indexOf('Levy sample')).toBeLessThan(prompt.indexOf('Poetry sample'));
    expect(prompt).not.toContain('Full essay'); // more than the allowance on its own
    const shown = prompt.slice(prompt.indexOf('<exemplar'), prompt.indexOf('<essay>'));
    expect(Math.ceil(shown.length / 4)).toBeLessThanOrEqual(400);
  });

  it('with no allowance, no exemplars; the rubric service failing costs only the exemplars', async () => {
    fake.always(good());
    const none = await grader({ exemplars: async () => [NEAR], exemplarTokens: 0 }).grade(eeJob());
    expect(none.exemplars).toBeUndefined();
    const failing = await grader({
      exemplars: async () => {
        throw new Error('rubric did not answer');
      },
      exemplarTokens: 4000,
    }).grade(eeJob());
    expect(failing).toMatchObject({ grader: 'openai' });
    expect(failing.exemplars).toBeUndefined();
    for (const req of fake.requests) expect(req.body.messages![1].content).not.toContain('<exemplar');
  });

  it('a fallback result names no exemplars (the model’s marks were not used)', async () => {
    fake.always({ status: 400 });
    const r = await grader({ exemplars: async () => [NEAR], exemplarTokens: 4000 }).grade(eeJob());
    expect(r.grader).toBe('builtin-fallback');
    expect(r.exemplars).toBeUndefined();
    expect(fake.requests[0].body.messages![1].content).toContain('<exemplar title="Levy sample">');
  });
});

describe('essay language (issue 36)', () => {
  const FR_GOOD = fs.readFileSync(path.join(__dirname, 'fixtures', 'ee-fr-good.txt'), 'utf8');
  const FR_QUOTE = 'la réforme semble avoir déplacé';
  // What a model told to answer in French answers (the fake replies as asked).
  const french = replyFor([5, 4, 9, 3, 4], {
    criteria: replyFor([5, 4, 9, 3, 4]).criteria.map((c) => ({
      ...c,
      feedback: `Critère ${c.code} : la question de recherche est précise et l'analyse s'appuie sur des sources.`,
      strengths: [{ text: 'Une évaluation nuancée des sources', quote: FR_QUOTE }],
      improvements: [{ text: 'Développer la méthode', quote: '' }],
    })),
  });

  it('the request names French, and the result carries the French reply with language fr', async () => {
    fake.reply({ content: JSON.stringify(french) });
    const r = await grader().grade(job(FR_GOOD));
    const [system, user] = fake.requests[0].body.messages!.map((m) => m.content as string);
    expect(user.split('\n')).toContain('Essay language: French. Write your answer in French.');
    expect(system).toContain('in the language the user message names for the essay');
    expect(r).toMatchObject({ grader: 'openai', language: 'fr' });
    expect(r.criteria[0].feedback).toContain('la question de recherche est précise');
    const passage = r.criteria[0].strengthDetails![0].passages[0];
    expect(FR_GOOD.slice(passage.start, passage.end)).toBe(FR_QUOTE);
    expect(Value.Check(Results, r)).toBe(true);
  });

  it('a model outage on a French essay falls back to the built-in grader in French', async () => {
    fake.always({ status: 500 });
    const r = await grader({ maxRetries: 0 }).grade(job(FR_GOOD));
    expect(r).toMatchObject({ grader: 'builtin-fallback', language: 'fr' });
    expect(r.overallSummary.holisticCommentary).toContain('Évalué en français');
  });

  it('an essay in another language: the model grades it, answering in English; with the model down the built-in fallback refuses it', async () => {
    const german =
      'Forschungsfrage: Inwieweit veränderte die Eisenbahn die Landwirtschaft in Westfalen zwischen 1850 und 1900? Die Eisenbahn veränderte die Wirtschaft des neunzehnten Jahrhunderts grundlegend. In diesem Aufsatz wird untersucht, wie die neuen Verbindungen die Preise für Getreide und die Anbauflächen der Bauern beeinflussten.';
    fake.reply(good());
    const r = await grader().grade(job(german));
    expect(r).toMatchObject({ grader: 'openai', language: 'other' });
    expect(fake.requests[0].body.messages![1].content).toContain('Essay language: not English, French or Spanish');
    fake.reset();
    fake.always({ status: 500 });
    await expect(grader({ maxRetries: 0 }).grade(job(german))).rejects.toMatchObject({ code: 'UNSUPPORTED_LANGUAGE' });
  });
});
