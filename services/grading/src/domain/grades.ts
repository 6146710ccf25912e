import { DEFAULT_GRADE_BOUNDARIES, type GradeBoundary } from '@corestone/contracts';

/** Spec §9 defaults, used when a rubric carries no boundaries. */
export const DEFAULT_BOUNDARIES: readonly GradeBoundary[] = DEFAULT_GRADE_BOUNDARIES;

/**
 * The boundary a percentage falls in: the highest `min_percentage` not above it (so 79.5 is a B
 * with the defaults, whose B band is written 70–79). Below every boundary: the lowest one.
 */
export function boundaryFor(percentage: number, boundaries: readonly GradeBoundary[] | undefined): GradeBoundary {
  const usable = (boundaries ?? []).filter((b) => Number.isFinite(b.min_percentage) && b.grade);
  const list = (usable.length ? usable : DEFAULT_BOUNDARIES).slice().sort((a, b) => b.min_percentage - a.min_percentage);
  return list.find((b) => percentage >= b.min_percentage) ?? list[list.length - 1];
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;
