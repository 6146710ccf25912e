import { useCallback } from 'react';
import { errorMessage, type CorestoneClient, type School, type SchoolActivity, type SchoolCredits } from '@corestone/sdk';
import { useLoad, useLoadOrMissing } from '../components/common';
import { useIntlRef } from '@corestone/ui/i18n';

/** Ledger lines read for the overview's week figure. */
export const POOL_LINES_READ = 500;

/**
 * A school's record (GET /schools/{id}), its credit pool (billing's GET /schools/{id}/credits) and
 * its submissions this week (evaluation's GET /schools/{id}/activity).
 * The pool is read apart: when billing cannot answer, the school's screens still work and the
 * overview says why the credits are missing.
 */
export function useSchool(client: CorestoneClient, schoolId: string) {
  const intlRef = useIntlRef();
  // 404: no such school, or one the caller may not see (the server never says which)
  const school = useLoadOrMissing<School>(() => client.schools.get(schoolId), [client, schoolId]);
  const pool = useLoad<{ credits: SchoolCredits | null; error: string | null }>(
    () =>
      client.schools.credits(schoolId, POOL_LINES_READ).then(
        (credits) => ({ credits, error: null }),
        (e: unknown) => ({
          credits: null,
          error: errorMessage(
            e,
            intlRef.current.formatMessage({ id: 'useSchool.poolFailed', defaultMessage: 'The credit pool could not be read.' }),
          ),
        }),
      ),
    [client, schoolId],
  );
  // The week's submissions (evaluation): every essay of the school's members, whichever credits paid.
  const activity = useLoad<SchoolActivity | null>(() => client.schools.activity(schoolId).catch(() => null), [client, schoolId]);
  const { setData } = school;
  /** After a PATCH: the school as the server answered it. */
  const replace = useCallback((next: School) => setData(() => next), [setData]);
  return { school, missing: school.missing, pool, activity, replace };
}
