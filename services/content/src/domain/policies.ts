import { POLICY_IDS, type Policy, type PolicyId, type PolicyStatus, type TokTitles } from '@corestone/contracts';

export interface PolicyRow {
  id: PolicyId;
  title: string;
  content: string;
  status: PolicyStatus;
  last_updated: Date | null;
  updated_by: string | null;
  published_title: string | null;
  published_content: string | null;
  published_at: Date | null;
  published_by: string | null;
}

export const isPolicyId = (value: string): value is PolicyId => (POLICY_IDS as readonly string[]).includes(value);

/**
 * The version the public sees: the last published one, even while a draft is being edited.
 * An archived policy is withdrawn: nothing is served.
 */
export function publicVersion(r: PolicyRow): Policy | null {
  if (r.status === 'archived' || r.published_content === null) return null;
  return {
    id: r.id,
    title: r.published_title ?? r.title,
    content: r.published_content,
    status: 'published',
    last_updated: r.published_at ? r.published_at.toISOString() : null,
    updated_by: r.published_by,
  };
}

/** Titles as the wizard lists them: numbered from 1 in their stored order. */
export const numberTitles = (titles: readonly string[]): TokTitles['titles'] => titles.map((text, i) => ({ number: i + 1, text }));
