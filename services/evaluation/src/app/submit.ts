import type { FastifyBaseLogger } from 'fastify';
import { Codes, GRADING_ROLES, Messages, type EssayType, type Evaluation, type SubmissionDetails } from '@corestone/contracts';
import { HttpError, MAX_EVENT_BYTES, badRequest, forbidden, isUuid, newId, notFound } from '@corestone/service-kit';
import { ExtractError, countWords, extractText, kindOf } from '@corestone/documents';
import { ESSAY_TOO_LONG, contentOf, detailsOf, isTooLong, titleOrDefault, type EvaluationRow } from '../domain/evaluation';
import type { EvaluationStore } from '../store/evaluations';
import type { Charging } from './charging';
import type { Lookups } from '../peers/lookups';
import type { SchoolsPeer } from '../peers/schools';
import { admitToAssignment } from './assignment-submission';
import { presented } from './readers';

/**
 * The submit decision (issue 29 §1): from an essay's text and the submission's fields to a stored,
 * charged and queued evaluation — or the stored result of an unchanged essay. The HTTP adapters
 * (routes/submit.ts) read the upload or the JSON body and call these.
 */

/** What a submission states besides its text (the route's checked form fields). */
export type SubmissionFields = SubmissionDetails & {
  title?: string;
  essay_type: EssayType;
  rubric_id: string;
  subject_area?: string;
  /** A class assignment to submit into (issue 31). */
  assignment_id?: string;
};

export interface SubmissionDeps {
  store: EvaluationStore;
  charging: Charging;
  /** The rubric snapshot and the submitter, cached (peers/lookups.ts). */
  lookups: Lookups;
  /** The grader new gradings use (grading's GRADER, resolved there): reuse needs a result by it; null = unknown, no reuse. */
  grader: () => Promise<string | null>;
  /** Assignment checks (issue 31): rpc.schools.assignment and class_access. */
  schools: SchoolsPeer;
}

/** The text of an uploaded essay file: 415 for a kind we do not take, 422 for one that cannot be read, 400 for a PDF without text. */
export async function textOfUpload(name: string, data: Buffer, timeoutMs: number): Promise<string> {
  const kind = kindOf(name);
  if (!kind) throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, Messages.UNSUPPORTED_FILE);
  let text: string;
  try {
    text = await extractText(kind, data, { timeoutMs });
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    if (err.reason === 'timeout') throw new HttpError(422, Codes.FILE_UNREADABLE, err.message);
    if (err.reason === 'refused') throw new HttpError(422, Codes.FILE_REFUSED, err.message);
    // the extension is one we take (kindOf): the content is what is wrong, and the message says so
    throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, err.message);
  }
  if (!text && kind === 'pdf') {
    throw badRequest(`${Messages.EMPTY_ESSAY} (a scanned or image-only PDF has no text layer to grade)`, Codes.EMPTY_ESSAY);
  }
  return text;
}

/**
 * Everything after the text is known: checks, then (1) the row, (2) the charge, (3) the job.
 * An unchanged re-submission (same user, text, rubric snapshot and grader) instead carries the
 * stored result at no charge.
 */
export async function acceptSubmission(
  deps: SubmissionDeps,
  me: { id: string },
  log: FastifyBaseLogger,
  fields: SubmissionFields,
  fileName: string,
  text: string,
): Promise<Evaluation> {
  if (!text) throw badRequest(Messages.EMPTY_ESSAY, Codes.EMPTY_ESSAY);
  if (isTooLong(text)) throw new HttpError(413, Codes.ESSAY_TOO_LONG, ESSAY_TOO_LONG);
  const rubricId = fields.rubric_id.trim();
  if (!isUuid(rubricId)) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
  const [{ rubric, is_active }, user, grader] = await Promise.all([
    deps.lookups.rubric(rubricId),
    deps.lookups.submitter(me.id),
    deps.grader(),
  ]);
  if (is_active === false) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
  if (rubric.rubric_type !== fields.essay_type) {
    throw badRequest(
      `The rubric is for ${rubric.rubric_type.toUpperCase()} essays, not ${fields.essay_type.toUpperCase()}`,
      Codes.RUBRIC_TYPE_MISMATCH,
    );
  }
  if (!GRADING_ROLES.includes(user.role)) throw forbidden(Messages.GRADING_ROLE_ONLY);
  // The access token outlives a deactivation by up to 15 minutes; the account as users knows it now does not.
  if (!user.is_active) throw forbidden(Messages.ACCOUNT_DEACTIVATED, Codes.ACCOUNT_DEACTIVATED);
  // Into a class assignment (issue 31): checked before anything is written or charged.
  const assignment = fields.assignment_id
    ? await admitToAssignment(deps.schools, me, fields.assignment_id, { essay_type: fields.essay_type, rubric_id: rubricId })
    : undefined;

  const rubricJson = JSON.stringify(rubric); // once, for the content key and the row
  const details = detailsOf(fields.essay_type, fields);
  const content = contentOf(fields.essay_type, rubricJson, text, details);
  // Refused before anything is written or charged: the job must fit one NATS message.
  if (content.eventBytesAtMost > MAX_EVENT_BYTES) throw new HttpError(413, Codes.ESSAY_TOO_LONG, ESSAY_TOO_LONG);

  const submission = {
    id: newId(),
    user_id: me.id,
    user_name: user.name,
    user_email: user.email,
    user_type: user.role,
    file_name: fileName.slice(0, 255),
    title: titleOrDefault(fields.title, fields.essay_type),
    essay_type: fields.essay_type,
    subject_area: (fields.subject_area ?? '').trim(),
    rubric,
    rubric_json: rubricJson,
    essay_text: text,
    word_count: countWords(text),
    content_key: content.key,
    details,
    school_id: user.school_id, // grading queues fairly across schools by it (issue 33)
    assignment,
  };
  const submitter = { user_id: me.id, email: user.email, name: user.name, role: user.role };
  // (1) the row exists before the credit is charged — or, for an unchanged essay, carries the stored result
  const { reusedFrom, inFlight } = await deps.store.insertSubmission(submission, submitter, grader);
  if (inFlight === 'charging') {
    log.info('same essay still awaiting its credit: not submitted again');
    throw new HttpError(409, Codes.SUBMISSION_AWAITING_CREDIT, Messages.SUBMISSION_AWAITING_CREDIT);
  }
  if (inFlight) {
    log.info('same essay still being graded: not submitted again');
    throw new HttpError(409, Codes.SUBMISSION_IN_PROGRESS, Messages.SUBMISSION_IN_PROGRESS);
  }
  let row: EvaluationRow | null = null;
  if (reusedFrom) {
    log.info({ evaluation_id: submission.id, reused_from: reusedFrom }, 'unchanged essay: stored result carried, no charge');
  } else {
    row = await deps.charging.chargeAndQueue(submission.id, 1, me.id, log, assignment?.class_id ?? null); // (2) + (3)
  }
  row ??= await deps.store.getVisible(submission.id);
  if (!row) throw new HttpError(503, Codes.UNAVAILABLE, 'The submission could not be completed; please try again');
  // the submitter is a student or teacher: no internal notes; an after-review result shows no marks yet
  return presented({ row, staff: false }, null);
}
