/** Data the student dashboard's tests share: the signed-in student, result criteria, served TOK titles. */
import { normalizeUser } from '@corestone/sdk';

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
