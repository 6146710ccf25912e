import { Codes, Messages, type Evaluation } from '@corestone/contracts';
import { multipart } from './fixtures';
import { startHarness, type Harness } from './harness';

/** GET /evaluation/{id}/text: the owner's essay (the student's essay view), admins too, nobody else. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness('evt');
});
afterAll(async () => {
  await h?.close();
});

type Headers = Record<string, string>;

async function submit(headers: Headers, text: string): Promise<Evaluation> {
  const body = multipart({ title: 'My essay', essay_type: 'ee', rubric_id: h.rubrics.ee.id }, { name: 'essay.txt', data: text });
  const res = await h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const textOf = (id: string, headers: Headers) => h.app.inject({ url: `/evaluation/${id}/text`, headers });
const NOT_FOUND = { detail: Messages.EVALUATION_NOT_FOUND, code: Codes.NOT_FOUND };

describe('GET /evaluation/{id}/text', () => {
  it('answers the owner the text exactly as stored (the offsets of passages point into it)', async () => {
    const me = await h.user('student');
    const text = `A  research question:\n\n\tHow far does “shade” cool a street? ${Math.random()}\n\nSecond paragraph.`;
    const e = await submit(me.headers, text);
    const res = await textOf(e.id, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: e.id, text, word_count: e.extractedWordCount });
    expect(e.extractedWordCount).toBeGreaterThan(0);
  });

  it('answers admins and super admins as they may read the evaluation', async () => {
    const me = await h.user('teacher');
    const text = `Teacher's essay for the admins ${Math.random()}`;
    const e = await submit(me.headers, text);
    for (const role of ['admin', 'super_admin'] as const) {
      const res = await textOf(e.id, (await h.user(role)).headers);
      expect([role, res.statusCode, res.json().text]).toEqual([role, 200, text]);
    }
  });

  it('answers anyone else the same 404 as an id that does not exist, never revealing the essay', async () => {
    const me = await h.user('student');
    const e = await submit(me.headers, `Private essay ${Math.random()}`);
    const missing = await textOf('0190c0de-0000-7000-8000-000000000000', me.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    for (const role of ['student', 'teacher'] as const) {
      const res = await textOf(e.id, (await h.user(role)).headers);
      expect([role, res.statusCode, res.json()]).toEqual([role, 404, missing.json()]);
    }
    const notAnId = await textOf('not-a-uuid', me.headers);
    expect([notAnId.statusCode, notAnId.json()]).toEqual([404, NOT_FOUND]);
    expect((await textOf(e.id, {})).statusCode).toBe(401);
  });

  it('is gone with the evaluation: 404 to the owner and to admins after deletion', async () => {
    const me = await h.user('student');
    const adminHeaders = (await h.user('admin')).headers;
    const e = await submit(me.headers, `Soon deleted ${Math.random()}`);
    expect((await textOf(e.id, me.headers)).statusCode).toBe(200);
    const del = await h.app.inject({ method: 'DELETE', url: `/evaluation/${e.id}`, headers: me.headers });
    expect(del.statusCode).toBe(200);
    for (const headers of [me.headers, adminHeaders]) {
      const res = await textOf(e.id, headers);
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    }
    const adminRoute = await h.app.inject({ url: `/evaluation/admin/${e.id}/text`, headers: adminHeaders });
    expect([adminRoute.statusCode, adminRoute.json()]).toEqual([404, NOT_FOUND]);
  });
});
