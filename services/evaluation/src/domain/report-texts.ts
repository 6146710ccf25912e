import { ReviewTexts, type ApprovalStatus, type EssayType, type Locale } from '@corestone/contracts';

/**
 * The words of the PDF report and of the review texts the student reads in it and in the mails,
 * per language (issue 36). English is the text the report always printed; the essay's own words,
 * the graders' feedback and a rubric's own band names print as written.
 */
export interface ReportTexts {
  /** The language tag dates and numbers are formatted with (Intl). */
  intl: string;
  heading: string;
  docTitle: (title: string) => string;
  essayType: Record<EssayType, string>;
  facts: { student: string; essayType: string; subject: string; rubric: string; words: string; submitted: string; completed: string };
  unknownStudent: string;
  overallGrade: string;
  points: (total: string, max: string) => string;
  criteria: string;
  /** A criterion's band line: "Band: Good". */
  band: (name: string) => string;
  summary: string;
  strengths: string;
  toImprove: string;
  improvements: string;
  nextSteps: string;
  writingInsights: string;
  insights: Record<string, string>;
  /**
   * The default grade boundaries' band names (DEFAULT_GRADE_BOUNDARIES, the built-in grader's labels),
   * used by domain/rubric-language.ts where the rubric has no translation of them.
   */
  bands: Record<string, string>;
  footer: (id: string, grader: string) => string;
  page: (n: number, of: number) => string;
  review: { heading: string; status: Record<ApprovalStatus, string>; feedback: string; notes: string };
}

const EN: ReportTexts = {
  intl: 'en-GB',
  heading: 'Essay Evaluation Report',
  docTitle: (t) => `${t} — evaluation report`,
  essayType: { ee: 'Extended Essay', tok: 'Theory of Knowledge essay' },
  facts: {
    student: 'Student',
    essayType: 'Essay type',
    subject: 'Subject',
    rubric: 'Rubric',
    words: 'Words',
    submitted: 'Submitted',
    completed: 'Completed',
  },
  unknownStudent: 'Unknown',
  overallGrade: 'Overall grade',
  points: (t, m) => `${t} / ${m} points`,
  criteria: 'Criteria',
  band: (b) => `Band: ${b}`,
  summary: 'Summary',
  strengths: 'Strengths',
  toImprove: 'To improve',
  improvements: 'Improvements',
  nextSteps: 'Next steps',
  writingInsights: 'Writing insights',
  insights: {
    clarity_and_cohesion: 'Clarity and Cohesion',
    argument_and_evidence: 'Argument and Evidence',
    grammar_and_mechanics: 'Grammar and Mechanics',
    critical_thinking: 'Critical Thinking',
    originality_and_insight: 'Originality and Insight',
  },
  bands: {},
  footer: (id, grader) => `Corestone evaluation ${id} · graded by ${grader}`,
  page: (n, of) => `Page ${n} of ${of}`,
  review: {
    heading: ReviewTexts.HEADING,
    status: ReviewTexts.STATUS,
    feedback: ReviewTexts.FEEDBACK_LABEL,
    notes: ReviewTexts.NOTES_LABEL,
  },
};

const FR: ReportTexts = {
  intl: 'fr-FR',
  heading: 'Rapport d’évaluation de la dissertation',
  docTitle: (t) => `${t} — rapport d’évaluation`,
  essayType: { ee: 'Mémoire', tok: 'Essai de théorie de la connaissance' },
  facts: {
    student: 'Élève',
    essayType: 'Type de travail',
    subject: 'Matière',
    rubric: 'Grille',
    words: 'Mots',
    submitted: 'Soumis le',
    completed: 'Évalué le',
  },
  unknownStudent: 'Inconnu',
  overallGrade: 'Note globale',
  points: (t, m) => `${t} / ${m} points`,
  criteria: 'Critères',
  band: (b) => `Niveau : ${b}`,
  summary: 'Synthèse',
  strengths: 'Points forts',
  toImprove: 'À améliorer',
  improvements: 'Pistes d’amélioration',
  nextSteps: 'Prochaines étapes',
  writingInsights: 'Analyse de l’écriture',
  insights: {
    clarity_and_cohesion: 'Clarté et cohésion',
    argument_and_evidence: 'Argumentation et preuves',
    grammar_and_mechanics: 'Grammaire et orthographe',
    critical_thinking: 'Pensée critique',
    originality_and_insight: 'Originalité et perspicacité',
  },
  bands: {
    Excellent: 'Excellent',
    Good: 'Bien',
    Satisfactory: 'Satisfaisant',
    Mediocre: 'Médiocre',
    Elementary: 'Élémentaire',
    'Not demonstrated': 'Non démontré',
  },
  footer: (id, grader) => `Évaluation Corestone ${id} · évaluée par ${grader}`,
  page: (n, of) => `Page ${n} sur ${of}`,
  review: {
    heading: 'Relecture de votre dissertation',
    status: {
      pending_review: 'En attente de relecture',
      under_review: 'En cours de relecture',
      approved: 'Approuvée',
      rejected: 'Refusée',
    },
    feedback: 'Commentaires pour l’élève',
    notes: 'Note du relecteur',
  },
};

const ES: ReportTexts = {
  intl: 'es-ES',
  heading: 'Informe de evaluación del ensayo',
  docTitle: (t) => `${t} — informe de evaluación`,
  essayType: { ee: 'Monografía', tok: 'Ensayo de Teoría del Conocimiento' },
  facts: {
    student: 'Alumno',
    essayType: 'Tipo de trabajo',
    subject: 'Asignatura',
    rubric: 'Rúbrica',
    words: 'Palabras',
    submitted: 'Enviado',
    completed: 'Evaluado',
  },
  unknownStudent: 'Desconocido',
  overallGrade: 'Calificación global',
  points: (t, m) => `${t} / ${m} puntos`,
  criteria: 'Criterios',
  band: (b) => `Banda: ${b}`,
  summary: 'Resumen',
  strengths: 'Puntos fuertes',
  toImprove: 'Aspectos a mejorar',
  improvements: 'Mejoras',
  nextSteps: 'Próximos pasos',
  writingInsights: 'Análisis de la escritura',
  insights: {
    clarity_and_cohesion: 'Claridad y cohesión',
    argument_and_evidence: 'Argumentación y evidencia',
    grammar_and_mechanics: 'Gramática y ortografía',
    critical_thinking: 'Pensamiento crítico',
    originality_and_insight: 'Originalidad y perspicacia',
  },
  bands: {
    Excellent: 'Excelente',
    Good: 'Bueno',
    Satisfactory: 'Satisfactorio',
    Mediocre: 'Mediocre',
    Elementary: 'Elemental',
    'Not demonstrated': 'No demostrado',
  },
  footer: (id, grader) => `Evaluación de Corestone ${id} · evaluada por ${grader}`,
  page: (n, of) => `Página ${n} de ${of}`,
  review: {
    heading: 'Revisión de tu ensayo',
    status: { pending_review: 'Pendiente de revisión', under_review: 'En revisión', approved: 'Aprobado', rejected: 'Rechazado' },
    feedback: 'Comentarios para el alumno',
    notes: 'Nota del revisor',
  },
};

export const REPORT_TEXTS: Record<Locale, ReportTexts> = { en: EN, fr: FR, es: ES };

/** Points as the report prints them: whole, or one decimal, in the language's digits (12,5 in French). */
export const formatPoints = (t: ReportTexts, n: number): string =>
  new Intl.NumberFormat(t.intl, { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(n) ? 0 : 1 }).format(n);
