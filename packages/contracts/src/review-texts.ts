/**
 * What a student reads of the review of their submission (issue 28): the results page, My
 * Submissions, the PDF report and the review mail use these words, and the back office names its
 * fields with the same ones. No imports, so a frontend can load this file alone
 * (`@corestone/contracts/review-texts`) without the schemas.
 */
export const ReviewTexts = {
  /** The approval status as the student sees it (contracts ApprovalStatus). */
  STATUS: {
    pending_review: 'Pending review',
    under_review: 'Under review',
    approved: 'Approved',
    rejected: 'Rejected',
  },
  /** Heading of the review block on the results page and in the PDF. */
  HEADING: 'Review of your essay',
  /** The reviewer's text for the student (the back office's field of the same name). */
  FEEDBACK_LABEL: 'Feedback for the student',
  /** The reviewer's notes when they chose to show them to the student. */
  NOTES_LABEL: 'Note from the reviewer',
  /** Shown while nobody has reviewed the result yet. */
  PENDING_HINT: 'Your result has not been reviewed yet. Feedback from a reviewer will appear here.',
  /** The back office: the checkbox beside the admin notes. */
  SHOW_NOTES_TO_STUDENT: 'Show these notes to the student',
  /** The back office: under the admin notes while they stay internal. */
  NOTES_INTERNAL_HINT: 'Internal: only reviewers see these notes unless you show them to the student.',
  /** The back office: under "Feedback for the student". */
  FEEDBACK_HINT: 'The student sees this on the results page and in the PDF, and gets it by e-mail when you save.',
  /** My Submissions, when a list row carries only the start of the feedback. */
  READ_MORE: 'Read all on the results page',
} as const;
