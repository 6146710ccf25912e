export * from './errors';
export * from './tokens';
export * from './user';
export * from './client';
export * from './federation';
export type {
  AuthResponse,
  Criterion,
  EssayType,
  Evaluation,
  EvaluationStatus,
  Plan,
  Results,
  Rubric,
  User as ApiUser,
} from '@corestone/contracts';
