/**
 * The browser-local assessment path (spec admin §1, §3, §4, §7, §9): a pasted essay is kept in the
 * browser's local storage per user id and assessed by one call to the server
 * (`POST /evaluation/admin/assess`: graded at once, with the admin's own OpenAI key when one is set,
 * and neither stored nor charged on the server) — never by a call from the browser to an AI service,
 * so no API key reaches the browser. When the server's answer fails or takes over 30 s, the spec's
 * local fallback scoring (shared with the grading service) gives the result and the submission
 * still becomes completed. The AI result's overall grade is the local path's own (admin §4): from
 * its percentage, points/max, at 85/70/55/40 — not the rubric's grade boundaries the server used.
 */
import { errorMessage, type CorestoneClient, type EssayType, type Results, type SessionUser } from '@corestone/sdk';
import { gradeFromAiPercentage, localFallbackResults } from '@corestone/contracts/local-assessment';
import { wordCount } from './text';
import { type IntlShape } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';

export const LOCAL_ASSESSMENT_TIMEOUT_MS = 30_000;
export const NOT_AUTHENTICATED = 'User not authenticated';
export const TIMEOUT_MESSAGE = 'AI assessment timeout';

export interface LocalSubmission {
  id: string;
  user_id: string;
  type: EssayType;
  fileName: string;
  filePath: string;
  fileSize: number;
  metadata: { subject: string; researchQuestion?: string; prescribedTitle?: string };
  status: 'processing' | 'completed' | 'failed';
  submittedAt: string;
  createdAt: string;
  updatedAt: string;
  extractedText: string;
  extractedWordCount: number;
  processing_started_at: string;
  processingTime?: number;
  processingCompletedAt?: string;
  results?: Results;
  /** who assessed it: the server's grader, or the local fallback rules (with why) */
  source?: 'server' | 'fallback';
  fallbackReason?: string;
  /** server results: true when the model was called with the admin's own key */
  ownKey?: boolean;
  error?: string;
}

export interface LocalInput {
  type: EssayType;
  text: string;
  subject: string;
  researchQuestion?: string;
  prescribedTitle?: string;
}

/** Local storage keys (the spec leaves their names open): one list per user id, and the profiles list. */
export const submissionsKey = (userId: string) => `corestone.local_submissions.${userId}`;
export const PROFILES_KEY = 'corestone.local_profiles';

export function listLocal(userId: string, storage: Storage = localStorage): LocalSubmission[] {
  try {
    const list = JSON.parse(storage.getItem(submissionsKey(userId)) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function saveAll(userId: string, list: LocalSubmission[], storage: Storage) {
  storage.setItem(submissionsKey(userId), JSON.stringify(list));
}

/** Replaces (or adds) one submission in its owner's list. */
export function putLocal(sub: LocalSubmission, storage: Storage = localStorage): void {
  const list = listLocal(sub.user_id, storage).filter((s) => s.id !== sub.id);
  saveAll(sub.user_id, [sub, ...list], storage);
}

/** Creates the submission in status processing (spec §4) and keeps the owner in the profiles list. */
export function createLocal(
  user: Pick<SessionUser, 'id' | 'name' | 'email'> | null,
  input: LocalInput,
  storage: Storage = localStorage,
  now = new Date(),
): LocalSubmission {
  if (!user?.id) throw new Error(NOT_AUTHENTICATED);
  const at = now.toISOString();
  const fileName = input.type === 'ee' ? 'EE Essay Analysis' : 'TOK Essay Analysis';
  const sub: LocalSubmission = {
    id: `sub_${now.getTime()}`,
    user_id: user.id,
    type: input.type,
    fileName,
    filePath: `${user.id}/text/${now.getTime()}.txt`,
    fileSize: input.text.length,
    metadata: {
      subject: input.subject,
      ...(input.type === 'ee' ? { researchQuestion: input.researchQuestion ?? '' } : { prescribedTitle: input.prescribedTitle ?? '' }),
    },
    status: 'processing',
    submittedAt: at,
    createdAt: at,
    updatedAt: at,
    extractedText: input.text,
    extractedWordCount: wordCount(input.text),
    processing_started_at: at,
  };
  putLocal(sub, storage);
  try {
    const profiles = JSON.parse(storage.getItem(PROFILES_KEY) ?? '[]') as { id: string; full_name: string; email: string }[];
    storage.setItem(
      PROFILES_KEY,
      JSON.stringify([{ id: user.id, full_name: user.name, email: user.email }, ...profiles.filter((p) => p.id !== user.id)]),
    );
  } catch {
    storage.setItem(PROFILES_KEY, JSON.stringify([{ id: user.id, full_name: user.name, email: user.email }]));
  }
  return sub;
}

/** Deleting requires a signed-in user and only touches their own list. */
export function deleteLocal(user: Pick<SessionUser, 'id'> | null, id: string, storage: Storage = localStorage): void {
  if (!user?.id) throw new Error(NOT_AUTHENTICATED);
  saveAll(
    user.id,
    listLocal(user.id, storage).filter((s) => s.id !== id),
    storage,
  );
}

function timeout(ms: number, signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const t = setTimeout(() => reject(new Error(TIMEOUT_MESSAGE)), ms);
    signal.addEventListener('abort', () => clearTimeout(t));
  });
}

/** The server's grading of the text: one call, answered with the results (nothing is stored on the server). */
async function serverAssessment(
  client: CorestoneClient,
  sub: LocalSubmission,
  signal: AbortSignal,
): Promise<{ results: Results; ownKey: boolean }> {
  const [rubric] = await client.rubrics.active(sub.type);
  if (!rubric) throw new Error('No active rubric for this essay type');
  const question = sub.metadata.researchQuestion || sub.metadata.prescribedTitle || undefined;
  const answer = await client.admin.assess(
    {
      essay_type: sub.type,
      essay_content: sub.extractedText,
      rubric_id: rubric.id,
      title: question || sub.fileName,
      subject_area: sub.metadata.subject || undefined,
      ...(question ? (sub.type === 'ee' ? { research_question: question } : { prescribed_title: question }) : {}),
    },
    { signal },
  );
  return { results: answer.results, ownKey: answer.own_key };
}

/** How the grade shown was reached, in words (the Quick Assessment screen). */
export const LOCAL_GRADE_RULE = (points: number, max: number, intl: IntlShape = ENGLISH) =>
  intl.formatMessage(
    {
      id: 'localAssessment.gradeRule',
      defaultMessage: 'Grade from {percent}% of the points: A from 85%, B from 70%, C from 55%, D from 40%, else E.',
    },
    { percent: intl.formatNumber(max > 0 ? Math.round((points / max) * 1000) / 10 : 0) },
  );

/** The local path's overall grade and label from the AI result's percentage, points/max (admin §4: 85/70/55/40). */
export function withLocalPathGrade(results: Results): Results {
  const percentage = results.maxPoints > 0 ? (results.totalPoints / results.maxPoints) * 100 : results.percentage;
  const { grade, label } = gradeFromAiPercentage(percentage);
  return { ...results, overallGrade: grade, overallBand: label };
}

/**
 * Assesses a stored submission: the server's result within `timeoutMs` (30 s), else the local
 * fallback; the submission becomes completed either way, failed only on an unexpected error.
 */
export async function assessLocal(
  client: CorestoneClient,
  sub: LocalSubmission,
  opts: { timeoutMs?: number; storage?: Storage; now?: () => number } = {},
): Promise<LocalSubmission> {
  const storage = opts.storage ?? localStorage;
  const now = opts.now ?? Date.now;
  const started = Date.parse(sub.processing_started_at);
  const controller = new AbortController();
  let next: LocalSubmission;
  try {
    try {
      const { results, ownKey } = await Promise.race([
        serverAssessment(client, sub, controller.signal),
        timeout(opts.timeoutMs ?? LOCAL_ASSESSMENT_TIMEOUT_MS, controller.signal),
      ]);
      next = { ...sub, status: 'completed', results: withLocalPathGrade(results), source: 'server', ownKey };
    } catch (e) {
      next = {
        ...sub,
        status: 'completed',
        results: localFallbackResults(sub.extractedText, sub.type),
        source: 'fallback',
        fallbackReason: errorMessage(e, 'No assessment response received'),
      };
    } finally {
      controller.abort();
    }
    const at = now();
    next = {
      ...next,
      processingTime: Math.round((at - started) / 100) / 10,
      processingCompletedAt: new Date(at).toISOString(),
      updatedAt: new Date(at).toISOString(),
    };
  } catch (e) {
    next = { ...sub, status: 'failed', error: errorMessage(e), updatedAt: new Date(now()).toISOString() };
  }
  putLocal(next, storage);
  return next;
}
