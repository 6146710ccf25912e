import type { Rubric, ProcessedRubricFile } from '@corestone/contracts';
import { makeDoc, makeDocx, makePdf, multipart, type FilePart } from '@corestone/documents/testing';
import { FakeOpenAI } from '../../../tests/support/fake-openai';
import { startRubricService, type RubricService } from './harness';

/** A rubric document as a school would write it, one line per paragraph. */
const RUBRIC_LINES = [
  'History Extended Essay Rubric',
  'Used by supervisors for the 2026 cohort.',
  'Criterion A: Research focus (6 marks)',
  'The research question and the approach to it.',
  '0: The work does not reach a standard described below.',
  '1–3: The research question is vague and the approach unclear.',
  '4–6: The research question is focused and the approach justified.',
  'Criterion B: Use of sources (4 marks)',
  '0: No relevant sources.',
  '1–2: Sources are listed but barely used.',
  '3–4: Sources are evaluated for origin and purpose.',
  'Guidance',
  'Is the question answerable within 4,000 words?',
];

let svc: RubricService;
beforeAll(async () => {
  svc = await startRubricService('rubf');
});
afterAll(async () => {
  await svc?.close();
});

function upload(url: string, fields: Record<string, string>, file?: FilePart, role: 'super_admin' | 'admin' = 'super_admin') {
  const body = multipart(fields, file);
  return svc.as(role, { method: 'POST', url, payload: body.payload, headers: body.headers });
}

const expectRecognised = (result: ProcessedRubricFile) => {
  expect(result.structured_rubric.title).toBe('History Extended Essay Rubric');
  expect(result.structured_rubric.description).toBe('Used by supervisors for the 2026 cohort.');
  expect(result.structured_rubric.criteria.map((c) => [c.code, c.name, c.maxScore, c.scoring_levels?.length])).toEqual([
    ['A', 'Research focus', 6, 3],
    ['B', 'Use of sources', 4, 3],
  ]);
  expect(result.structured_rubric.criteria[1].scoring_levels?.[2]).toEqual({
    min: 3,
    max: 4,
    descriptor: 'Sources are evaluated for origin and purpose.',
  });
  expect(result.structured_rubric.scoring_structure.total_points).toBe(10);
  expect(result.structured_rubric.detailed_guidance).toEqual(['Is the question answerable within 4,000 words?']);
  expect(result.extracted_prompts).toEqual(['Is the question answerable within 4,000 words?']);
  expect(result.extracted_text).toContain('Criterion B: Use of sources (4 marks)');
  expect(result.word_count).toBe(RUBRIC_LINES.join(' ').split(/\s+/).length);
  expect(result.criteria_text).toContain('Criterion A: Research focus (6 marks)');
  expect(result).toMatchObject({ rubric_type: 'ee', source: 'parser', warnings: [] });
};

describe('POST /rubrics/process-file', () => {
  it.each([
    ['txt', () => ({ name: 'rubric.txt', data: RUBRIC_LINES.join('\n') })],
    ['docx', async () => ({ name: 'Rubric.DOCX', data: await makeDocx(RUBRIC_LINES) })],
    ['doc', () => ({ name: 'rubric.doc', data: makeDoc(RUBRIC_LINES) })],
    ['pdf', () => ({ name: 'rubric.pdf', data: makePdf(RUBRIC_LINES) })],
  ])('reads criteria, marks, descriptors, guidance and questions from a real .%s', async (_kind, make) => {
    const file = await make();
    const res = await upload('/rubrics/process-file', { rubric_type: 'ee' }, file);
    expect(res.statusCode).toBe(200);
    expectRecognised(res.json());
    expect(res.json().file_name).toBe(file.name);
  });

  it("answers the spec's messages for a wrong type or an oversized file", async () => {
    const odt = await upload('/rubrics/process-file', { rubric_type: 'ee' }, { name: 'rubric.odt', data: 'x' });
    expect([odt.statusCode, odt.json()]).toEqual([
      415,
      { detail: 'Unsupported file type. Please upload: .pdf, .docx, .doc, .txt', code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const tooLarge = await upload('/rubrics/process-file', { rubric_type: 'ee' }, { name: 'rubric.txt', data: big });
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([
      413,
      { detail: 'File too large. Maximum size is 10MB.', code: 'PAYLOAD_TOO_LARGE' },
    ]);
    const exactly10Mb = Buffer.concat([Buffer.from(RUBRIC_LINES.join('\n') + '\n'), Buffer.alloc(10 * 1024 * 1024 - 2000, ' ')]);
    expect((await upload('/rubrics/process-file', { rubric_type: 'ee' }, { name: 'rubric.txt', data: exactly10Mb })).statusCode).toBe(200);
  });

  it('refuses content that is not what the extension says, unreadable, empty or rubric-less documents, and bad fields', async () => {
    const fakePdf = await upload('/rubrics/process-file', { rubric_type: 'ee' }, { name: 'rubric.pdf', data: RUBRIC_LINES.join('\n') });
    expect(fakePdf.statusCode).toBe(415);
    expect(fakePdf.json().detail).toBe(
      'Unsupported file type. Please upload: .pdf, .docx, .doc, .txt (This file is named .pdf but its content is not a .pdf document: save it again as a PDF and upload that)',
    );
    const exe = await upload('/rubrics/process-file', { rubric_type: 'ee' }, { name: 'rubric.doc', data: Buffer.from('MZ\x90\x00binary') });
    expect(exe.statusCode).toBe(415);
    const brokenDocx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 9)]);
    const broken = await upload('/rubrics/process-file', { rubric_type: 'ee' }, { name: 'rubric.docx', data: brokenDocx });
    expect([broken.statusCode, broken.json().code]).toEqual([422, 'FILE_UNREADABLE']);
    const empty = await upload('/rubrics/process-file', { rubric_type: 'ee' }, { name: 'rubric.txt', data: '  \n ' });
    expect(empty.json()).toEqual({
      detail: 'The file contains no readable text. Upload a document with selectable text (a scanned image cannot be read).',
      code: 'FILE_EMPTY',
    });
    const letter = await upload(
      '/rubrics/process-file',
      { rubric_type: 'ee' },
      { name: 'letter.txt', data: 'Dear parents,\nthe trip is on Friday.' },
    );
    expect([letter.statusCode, letter.json().code]).toEqual([422, 'RUBRIC_FILE_UNRECOGNISED']);
    const noFile = await upload('/rubrics/process-file', { rubric_type: 'ee' });
    expect([noFile.statusCode, noFile.json().detail]).toEqual([400, 'Please upload a file']);
    const badType = await upload('/rubrics/process-file', { rubric_type: 'essay' }, { name: 'rubric.txt', data: 'x' });
    expect(badType.json()).toEqual({ detail: "rubric_type: must be 'ee' or 'tok'", code: 'VALIDATION_ERROR' });
    const json = await svc.as('super_admin', { method: 'POST', url: '/rubrics/process-file', payload: { rubric_type: 'ee' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('POST /rubrics/create-from-file', () => {
  it('creates an active rubric from the document, keeping its guidance in the criteria text', async () => {
    const res = await upload(
      '/rubrics/create-from-file',
      { rubric_type: 'ee', title: ' History EE (school) ', description: '' },
      { name: 'rubric.docx', data: await makeDocx(RUBRIC_LINES) },
    );
    expect(res.statusCode).toBe(201);
    const rubric = res.json() as Rubric;
    expect(rubric).toMatchObject({
      title: 'History EE (school)',
      description: 'Used by supervisors for the 2026 cohort.',
      rubric_type: 'ee',
      status: 'active',
      version: 1,
    });
    expect(rubric.scoring_structure.criteria.map((c) => c.name)).toEqual(['Research focus', 'Use of sources']);
    expect(rubric.criteria_text).toMatch(/\n\nGuidance\n- Is the question answerable within 4,000 words\?$/);
    const active = (await svc.as('student', { url: '/rubrics/active?rubric_type=ee' })).json() as Rubric[];
    expect(active.map((r) => r.id)).toContain(rubric.id);
  });

  it('needs a title and a file', async () => {
    const noTitle = await upload(
      '/rubrics/create-from-file',
      { rubric_type: 'tok', title: '  ' },
      { name: 'r.txt', data: RUBRIC_LINES.join('\n') },
    );
    expect(noTitle.json()).toEqual({ detail: 'Title is required', code: 'VALIDATION_ERROR' });
    const noFile = await upload('/rubrics/create-from-file', { rubric_type: 'tok', title: 'T' });
    expect(noFile.json()).toEqual({ detail: 'Please process a file first before creating the rubric.', code: 'VALIDATION_ERROR' });
  });
});

describe('generate-ai-rubric without a language model', () => {
  it("answers the document parser's result and says so", async () => {
    const res = await upload(
      '/rubrics/generate-ai-rubric',
      { rubric_type: 'ee', generate_scoring: 'true' },
      { name: 'r.pdf', data: makePdf(RUBRIC_LINES) },
    );
    expect(res.statusCode).toBe(200);
    const result = res.json() as ProcessedRubricFile;
    expect(result.source).toBe('parser');
    expect(result.warnings).toEqual(["No language model is configured: this is the document parser's result"]);
    expect(result.structured_rubric.criteria).toHaveLength(2);
  });
});

describe('generate-ai-rubric with a language model (fake OpenAI server on loopback)', () => {
  const fake = new FakeOpenAI();
  let ai: RubricService;
  beforeAll(async () => {
    await fake.start();
    ai = await startRubricService('rubai', {
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: 'gpt-test',
      // Above the SDK's two retry back-offs (0.375–0.5 s, then 0.75–1 s) plus the requests, with room
      // for a busy machine: at 1.5 s the third request of the failing case could come after the deadline.
      RUBRIC_AI_TIMEOUT_MS: '3000',
    });
  });
  afterAll(async () => {
    await ai?.close();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  const modelAnswer = {
    title: 'History EE rubric',
    description: 'Two criteria for history essays.',
    criteria: [
      {
        code: 'a',
        name: 'Research focus',
        maxScore: 6,
        description: 'The research question and approach.',
        scoring_levels: [
          { min: 0, max: 0, descriptor: 'Not reached.' },
          { min: 1, max: 3, descriptor: 'Vague question.' },
          { min: 4, max: 6, descriptor: 'Focused question.' },
        ],
      },
      {
        code: 'B',
        name: 'Use of sources',
        maxScore: 4,
        description: '',
        scoring_levels: [
          { min: 0, max: 2, descriptor: 'Listed, barely used.' },
          { min: 3, max: 4, descriptor: 'Evaluated.' },
        ],
      },
    ],
    detailed_guidance: ['Read the whole essay first.'],
    prompts: ['Is the question answerable within 4,000 words?', 'Are sources evaluated?'],
  };

  const generate = (fields: Record<string, string> = { rubric_type: 'ee', generate_scoring: 'false' }) => {
    const body = multipart(fields, { name: 'rubric.txt', data: RUBRIC_LINES.join('\n') });
    return ai.as('super_admin', { method: 'POST', url: '/rubrics/generate-ai-rubric', payload: body.payload, headers: body.headers });
  };

  it("uses the model's structure, asked for as strict JSON with the document in the prompt", async () => {
    fake.reply({ content: JSON.stringify(modelAnswer) });
    const res = await generate({ rubric_type: 'ee', generate_scoring: 'true' });
    expect(res.statusCode).toBe(200);
    const result = res.json() as ProcessedRubricFile;
    expect(result.source).toBe('openai');
    expect(result.warnings).toEqual([]);
    expect(result.structured_rubric).toMatchObject({ title: 'History EE rubric', detailed_guidance: ['Read the whole essay first.'] });
    expect(result.structured_rubric.criteria.map((c) => [c.code, c.name, c.maxScore, c.weight])).toEqual([
      ['A', 'Research focus', 6, 0.6],
      ['B', 'Use of sources', 4, 0.4],
    ]);
    expect(result.structured_rubric.criteria[1].description).toBeUndefined();
    expect(result.extracted_prompts).toEqual(['Is the question answerable within 4,000 words?', 'Are sources evaluated?']);
    expect(result.criteria_text).toContain('Criterion B: Use of sources (4 marks)\n0–2: Listed, barely used.');
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent.body).toMatchObject({
      model: 'gpt-test',
      response_format: { type: 'json_schema', json_schema: { name: 'rubric', strict: true } },
    });
    expect(sent.body.messages?.[0].content).toContain('write IB-style bands');
    expect(sent.body.messages?.[1].content).toContain('Criterion B: Use of sources (4 marks)');
    expect(sent.body.messages?.[1].content).toContain('Extended Essay');

    // The structure it returned becomes a rubric as it is.
    const created = await ai.as('super_admin', {
      method: 'POST',
      url: '/rubrics/create-from-ai-structure?rubric_type=ee',
      payload: { structured_rubric: result.structured_rubric, status: 'draft' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'History EE rubric',
      status: 'draft',
      scoring_structure: result.structured_rubric.scoring_structure,
    });
    expect(created.json().criteria_text).toContain('Guidance\n- Read the whole essay first.');
  });

  it('falls back to the parser, saying why, on malformed, mismatching or unusable answers', async () => {
    fake.reply({ content: 'Sure! Here is the rubric: {' });
    let result = (await generate()).json() as ProcessedRubricFile;
    expect(result.source).toBe('parser');
    expect(result.warnings[0]).toBe(
      "The language model's answer could not be used (the answer is not JSON); this is the document parser's result",
    );
    expectRecognised({ ...result, warnings: [] });

    fake.reply({ content: JSON.stringify({ ...modelAnswer, criteria: [{ code: 'A', name: 'x' }] }) });
    result = (await generate()).json();
    expect(result.source).toBe('parser');
    expect(result.warnings[0]).toMatch(
      /^The language model's answer could not be used \(the answer does not match the rubric schema \(\/criteria\/0/,
    );

    fake.reply({ content: JSON.stringify({ ...modelAnswer, criteria: [{ ...modelAnswer.criteria[0], maxScore: 0 }] }) });
    result = (await generate()).json();
    expect(result.warnings[0]).toContain('Criterion A: maxScore must be greater than 0');
  });

  it('retries a server error, then falls back when the model keeps failing or is too slow', async () => {
    fake.reply({ status: 500 }, { content: JSON.stringify(modelAnswer) });
    expect(((await generate()).json() as ProcessedRubricFile).source).toBe('openai');
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.always({ status: 503 });
    const failing = (await generate()).json() as ProcessedRubricFile;
    expect(failing.source).toBe('parser');
    expect(fake.requests).toHaveLength(3); // the first try and the SDK's two retries
    expect(failing.warnings[0]).toMatch(/^The language model's answer could not be used \(.*503/);

    fake.reset();
    fake.always({ delayMs: 5000, content: JSON.stringify(modelAnswer) });
    const slow = (await generate()).json() as ProcessedRubricFile;
    expect(slow.source).toBe('parser');
    expect(slow.warnings[0]).toBe("The language model's answer could not be used (it took too long); this is the document parser's result");
  });
});

describe('POST /rubrics/create-from-ai-structure', () => {
  it('creates from bare criteria and refuses a structure without criteria or a type', async () => {
    const ok = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics/create-from-ai-structure?rubric_type=tok',
      payload: { title: 'Bare', criteria: [{ code: 'A', name: 'Whole essay', maxScore: 10 }] },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ rubric_type: 'tok', status: 'active', scoring_structure: { total_points: 10 } });
    const none = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics/create-from-ai-structure?rubric_type=tok',
      payload: { title: 'None' },
    });
    expect(none.json()).toEqual({ detail: 'Please process a file first before creating the rubric.', code: 'RUBRIC_NO_CRITERIA' });
    const noType = await svc.as('super_admin', {
      method: 'POST',
      url: '/rubrics/create-from-ai-structure',
      payload: { title: 'x', criteria: [] },
    });
    expect(noType.statusCode).toBe(400);
  });
});
