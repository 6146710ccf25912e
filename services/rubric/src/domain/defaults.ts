import { DEFAULT_GRADE_BOUNDARIES, DEFAULT_PASS_THRESHOLD, type RubricCriterion, type ScoringStructure, type EssayType } from '@corestone/contracts';

function structure(criteria: Array<Omit<RubricCriterion, 'weight'>>): ScoringStructure {
  const total = criteria.reduce((sum, c) => sum + c.maxScore, 0);
  return {
    total_points: total,
    criteria: criteria.map((c) => ({ ...c, weight: Math.round((c.maxScore / total) * 1000) / 1000 })),
    grade_boundaries: [...DEFAULT_GRADE_BOUNDARIES],
    scoring_method: 'weighted_sum',
    pass_threshold: DEFAULT_PASS_THRESHOLD,
  };
}

export interface DefaultRubric {
  key: string;
  title: string;
  description: string;
  rubric_type: EssayType;
  scoring_structure: ScoringStructure;
}

/** Spec §9: the default EE rubric totals 34 and the default TOK rubric totals 10. */
export const DEFAULT_RUBRICS: DefaultRubric[] = [
  {
    key: 'default-ee',
    title: 'IB Extended Essay (2027 criteria)',
    description: 'Default Extended Essay rubric: five criteria, 34 points.',
    rubric_type: 'ee',
    scoring_structure: structure([
      { code: 'A', name: 'Focus and Method', maxScore: 6, description: 'Topic, research question and methodology: focused, appropriate and well justified.' },
      { code: 'B', name: 'Knowledge and Understanding', maxScore: 6, description: 'Context, subject-specific terminology and concepts used accurately and with understanding.' },
      { code: 'C', name: 'Critical Thinking', maxScore: 12, description: 'Research, analysis, discussion and evaluation that build a reasoned, supported argument.' },
      { code: 'D', name: 'Presentation', maxScore: 4, description: 'Structure, layout, referencing and the conventions of academic writing.' },
      { code: 'E', name: 'Engagement', maxScore: 6, description: 'Personal engagement and reflection on the research process and decisions.' },
    ]),
  },
  {
    key: 'default-tok',
    title: 'IB Theory of Knowledge Essay',
    description: 'Default TOK essay rubric: two criteria, 10 points.',
    rubric_type: 'tok',
    scoring_structure: structure([
      { code: 'A', name: 'Understanding Knowledge Questions', maxScore: 5, description: 'Focus on the prescribed title and the knowledge questions it raises, linked to areas of knowledge.' },
      { code: 'B', name: 'Quality of Analysis', maxScore: 5, description: 'Arguments, examples, counter-claims and their implications, clearly evaluated.' },
    ]),
  },
];

export function criteriaText(s: ScoringStructure): string {
  return s.criteria.map((c) => `Criterion ${c.code}: ${c.name} (${c.maxScore} points)${c.description ? ` - ${c.description}` : ''}`).join('\n');
}
