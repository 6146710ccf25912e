import { Codes, Messages, Rpc, type AdminAssessRequest, type AdminAssessment } from '@corestone/contracts';
import { HttpError, badRequest, callRpc, isUuid, newId, notFound, type Bus } from '@corestone/service-kit';
import { countWords, normaliseText } from '@corestone/documents';
import { ESSAY_TOO_LONG, isTooLong, titleOrDefault } from '../domain/evaluation';

/** Kept between the model's budget and our wait, so the fallback result still arrives in time. */
const ANSWER_MARGIN_MS = 3000;

export interface QuickAssessDeps {
  bus: Bus;
  lookupTimeoutMs: number;
  /** Longest wait for the grading service's answer (ASSESS_TIMEOUT_MS, under the screen's 30 s). */
  timeoutMs: number;
}

/**
 * The admin Quick Assessment (spec admin §1/§3/§4/§7/§9, the browser-local path): the pasted essay
 * is graded at once by the grading service (`rpc.grading.assess`, with the admin as `key_owner`, so
 * the admin's own OpenAI key is used when set) and answered. Nothing is stored here — no row, no
 * event, no credit, no user-directory entry —, so it never shows in lists, dashboards, exports or
 * anyone else's data; the browser keeps it in its local storage as the spec says.
 */
export async function quickAssess(deps: QuickAssessDeps, adminId: string, input: AdminAssessRequest): Promise<AdminAssessment> {
  const text = normaliseText(input.essay_content);
  if (!text) throw badRequest(Messages.EMPTY_ESSAY, Codes.EMPTY_ESSAY);
  if (isTooLong(text)) throw new HttpError(413, Codes.ESSAY_TOO_LONG, ESSAY_TOO_LONG);
  const rubricId = input.rubric_id.trim();
  if (!isUuid(rubricId)) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
  const { rubric, is_active } = await callRpc(
    deps.bus,
    Rpc.rubricGetSnapshot,
    { rubric_id: rubricId },
    { timeoutMs: deps.lookupTimeoutMs },
  );
  if (is_active === false) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
  if (rubric.rubric_type !== input.essay_type) {
    throw badRequest(
      `The rubric is for ${rubric.rubric_type.toUpperCase()} essays, not ${input.essay_type.toUpperCase()}`,
      Codes.RUBRIC_TYPE_MISMATCH,
    );
  }
  const word_count = countWords(text);
  const question = (input.essay_type === 'ee' ? input.research_question : input.prescribed_title)?.trim();
  const job = {
    evaluation_id: newId(), // names this grading in logs and traces only; no evaluation exists
    user_id: adminId,
    essay_type: input.essay_type,
    title: titleOrDefault(input.title, input.essay_type),
    subject_area: (input.subject_area ?? '').trim(),
    text,
    word_count,
    rubric,
    ...(question ? (input.essay_type === 'ee' ? { research_question: question } : { prescribed_title: question }) : {}),
  };
  const graded = await callRpc(
    deps.bus,
    Rpc.gradingAssess,
    { job, key_owner: adminId, budget_ms: Math.max(100, deps.timeoutMs - ANSWER_MARGIN_MS) },
    { timeoutMs: deps.timeoutMs },
  );
  return { results: graded.results, grader: graded.grader, own_key: graded.own_key, processing_ms: graded.processing_ms, word_count };
}
