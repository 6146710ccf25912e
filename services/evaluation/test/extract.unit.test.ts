import { ExtractError, countWords, extractText, kindOf } from '@corestone/documents';
import { suggestionsFrom, titleOrDefault, toEvaluation } from '../src/domain/evaluation';
import { makeDocx, makePdf } from './fixtures';
import { NO_ASSIGNMENT } from '../src/domain/assignment';

describe('kindOf', () => {
  it('reads the extension case-insensitively and refuses others', () => {
    expect(kindOf('essay.TXT')).toBe('txt');
    expect(kindOf('my.essay.Docx')).toBe('docx');
    expect(kindOf('a.pdf')).toBe('pdf');
    expect(kindOf('a.doc')).toBeNull();
    expect(kindOf('pdf')).toBeNull();
    expect(kindOf('')).toBeNull();
  });
});

describe('extractText', () => {
  it('decodes UTF-8 text, drops a BOM and normalises line endings', async () => {
    const text = await extractText('txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('  Épistémologie\r\nline two  \n')]));
    expect(text).toBe('Épistémologie\nline two');
  });

  it('refuses binary content named .txt (NUL bytes, invalid UTF-8)', async () => {
    await expect(extractText('txt', Buffer.from([0x41, 0x00, 0x42]))).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(extractText('txt', Buffer.from([0xff, 0xfe, 0x41]))).rejects.toBeInstanceOf(ExtractError);
    await expect(extractText('txt', makePdf(['x']).subarray(0, 0))).resolves.toBe('');
  });

  it('reads a real generated .docx', async () => {
    const text = await extractText('docx', await makeDocx(['First paragraph of the essay.', 'Second & last <paragraph>.']));
    expect(text).toContain('First paragraph of the essay.');
    expect(text).toContain('Second & last <paragraph>.');
  });

  it('reads a real generated .pdf without page markers', async () => {
    const text = await extractText('pdf', makePdf(['Knowledge questions in TOK', 'Second line (with brackets)']));
    expect(text).toBe('Knowledge questions in TOK\nSecond line (with brackets)');
  });

  it('refuses content that does not match the extension, and broken documents', async () => {
    await expect(extractText('pdf', Buffer.from('just some text'))).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(extractText('docx', makePdf(['x']))).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(extractText('pdf', Buffer.from('%PDF-1.4\ngarbage that is not a pdf'))).rejects.toMatchObject({ reason: 'unreadable' });
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    await expect(extractText('docx', broken)).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('evaluation domain', () => {
  it('counts words as whitespace-split non-empty pieces (spec admin §5)', () => {
    expect(countWords('Hello,  world — 42 times\n\nagain')).toBe(6);
    expect(countWords('  \t\n ')).toBe(0);
    expect(countWords('')).toBe(0);
    expect(countWords('one\u00a0two\tthree\r\nfour')).toBe(4);
  });

  it('defaults empty titles by essay type', () => {
    expect(titleOrDefault('  ', 'ee')).toBe('Extended Essay Submission');
    expect(titleOrDefault(undefined, 'tok')).toBe('Theory of Knowledge Submission');
    expect(titleOrDefault(' Mine ', 'tok')).toBe('Mine');
  });

  it('builds suggestions from improvements then next steps without repeats', () => {
    const summary = { holisticCommentary: '', strengths: [], improvements: ['A', 'B'], nextSteps: ['B', ' C ', ''] };
    expect(suggestionsFrom({ overallSummary: summary } as never)).toEqual(['A', 'B', 'C']);
  });

  it('maps a row to every Evaluation field', () => {
    const created = new Date('2025-01-02T03:04:05Z');
    const e = toEvaluation({
      ...NO_ASSIGNMENT,
      id: 'e1',
      user_id: 'u1',
      user_name: 'Ann Lee',
      user_email: 'ann@example.com',
      user_type: 'student',
      file_name: 'a.txt',
      title: 'T',
      essay_type: 'ee',
      subject_area: 'Physics',
      status: 'completed',
      approval_status: 'pending_review',
      overall_score: 20,
      rubric_id: 'r1',
      rubric: {
        id: 'r1',
        title: 'R',
        rubric_type: 'ee',
        scoring_structure: { total_points: 34, criteria: [], grade_boundaries: [], scoring_method: 'weighted_sum', pass_threshold: 50 },
      },
      word_count: 10,
      processing_time: 1.5,
      evaluation_time: 1.5,
      progress: 60,
      error_message: null,
      created_at: created,
      completed_at: created,
      suggestions: ['x'],
      admin_notes: null,
      results: null,
      attempt: 1,
      ai_feedback: null,
      grader: 'builtin',
      reviewed_by: null,
      reviewed_at: null,
      reused_from: null,
      updated_at: created,
      stage: 'completed',
      notes_for_student: false,
      feedback_at: null,
      decided_at: null,
    });
    expect(e).toMatchObject({
      submittedAt: created.toISOString(),
      created_at: created.toISOString(),
      extractedWordCount: 10,
      fileName: 'a.txt',
      profiles: { full_name: 'Ann Lee', email: 'ann@example.com' },
      submitted_by: 'Ann Lee',
      progress: 100,
      review: { status: 'pending_review', decided_at: null, feedback: null, feedback_at: null, notes: null },
    });
  });
});
