import type { GradeBoundary, RubricSnapshot } from '@corestone/contracts';
import type { GradingJob } from '../src/domain/job';

/** The spec's default rubrics (admin spec §9), as the rubric service snapshots them. */
const BOUNDARIES: GradeBoundary[] = [
  { grade: 'A', min_percentage: 80, max_percentage: 100, description: 'Excellent' },
  { grade: 'B', min_percentage: 70, max_percentage: 79, description: 'Good' },
  { grade: 'C', min_percentage: 60, max_percentage: 69, description: 'Satisfactory' },
  { grade: 'D', min_percentage: 50, max_percentage: 59, description: 'Mediocre' },
  { grade: 'E', min_percentage: 0, max_percentage: 49, description: 'Elementary' },
];

function snapshot(id: string, type: 'ee' | 'tok', criteria: Array<[string, string, number, string]>): RubricSnapshot {
  const total = criteria.reduce((s, c) => s + c[2], 0);
  return {
    id,
    title: type === 'ee' ? 'IB Extended Essay (2027 criteria)' : 'IB Theory of Knowledge Essay',
    rubric_type: type,
    scoring_structure: {
      total_points: total,
      criteria: criteria.map(([code, name, maxScore, description]) => ({
        code,
        name,
        maxScore,
        description,
        weight: Math.round((maxScore / total) * 1000) / 1000,
      })),
      grade_boundaries: BOUNDARIES,
      scoring_method: 'weighted_sum',
      pass_threshold: 50,
    },
  };
}

export const EE_RUBRIC = snapshot('0193a000-0000-7000-8000-0000000000ee', 'ee', [
  ['A', 'Focus and Method', 6, 'Topic, research question and methodology: focused, appropriate and well justified.'],
  ['B', 'Knowledge and Understanding', 6, 'Context, subject-specific terminology and concepts used accurately and with understanding.'],
  ['C', 'Critical Thinking', 12, 'Research, analysis, discussion and evaluation that build a reasoned, supported argument.'],
  ['D', 'Presentation', 4, 'Structure, layout, referencing and the conventions of academic writing.'],
  ['E', 'Engagement', 6, 'Personal engagement and reflection on the research process and decisions.'],
]);

export const TOK_RUBRIC = snapshot('0193a000-0000-7000-8000-000000000070', 'tok', [
  [
    'A',
    'Understanding Knowledge Questions',
    5,
    'Focus on the prescribed title and the knowledge questions it raises, linked to areas of knowledge.',
  ],
  ['B', 'Quality of Analysis', 5, 'Arguments, examples, counter-claims and their implications, clearly evaluated.'],
]);

/** The IB criteria from first assessment 2027 (30 marks), as the rubric helper seeds them. */
export const EE_2027_RUBRIC = snapshot('0193a000-0000-7000-8000-0000000002ee', 'ee', [
  ['A', 'Framework for the essay', 6, 'Topic, research question, methodology and sources chosen form a coherent framework.'],
  ['B', 'Knowledge and understanding', 6, 'Knowledge of the topic and the subject, terminology and concepts used accurately.'],
  ['C', 'Analysis and line of argument', 6, 'Analysis of evidence and a coherent, sustained line of argument that answers the question.'],
  ['D', 'Discussion and evaluation', 8, 'Discussion and evaluation of the findings, their implications and limitations.'],
  ['E', 'Reflection', 4, 'Reflection on the research process and the student as a learner.'],
]);

/** The TOK essay's single holistic criterion (10 marks). */
export const TOK_HOLISTIC_RUBRIC = snapshot('0193a000-0000-7000-8000-000000000270', 'tok', [
  [
    'A',
    'Does the student provide a clear, coherent and critical exploration of the essay title?',
    10,
    'One holistic judgement of the essay against the prescribed title: focus, links to areas of knowledge, arguments and examples, and evaluation of different points of view.',
  ],
]);

export function job(text: string, over: Partial<GradingJob> = {}): GradingJob {
  const type = over.essay_type ?? 'ee';
  return {
    evaluation_id: '0193a000-0000-7000-8000-000000000001',
    user_id: '0193a000-0000-7000-8000-000000000002',
    essay_type: type,
    title: type === 'ee' ? 'The sugar levy and the reformulation of soft drinks' : 'The more certain we are, the less we question',
    subject_area: type === 'ee' ? 'Economics' : 'Theory of Knowledge',
    text,
    word_count: text.split(/\s+/).filter(Boolean).length,
    rubric: type === 'ee' ? EE_RUBRIC : TOK_RUBRIC,
    ...over,
  };
}
