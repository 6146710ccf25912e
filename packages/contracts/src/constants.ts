/** Business constants (spec §9) and the platform's service directory. */
import type { GradeBoundary } from './api-grading';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const REFRESH_REUSE_GRACE_SECONDS = 10;
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
/** Longest submission title (the upload wizard stops typing there too). */
export const MAX_TITLE_CHARS = 500;
/** Longest extracted essay text we accept (~60k words); keeps a job within one NATS message. */
export const MAX_ESSAY_CHARS = 400_000;
export const FREE_PLAN_CREDITS = 1;
export const UNLIMITED = -1;

/**
 * Processes of the platform and their default ports. Which /api/v1 paths each one answers, and
 * the policy of every route, is `ROUTE_POLICY` in routes.ts.
 */
export const SERVICES = {
  auth: { port: 8101 },
  users: { port: 8102 },
  evaluation: { port: 8103 },
  grading: { port: 8104 },
  rubric: { port: 8105 },
  billing: { port: 8106 },
  content: { port: 8107 },
  links: { port: 8108 },
  schools: { port: 8109 },
} as const;
export type ServiceName = keyof typeof SERVICES;
export const GATEWAY_PORT = 8080;

/** Spec §9: default grade boundaries (pass threshold 50, weighted sum). */
export const DEFAULT_GRADE_BOUNDARIES: readonly GradeBoundary[] = [
  { grade: 'A', min_percentage: 80, max_percentage: 100, description: 'Excellent' },
  { grade: 'B', min_percentage: 70, max_percentage: 79, description: 'Good' },
  { grade: 'C', min_percentage: 60, max_percentage: 69, description: 'Satisfactory' },
  { grade: 'D', min_percentage: 50, max_percentage: 59, description: 'Mediocre' },
  { grade: 'E', min_percentage: 0, max_percentage: 49, description: 'Elementary' },
];
export const DEFAULT_PASS_THRESHOLD = 50;

/** Titles a submission gets when the student gives none (user-app §7); they say nothing about the essay. */
export const DEFAULT_SUBMISSION_TITLES = { ee: 'Extended Essay Submission', tok: 'Theory of Knowledge Submission' } as const;

/** Word limits of the IB essays (EE 4,000; TOK 1,600): examiners do not credit text beyond them. */
export const ESSAY_WORD_LIMITS = { ee: 4000, tok: 1600 } as const;
