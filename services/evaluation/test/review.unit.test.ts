import { applyResultsEdit, restated, reviewMailDue, reviewOutcomeOf, shownTo, type ReviewState } from '../src/domain/review';
import { results } from './harness';

describe('an admin edit of results (issue 28: the student sees a coherent total)', () => {
  const stored = {
    ...results(9, 34),
    overallSummary: { ...results(9, 34).overallSummary, holisticCommentary: 'This essay scores 9/34 (26.5%), grade E. Not 19/340.' },
    percentage: 26.5,
  };

  it('keeps the rubric scale, sums the criteria and restates the summary figure', () => {
    const edited = applyResultsEdit(
      stored,
      {
        overallGrade: 'D',
        totalPoints: 12,
        maxPoints: 100,
        criteria: [{ code: 'A', name: 'Focus', score: 12, maxScore: 34, feedback: '' }],
      },
      { total: 34 },
    );
    expect(edited).toMatchObject({ totalPoints: 12, maxPoints: 34, percentage: 35.3, overallGrade: 'D' });
    expect(edited.overallSummary.holisticCommentary).toBe('This essay scores 12/34 (35.3%), grade E. Not 19/340.');
  });

  it("restates a criterion's quoted score in its feedback and in the summary", () => {
    const graded = {
      ...stored,
      criteria: [{ ...stored.criteria[0], score: 2, maxScore: 6, name: 'Focus', feedback: 'Focus: 2/6 (Elementary). Aim for 4/6.' }],
      overallSummary: { ...stored.overallSummary, holisticCommentary: 'Strongest is A Focus (2/6); 2/6 elsewhere stays.' },
    };
    const edited = applyResultsEdit(
      graded,
      {
        overallGrade: 'E',
        criteria: [{ code: 'A', name: 'Focus', score: 3, maxScore: 6, feedback: 'Focus: 2/6 (Elementary). Aim for 4/6.' }],
      },
      { total: 34, overall: 3 },
    );
    expect(edited.criteria[0].feedback).toBe('Focus: 3/6 (Elementary). Aim for 4/6.');
    expect(edited.overallSummary.holisticCommentary).toBe('Strongest is A Focus (3/6); 2/6 elsewhere stays.');
  });

  it('refuses an overall score that disagrees with criteria adding up to the total', () => {
    expect(() => applyResultsEdit(stored, {}, { total: 34, overall: 10 })).toThrow(
      'overall_score: must equal the sum of the criterion scores (9)',
    );
  });

  it('restates decimals and leaves other figures alone', () => {
    expect(
      restated(
        'scores 8.5/30 here',
        { totalPoints: 8.5, maxPoints: 30, percentage: 28.3 },
        { totalPoints: 9, maxPoints: 30, percentage: 30 },
      ),
    ).toBe('scores 9/30 here');
    expect(
      restated(
        '18.5/30 and 8.5/300',
        { totalPoints: 8.5, maxPoints: 30, percentage: 28.3 },
        { totalPoints: 9, maxPoints: 30, percentage: 30 },
      ),
    ).toBe('18.5/30 and 8.5/300');
  });
});

describe('what the student is shown of a review', () => {
  const base: ReviewState = {
    approval_status: 'pending_review',
    ai_feedback: null,
    admin_notes: 'internal',
    notes_for_student: false,
    feedback_at: null,
    decided_at: null,
  };

  it('internal notes are never shown; shared ones are', () => {
    expect(reviewOutcomeOf(base).notes).toBeNull();
    expect(reviewOutcomeOf({ ...base, notes_for_student: true }).notes).toBe('internal');
    expect(shownTo({ id: 'e', admin_notes: 'x', admin_notes_for_student: false }, false)).toEqual({ id: 'e' });
    expect(shownTo({ id: 'e', admin_notes: 'x' }, true)).toEqual({ id: 'e', admin_notes: 'x' });
  });

  it('a mail is due when what the student is shown changed and carries feedback', () => {
    const withFeedback = { ...base, ai_feedback: 'Good' };
    expect(reviewMailDue(base, base)).toBe(false);
    expect(reviewMailDue(base, { ...base, admin_notes: 'other internal' })).toBe(false);
    expect(reviewMailDue(base, withFeedback)).toBe(true);
    expect(reviewMailDue(withFeedback, { ...withFeedback, ai_feedback: ' Good ' })).toBe(false);
    expect(reviewMailDue(withFeedback, { ...withFeedback, approval_status: 'approved' })).toBe(true);
    expect(reviewMailDue(base, { ...base, approval_status: 'approved' })).toBe(false);
  });
});
