import fs from 'node:fs';
import path from 'node:path';
import type { RubricSnapshot } from '@corestone/contracts';
import { gradeBuiltin } from '../src/domain/builtin';
import type { GradingJob } from '../src/domain/job';
import { EE_2027_RUBRIC, EE_RUBRIC, TOK_HOLISTIC_RUBRIC, TOK_RUBRIC, job } from './rubrics';

/**
 * The built-in grader's figures on the project's own essays (issue 33 §4): each essay under each of
 * the four IB rubrics, and the strong/weak separation (the good fixture's percentage minus the weak
 * one's) that the README reports and builtin.unit.test.ts keeps at least as wide as before.
 */
const root = path.join(__dirname, '../../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');

export const PROJECT_ESSAYS: Array<{ name: string; text: string; type: 'ee' | 'tok' }> = [
  { name: 'ee-good (fixture, 1,935 body words)', text: read('services/grading/test/fixtures/ee-good.txt'), type: 'ee' },
  { name: 'tok-good (fixture)', text: read('services/grading/test/fixtures/tok-good.txt'), type: 'tok' },
  { name: 'weak (fixture, unstructured)', text: read('services/grading/test/fixtures/weak.txt'), type: 'ee' },
  { name: 'very-weak (fixture)', text: read('services/grading/test/fixtures/very-weak.txt'), type: 'ee' },
  { name: 'k6 ee-economics', text: read('deploy/k6/essays/ee-economics.txt'), type: 'ee' },
  { name: 'k6 ee-biology', text: read('deploy/k6/essays/ee-biology.txt'), type: 'ee' },
  { name: 'k6 tok-knowledge', text: read('deploy/k6/essays/tok-knowledge.txt'), type: 'tok' },
];

export const RUBRICS: Record<'ee' | 'tok', Array<[string, RubricSnapshot]>> = {
  ee: [
    ['EE default /34', EE_RUBRIC],
    ['EE 2027 /30', EE_2027_RUBRIC],
  ],
  tok: [
    ['TOK default /10', TOK_RUBRIC],
    ['TOK holistic /10', TOK_HOLISTIC_RUBRIC],
  ],
};

/** Percentage of `text` graded as `type` on `rubric`. */
export function percentOf(
  text: string,
  type: 'ee' | 'tok',
  rubric: RubricSnapshot,
  over: Partial<GradingJob> = {},
): { total: number; max: number; percentage: number; grade: string } {
  const r = gradeBuiltin(job(text, { essay_type: type, rubric, ...over }));
  return { total: r.totalPoints, max: r.maxPoints, percentage: r.percentage, grade: r.overallGrade };
}

/** Good minus weak, in percentage points, for every rubric of both types (the weak fixture graded as each type). */
export function separations(): Array<{ rubric: string; good: number; weak: number; veryWeak: number; gap: number }> {
  const good = { ee: PROJECT_ESSAYS[0].text, tok: PROJECT_ESSAYS[1].text };
  const weak = PROJECT_ESSAYS[2].text;
  const veryWeak = PROJECT_ESSAYS[3].text;
  return (['ee', 'tok'] as const).flatMap((type) =>
    RUBRICS[type].map(([name, rubric]) => {
      const g = percentOf(good[type], type, rubric).percentage;
      const w = percentOf(weak, type, rubric).percentage;
      return { rubric: name, good: g, weak: w, veryWeak: percentOf(veryWeak, type, rubric).percentage, gap: Math.round((g - w) * 10) / 10 };
    }),
  );
}
