import { Messages } from '@corestone/contracts';
import { ESSAY, fakeExe, makePdf, makePdfWith, makeZipBombDocx, multipart, type FilePart } from './fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('evf');
});
afterAll(async () => {
  await h?.close();
});

function submit(headers: Record<string, string>, file: FilePart) {
  const body = multipart({ title: 'File check', essay_type: 'ee', rubric_id: h.rubrics.ee.id }, file);
  return h.app.inject({
    method: 'POST',
    url: '/evaluation/evaluate-async',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function rowsOf(userId: string): Promise<number> {
  const { rows } = await h.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM evaluations WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

describe('uploaded files are checked by extension and by content', () => {
  it('refuses each bad file with a clear 4xx, charges nothing and stores nothing', async () => {
    const me = await h.user('student', 3);
    const callsBefore = h.ledger.calls;
    const cases: Array<{ file: FilePart; status: number; code: string; detail: RegExp }> = [
      { file: { name: 'essay.pdf', data: ESSAY }, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: /not a \.pdf document/ },
      { file: { name: 'setup.pdf', data: fakeExe() }, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: /not a \.pdf document/ },
      { file: { name: 'setup.docx', data: fakeExe() }, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: /not a \.docx document/ },
      {
        file: { name: 'setup.TXT', data: fakeExe() },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        detail: /named \.txt but it is not plain text/,
      },
      {
        file: { name: 'setup.exe', data: fakeExe() },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        detail: /^Only \.txt, \.docx, \.pdf files are allowed$/,
      },
      { file: { name: 'bomb.docx', data: makeZipBombDocx() }, status: 422, code: 'FILE_REFUSED', detail: /expands to more than 200 MB/ },
      {
        file: { name: 'locked.pdf', data: await makePdfWith({ text: ESSAY, userPassword: 'secret' }) },
        status: 422,
        code: 'FILE_REFUSED',
        detail: /password-protected/,
      },
      {
        file: { name: 'scan.PDF', data: await makePdfWith({ image: true }) },
        status: 400,
        code: 'EMPTY_ESSAY',
        detail: /no readable text.*image-only PDF/,
      },
    ];
    for (const c of cases) {
      const res = await submit(me.headers, c.file);
      expect({ name: c.file.name, status: res.statusCode, code: res.json().code }).toEqual({
        name: c.file.name,
        status: c.status,
        code: c.code,
      });
      expect(res.json().detail).toMatch(c.detail);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
    }
    expect(h.ledger.calls).toBe(callsBefore);
    expect(h.ledger.credits.get(me.id)).toBe(3);
    expect(await rowsOf(me.id)).toBe(0);
  });

  it('accepts the same kinds of files when they are what they claim, whatever the extension case', async () => {
    const me = await h.user('student', 3);
    const pdf = await submit(me.headers, {
      name: 'ESSAY.PDF',
      data: await makePdfWith({ text: 'An essay written with pdfkit about light.' }),
    });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().extractedWordCount).toBe(7);
    const txt = await submit(me.headers, { name: 'Essay.Txt', data: 'one  two\n\nthree — four' });
    expect(txt.statusCode).toBe(201);
    expect(txt.json().extractedWordCount).toBe(5); // whitespace-split non-empty pieces: the dash counts
    expect((await submit(me.headers, { name: 'old.pdf', data: makePdf(['Hand-made PDF text']) })).statusCode).toBe(201);
  });

  it('answers 413 for a file over 20 MB without charging', async () => {
    const me = await h.user('student', 1);
    const res = await submit(me.headers, { name: 'big.txt', data: Buffer.alloc(20 * 1024 * 1024 + 1, 'a') });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: Messages.FILE_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
    expect(h.ledger.credits.get(me.id)).toBe(1);
    expect(await rowsOf(me.id)).toBe(0);
  });
});
