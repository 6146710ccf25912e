import { Value } from '@sinclair/typebox/value';
import { Results, gradeFromAiPercentage, localFallbackPoints, localFallbackResults, localFallbackScore } from '../src';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('spec admin §9 local fallback scoring, exactly as written', () => {
  it.each([
    // text, type, expected score
    [words(2999), 'ee', 3],
    [words(3000), 'ee', 4],
    [words(1199), 'tok', 3],
    [words(1200), 'tok', 4],
    [`${words(10)} introduction`, 'ee', 4],
    [`${words(10)} Conclusion`, 'ee', 4],
    [`${words(10)} introduction conclusion`, 'ee', 4], // one point for either word, not two
    [`${words(10)} (only an opening`, 'ee', 3],
    [`${words(10)} (both)`, 'ee', 4],
    [`${words(10)} ) reversed (`, 'ee', 4], // 'contains both parentheses', in any order
    [`${words(3000)} introduction (x)`, 'ee', 6],
    [`${words(1200)} conclusion (x)`, 'tok', 6],
  ] as const)('score of %#', (text, type, score) => {
    expect(localFallbackScore(text, type).score).toBe(score);
  });

  it('EE: total 4×score+4 of 34; A, B, E = score; C = score−1 (min 1); D = score+1 (max 6)', () => {
    expect(localFallbackPoints(3, 'ee')).toEqual({ criteria: { A: 3, B: 3, C: 2, D: 4, E: 3 }, total: 16 });
    expect(localFallbackPoints(6, 'ee')).toEqual({ criteria: { A: 6, B: 6, C: 5, D: 6, E: 6 }, total: 28 });
    expect(localFallbackPoints(1, 'ee').criteria.C).toBe(1);
  });

  it('TOK: total min(2×score+2, 10) of 10; A and B = min(score−1, 4); C always 2 of 2', () => {
    expect(localFallbackPoints(3, 'tok')).toEqual({ criteria: { A: 2, B: 2, C: 2 }, total: 8 });
    expect(localFallbackPoints(4, 'tok')).toEqual({ criteria: { A: 3, B: 3, C: 2 }, total: 10 });
    expect(localFallbackPoints(6, 'tok')).toEqual({ criteria: { A: 4, B: 4, C: 2 }, total: 10 });
  });

  it('grade A if score ≥ 5, B if ≥ 4, else C; the result fits the platform contract', () => {
    const ee = localFallbackResults(`${words(3000)} introduction (x)`, 'ee');
    expect(ee).toMatchObject({ overallGrade: 'A', totalPoints: 28, maxPoints: 34, grader: 'spec-local' });
    expect(ee.criteria.map((c) => [c.code, c.name, c.score, c.maxScore])).toEqual([
      ['A', 'Focus and Method', 6, 6],
      ['B', 'Knowledge and Understanding', 6, 6],
      ['C', 'Critical Thinking', 5, 6],
      ['D', 'Presentation', 6, 6],
      ['E', 'Engagement', 6, 6],
    ]);
    expect(Value.Check(Results, ee)).toBe(true);
    const tok = localFallbackResults(`${words(1100)} (x)`, 'tok');
    expect(tok).toMatchObject({ overallGrade: 'B', totalPoints: 10, maxPoints: 10 });
    expect(tok.criteria.map((c) => [c.code, c.score, c.maxScore])).toEqual([
      ['A', 3, 4],
      ['B', 3, 4],
      ['C', 2, 2],
    ]);
    expect(localFallbackResults('short', 'ee').overallGrade).toBe('C');
    expect(Value.Check(Results, tok)).toBe(true);
  });

  it('the local path grades an AI percentage at 85/70/55/40', () => {
    expect([85, 84.9, 70, 55, 40, 39.9].map((p) => gradeFromAiPercentage(p).grade)).toEqual(['A', 'B', 'B', 'C', 'D', 'E']);
    expect(gradeFromAiPercentage(10).label).toBe('Not Achieved');
  });
});
