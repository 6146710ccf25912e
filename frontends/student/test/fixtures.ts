/** Data the student dashboard's tests share: the signed-in student, result criteria, served TOK titles. */
import { normalizeUser } from '@corestone/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { res } from '../../test-support/helpers';
import { act$ } from '../../test-support/interact';

/** Ann Lee, a student with 3 of 5 essay credits left: the user most dashboard tests sign in as. */
export const student = normalizeUser({
  id: 'u1',
  email: 'ann@school.org',
  first_name: 'Ann',
  last_name: 'Lee',
  user_type: 'student',
  essay_credits: 3,
  max_essay_credits: 5,
})!;

/** One criterion of an evaluation's results, as GET /evaluation/{id} answers it. */
export const criterion = (code: string, name: string, score: number, maxScore: number) => ({
  code,
  name,
  score,
  maxScore,
  band: 'Good',
  feedback: `Feedback ${code}.`,
  weight: 1,
  strengths: [],
  improvements: [],
});

/** GET /general/tok-prescribed-titles: the current session's two titles. */
export const TOK_TITLES = {
  success: true,
  data: {
    session: 'May 2027',
    titles: [
      { number: 1, text: 'Is certainty overrated?' },
      { number: 2, text: 'Can machines know?' },
    ],
    last_updated: null,
    updated_by: null,
  },
};

/**
 * What the upload wizard reads before a submit, answered for `path` (the address below /api/v1):
 * health, one active EE rubric `rubricId` called "IB Extended Essay 2027", no TOK titles; null for
 * any other path.
 */
export function wizardLookup(path: string, rubricId: string, totalPoints: number): Response | null {
  if (path === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
  if (path === '/rubrics/active')
    return res(200, [
      {
        id: rubricId,
        title: 'IB Extended Essay 2027',
        rubric_type: 'ee',
        status: 'active',
        scoring_structure: { total_points: totalPoints, criteria: [] },
      },
    ]);
  if (path === '/general/tok-prescribed-titles') return res(200, { success: true, data: { titles: [] } });
  return null;
}

/** The upload wizard's first step: a short essay.txt chosen in its file input, and shown as chosen. */
export async function chooseEssayFile(): Promise<void> {
  const input = await waitFor(() => {
    const el = document.querySelector<HTMLInputElement>('[data-testid=step-upload] input[type=file]');
    if (!el) throw new Error('no file input yet');
    return el;
  });
  await act$(() =>
    fireEvent.change(input, { target: { files: [new File(['An essay about markets.'], 'essay.txt', { type: 'text/plain' })] } }),
  );
  await screen.findByTestId('selected-file');
}
