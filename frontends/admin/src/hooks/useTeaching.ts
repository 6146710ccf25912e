import { useCallback, useEffect, useState } from 'react';
import {
  errorMessage,
  isApiError,
  isSchoolAdmin,
  type AgreementReport,
  type CorestoneClient,
  type Evaluation,
  type SchoolClass,
  type SessionUser,
} from '@corestone/sdk';
import { useLoad, useLoadOrMissing } from '../components/common';
import { reviewDraftOf, type ReviewDraft } from '../lib/teaching';
import { useIntlRef } from '@corestone/ui/i18n';

/**
 * The classes a teacher teaches (GET /schools/mine), or for a school admin every current class of
 * the school (GET /schools/{id}/classes), with the school's time zone for the dates.
 */
export function useMyClasses(client: CorestoneClient, user: SessionUser) {
  return useLoad<{ classes: SchoolClass[]; timeZone: string; schoolId: string | null; schoolName: string | null }>(async () => {
    const mine = await client.schools.mine();
    const schoolId = mine.school?.id ?? null;
    let classes = mine.classes.filter((c) => !c.archived_at && c.teachers.some((t) => t.user_id === user.id));
    if (schoolId && isSchoolAdmin(user)) classes = (await client.schools.classes(schoolId, { archived: false })).classes;
    return { classes, timeZone: mine.school?.time_zone ?? 'UTC', schoolId, schoolName: mine.school?.name ?? null };
  }, [client, user.id]);
}

/** One class's assignments and gradebook (404 for a class that is not the caller's). */
export function useClassWork(client: CorestoneClient, classId: string) {
  const gradebook = useLoadOrMissing(() => client.assignments.gradebook(classId), [client, classId]);
  return { gradebook, missing: gradebook.missing };
}

/** One assignment's submissions (a row per student). */
export function useAssignmentSubmissions(client: CorestoneClient, assignmentId: string) {
  return useLoadOrMissing(() => client.assignments.submissions(assignmentId), [client, assignmentId]);
}

/**
 * The review screen's data: the submission (GET /evaluation/{id}, the teacher's view with the AI's
 * result and any saved review), its essay text (GET /evaluation/{id}/text) and the form.
 */
export function useReview(client: CorestoneClient, evaluationId: string) {
  const intlRef = useIntlRef();
  const [ev, setEv] = useState<Evaluation | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [draft, setDraft] = useState<ReviewDraft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    setError(null);
    client.evaluations.get(evaluationId).then(
      (e) => {
        if (!alive) return;
        setEv(e);
        setDraft(reviewDraftOf(e));
        setDirty(false);
      },
      (e: unknown) =>
        alive &&
        setError({
          message: errorMessage(
            e,
            intlRef.current.formatMessage({ id: 'review.submissionLoadFailed', defaultMessage: 'The submission could not be loaded' }),
          ),
          notFound: isApiError(e) && e.status === 404,
        }),
    );
    return () => {
      alive = false;
    };
  }, [client, evaluationId, tick, intlRef]);

  useEffect(() => {
    let alive = true;
    client.evaluations.essayText(evaluationId).then(
      (t) => alive && setText(t.text),
      (e: unknown) =>
        alive &&
        setTextError(
          errorMessage(
            e,
            intlRef.current.formatMessage({ id: 'essayText.loadFailed', defaultMessage: 'The essay text could not be loaded' }),
          ),
        ),
    );
    return () => {
      alive = false;
    };
  }, [client, evaluationId, intlRef]);

  const change = useCallback((fn: (d: ReviewDraft) => ReviewDraft) => {
    setDraft((d) => (d ? fn(d) : d));
    setDirty(true);
  }, []);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ev, text, textError, error, draft, dirty, change, reload };
}

/** AI–teacher agreement of a school (or, `'platform'`, of every school), filtered by rubric and class; nothing while `scope` is null. */
export function useAgreement(client: CorestoneClient, scope: string | null, filter: { rubric_id?: string; class_id?: string }) {
  return useLoad<AgreementReport>(
    () =>
      scope === null
        ? new Promise<AgreementReport>(() => undefined)
        : scope === 'platform'
          ? client.assignments.platformAgreement(filter)
          : client.assignments.agreement(scope, filter),
    [client, scope, filter.rubric_id, filter.class_id],
  );
}
