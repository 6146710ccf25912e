import { draftKey, type EssayType } from '@corestone/sdk';
import { AREAS_OF_KNOWLEDGE, CITATION_STYLES, EE_SUBJECTS } from '../data/subjects';
import { EMPTY_EE, EMPTY_TOK, type EeMeta, type TokMeta } from './uploadMetadata';

/**
 * The upload wizard's draft: what the student filled in, kept in sessionStorage (this tab, until it
 * closes or the user signs out: sdk drafts.ts) per signed-in user and essay type, so a reload, a
 * detour or an expired session does not lose it. A File cannot be kept: only its name, to say which
 * file to choose again.
 */
export interface UploadDraft {
  ee: EeMeta;
  tok: TokMeta;
  rubricId: string;
  fileName: string | null;
}

const uploadKey = (userId: string, type: EssayType) => draftKey('upload', userId, type);

/** Stored: only the metadata of the draft's own type. */
export function saveDraft(userId: string, type: EssayType, draft: UploadDraft): void {
  const stored = { meta: type === 'ee' ? draft.ee : draft.tok, rubricId: draft.rubricId, fileName: draft.fileName };
  try {
    sessionStorage.setItem(uploadKey(userId, type), JSON.stringify(stored));
  } catch {
    // storage full or refused (private mode): the wizard works on without a draft
  }
}

export function clearDraft(userId: string, type: EssayType): void {
  try {
    sessionStorage.removeItem(uploadKey(userId, type));
  } catch {}
}

/** The stored draft, each value checked (a draft written by an older version or by hand cannot break the form); null if none. */
export function readDraft(userId: string, type: EssayType): UploadDraft | null {
  let stored: { meta?: unknown; rubricId?: unknown; fileName?: unknown };
  try {
    const raw = sessionStorage.getItem(uploadKey(userId, type));
    if (!raw) return null;
    stored = JSON.parse(raw);
    if (!stored || typeof stored !== 'object') return null;
  } catch {
    return null;
  }
  const meta = (stored.meta && typeof stored.meta === 'object' ? stored.meta : {}) as Record<string, unknown>;
  return {
    ee: type === 'ee' ? eeFrom(meta) : EMPTY_EE,
    tok: type === 'tok' ? tokFrom(meta) : EMPTY_TOK,
    rubricId: text(stored.rubricId),
    fileName: text(stored.fileName) || null,
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const oneOf = (v: unknown, allowed: readonly string[]): string => (allowed.includes(text(v)) ? text(v) : '');

function eeFrom(m: Record<string, unknown>): EeMeta {
  const category = oneOf(m.category, Object.keys(EE_SUBJECTS));
  return {
    title: text(m.title),
    category,
    subject: category ? oneOf(m.subject, EE_SUBJECTS[category]!) : '',
    researchQuestion: text(m.researchQuestion),
    citationStyle: oneOf(m.citationStyle, CITATION_STYLES),
    additionalContext: text(m.additionalContext),
  };
}

function tokFrom(m: Record<string, unknown>): TokMeta {
  return {
    title: text(m.title),
    // kept even if the served list has changed since: it stays shown and can be changed
    prescribedTitle: text(m.prescribedTitle),
    aokFocus: Array.isArray(m.aokFocus) ? m.aokFocus.filter((a): a is string => AREAS_OF_KNOWLEDGE.includes(text(a))) : [],
    additionalContext: text(m.additionalContext),
  };
}
