import type { EssayType, Results } from './api-grading';
import { countWords } from './words';

/**
 * The spec's "Local fallback scoring" (admin §9), exactly as written: the result the browser-local
 * assessment path shows when the model fails or takes over 30 s, and the grading service's
 * `spec-local` grader. It lives here, beside the spec's other constants, so the server and any
 * browser-local path compute the same numbers from one implementation.
 *
 *   base 4 if words >= 3000 (ee) or >= 1200 (tok), else 3; +1 if the text contains 'introduction'
 *   or 'conclusion'; +1 if it contains both parentheses; capped at 6.
 *   EE total = 4 × score + 4 out of 34; A, B, E = score; C = score − 1 (min 1); D = score + 1 (max 6).
 *   TOK total = min(2 × score + 2, 10) out of 10; A and B = min(score − 1, 4); C always 2 of 2.
 *   Grade A if score >= 5, B if >= 4, else C.
 */
const LOCAL_FALLBACK = {
  wordThreshold: { ee: 3000, tok: 1200 } as Record<EssayType, number>,
  baseAbove: 4,
  baseBelow: 3,
  cap: 6,
  /** The in-prompt rubrics of the local path (admin §9). */
  criteria: {
    ee: [
      { code: 'A', name: 'Focus and Method', maxScore: 6 },
      { code: 'B', name: 'Knowledge and Understanding', maxScore: 6 },
      { code: 'C', name: 'Critical Thinking', maxScore: 6 },
      { code: 'D', name: 'Presentation', maxScore: 6 },
      { code: 'E', name: 'Engagement', maxScore: 6 },
    ],
    tok: [
      { code: 'A', name: 'Understanding Knowledge Issues', maxScore: 4 },
      { code: 'B', name: 'Use of Knowledge', maxScore: 4 },
      { code: 'C', name: 'Critical Reasoning', maxScore: 2 },
    ],
  },
  maxPoints: { ee: 34, tok: 10 } as Record<EssayType, number>,
} as const;

/** Grade labels of the local path (admin §4: A Excellent, B Good, C Satisfactory). */
const LOCAL_GRADE_LABELS: Record<string, string> = { A: 'Excellent', B: 'Good', C: 'Satisfactory' };

/** The local path's grade from an AI percentage, points/max (admin §4): 85/70/55/40. Used by the admin remote's browser-local assessment (`withLocalPathGrade`) for the AI's result; the fallback rules grade by score. */
export function gradeFromAiPercentage(percentage: number): { grade: string; label: string } {
  if (percentage >= 85) return { grade: 'A', label: 'Excellent' };
  if (percentage >= 70) return { grade: 'B', label: 'Good' };
  if (percentage >= 55) return { grade: 'C', label: 'Satisfactory' };
  if (percentage >= 40) return { grade: 'D', label: 'Mediocre' };
  return { grade: 'E', label: 'Not Achieved' };
}

interface LocalFallbackScore {
  words: number;
  base: number;
  /** 'introduction' or 'conclusion' found (case-insensitive). */
  signposted: boolean;
  /** both '(' and ')' found. */
  parentheses: boolean;
  score: number;
}

/** The single 0–6 score the local fallback derives from the text. */
export function localFallbackScore(text: string, essayType: EssayType): LocalFallbackScore {
  const words = countWords(text);
  const base = words >= LOCAL_FALLBACK.wordThreshold[essayType] ? LOCAL_FALLBACK.baseAbove : LOCAL_FALLBACK.baseBelow;
  const lower = text.toLowerCase();
  const signposted = lower.includes('introduction') || lower.includes('conclusion');
  const parentheses = text.includes('(') && text.includes(')');
  const score = Math.min(base + (signposted ? 1 : 0) + (parentheses ? 1 : 0), LOCAL_FALLBACK.cap);
  return { words, base, signposted, parentheses, score };
}

/** Criterion points and the total the local fallback gives for a score (admin §9). */
export function localFallbackPoints(score: number, essayType: EssayType): { criteria: Record<string, number>; total: number } {
  if (essayType === 'ee') {
    return {
      criteria: { A: score, B: score, C: Math.max(score - 1, 1), D: Math.min(score + 1, 6), E: score },
      total: 4 * score + 4,
    };
  }
  const ab = Math.min(score - 1, 4);
  return { criteria: { A: ab, B: ab, C: 2 }, total: Math.min(2 * score + 2, 10) };
}

function localFallbackGrade(score: number): string {
  return score >= 5 ? 'A' : score >= 4 ? 'B' : 'C';
}

/**
 * The whole local fallback result in the platform's result shape. The texts say what the rules
 * looked at; the rules judge nothing else, and the commentary says so.
 */
export function localFallbackResults(text: string, essayType: EssayType): Results {
  const s = localFallbackScore(text, essayType);
  const points = localFallbackPoints(s.score, essayType);
  const grade = localFallbackGrade(s.score);
  const maxPoints = LOCAL_FALLBACK.maxPoints[essayType];
  const threshold = LOCAL_FALLBACK.wordThreshold[essayType];
  const found = [
    `${s.words} words (${s.words >= threshold ? 'at least' : 'under'} ${threshold})`,
    s.signposted ? "the words 'introduction' or 'conclusion'" : "neither 'introduction' nor 'conclusion'",
    s.parentheses ? 'parenthetical material' : 'no parentheses',
  ].join(', ');
  const improvements = [
    ...(s.words < threshold ? [`Develop the essay to at least ${threshold} words`] : []),
    ...(!s.signposted ? ['Signpost an introduction and a conclusion'] : []),
    ...(!s.parentheses ? ['Cite your sources in the text, e.g. (Author, 2020)'] : []),
  ];
  const criteria = LOCAL_FALLBACK.criteria[essayType].map((c) => {
    const score = points.criteria[c.code];
    return {
      code: c.code,
      name: c.name,
      score,
      maxScore: c.maxScore,
      band: LOCAL_GRADE_LABELS[grade],
      feedback: `Estimated by the local fallback rules from ${found}.`,
      weight: c.maxScore / LOCAL_FALLBACK.criteria[essayType].reduce((t, x) => t + x.maxScore, 0),
      strengths: [],
      improvements,
    };
  });
  const note = 'The local fallback rules look only at length, signposting and parentheses.';
  return {
    overallGrade: grade,
    overallBand: LOCAL_GRADE_LABELS[grade],
    totalPoints: points.total,
    maxPoints,
    percentage: Math.round((points.total / maxPoints) * 1000) / 10,
    criteria,
    overallSummary: {
      holisticCommentary: `Estimated ${points.total}/${maxPoints} (grade ${grade}) by the local fallback rules from ${found}. ${note}`,
      strengths: [],
      improvements,
      nextSteps: improvements.length ? improvements : ['Ask for a full assessment: the fallback rules cannot judge the argument itself'],
    },
    insight_feedback: {
      clarity_and_cohesion: s.signposted ? 'An introduction or conclusion is signposted.' : 'No introduction or conclusion is signposted.',
      argument_and_evidence: s.parentheses
        ? 'Parenthetical material (possibly citations) is present.'
        : 'No parenthetical citations were found.',
      grammar_and_mechanics: note,
      critical_thinking: note,
      originality_and_insight: note,
    },
    grader: 'spec-local',
  };
}
