import { createHash } from 'node:crypto';
import type { RubricSnapshot } from '@corestone/contracts';
import { contentOf } from '../src/domain/evaluation';

const rubric = {
  id: '6f1c2a4e-8f9b-4c1d-9e2f-0a1b2c3d4e5f',
  title: 'EE "2027"',
  rubric_type: 'ee',
  scoring_structure: { total_points: 34, criteria: [], grade_boundaries: [] },
  version: 3,
} as unknown as RubricSnapshot;

const texts = [
  'A plain essay.',
  'Quotes " and \\ backslashes, tabs\tand\nnew lines',
  'Unicode: é € 漢字 😀 and a lone surrogate \ud800 here',
  '\u0001 control characters \u001f',
];

describe('contentOf', () => {
  it.each(texts)('keys an essay as the stored keys were made: sha256 of JSON.stringify([type, rubric, text]) (%#)', (text) => {
    const stored = createHash('sha256')
      .update(JSON.stringify(['ee', rubric, text]))
      .digest('hex');
    expect(contentOf('ee', JSON.stringify(rubric), text).key).toBe(stored);
  });

  it('bounds the job event from above, rubric written with spaces as Postgres writes it', () => {
    for (const text of texts) {
      const spaced = JSON.stringify(rubric).replace(/([,:])/g, '$1 ');
      const event = JSON.stringify({ id: rubric.id, type: 'evaluation.submitted.v1', version: 1, occurredAt: new Date().toISOString() });
      const data = `{"evaluation_id" : "${rubric.id}", "user_id" : "${rubric.id}", "essay_type" : "ee", "title" : ${JSON.stringify('”'.repeat(500))}, "subject_area" : ${JSON.stringify('\u0001'.repeat(200))}, "text" : ${JSON.stringify(text)}, "word_count" : 4000, "rubric" : ${spaced}, "attempt" : 12}`;
      const bytes = Buffer.byteLength(`${event.slice(0, -1)},"data":${data}}`);
      expect(contentOf('ee', JSON.stringify(rubric), text).eventBytesAtMost).toBeGreaterThanOrEqual(bytes);
    }
  });

  it('changes with the type, the rubric and every character of the text', () => {
    const key = (type: 'ee' | 'tok', r: RubricSnapshot, text: string) => contentOf(type, JSON.stringify(r), text).key;
    const base = key('ee', rubric, 'An essay.');
    expect(key('tok', rubric, 'An essay.')).not.toBe(base);
    expect(key('ee', { ...rubric, version: 4 }, 'An essay.')).not.toBe(base);
    expect(key('ee', rubric, 'An essay!')).not.toBe(base);
  });
});
