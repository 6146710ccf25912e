/**
 * Issue 28 point 2 through the gateway with every service running: an admin's review reaches the
 * student (status, feedback for the student with its date, notes only when shown to the student),
 * internal notes stay out of the student's answers and PDF, the student is mailed once per review
 * with feedback, and an admin's "Save Results" keeps the total on the rubric's scale, equal to the
 * criteria the student sees.
 */
import { writtenMails } from '@corestone/service-kit/testing';
import { extractText } from '@corestone/documents';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { setupSuperAdmin, submitGradedEssay } from '../support/api-setup';

let p: TestPlatform;
let adminToken: string;
let student: { id: string; email: string; token: string };
let graded: { id: string; title: string; rubric: { scoring_structure: { total_points: number } } };

beforeAll(async () => {
  p = await startTestPlatform();
  adminToken = await setupSuperAdmin(p, { name: 'Rita Reviewer', email: uniqueEmail('reviewer'), password: 'review-secret-1' });
  const email = uniqueEmail('reviewed');
  const signup = (await p.api.signup(email)).body;
  student = { id: signup.user.id, email, token: signup.access_token };
  ({ graded } = await submitGradedEssay(p, student.token));
});
afterAll(async () => {
  await p?.shutdown();
});

const asStudent = async () => (await p.api.call('GET', `/evaluation/${graded.id}`, { token: student.token })).body;
const mailsToStudent = () => writtenMails(p.env.MAIL_DIR!).filter((m) => m.to.includes(student.email));
const studentPdf = async () => {
  const res = await fetch(`${p.api.base}/evaluation/${graded.id}/download-pdf`, { headers: { authorization: `Bearer ${student.token}` } });
  expect(res.status).toBe(200);
  return (await extractText('pdf', Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
};

it('the feedback for the student reaches them; the internal notes do not (answers, list, PDF); one mail', async () => {
  const put = await p.api.call('PUT', `/evaluation/admin/${graded.id}`, {
    token: adminToken,
    json: {
      ai_feedback: 'Strong use of archival sources; the conclusion needs the 1920s figures.',
      admin_notes: 'Compare with last year (internal)',
    },
  });
  expect(put.status).toBe(200);
  expect(put.body.admin_notes).toBe('Compare with last year (internal)');

  const mine = await asStudent();
  expect(mine.admin_notes).toBeUndefined();
  expect(mine.review).toMatchObject({
    status: 'pending_review',
    feedback: 'Strong use of archival sources; the conclusion needs the 1920s figures.',
    feedback_at: expect.any(String),
    notes: null,
  });
  const list = (await p.api.call('GET', '/evaluation/my-evaluations', { token: student.token })).body;
  expect(JSON.stringify(list)).not.toContain('(internal)');
  expect(list.evaluations.find((e: { id: string }) => e.id === graded.id).review.feedback).toContain('Strong use of archival sources');
  const pdf = await studentPdf();
  expect(pdf).toContain('Strong use of archival sources');
  expect(pdf).not.toContain('(internal)');

  const mails = await waitFor('the review mail', async () => (mailsToStudent().length > 0 ? mailsToStudent() : null));
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe('Your essay "Influenza and policy" was reviewed: Pending review');
  expect(mails[0].raw).toContain('Strong use of archival sources');
  expect(mails[0].raw).not.toContain('(internal)');
  expect(mails[0].raw).toContain(`/dashboard/results/${graded.id}`);
});

it('a rejection with notes shown to the student: status, date and notes; saving it again mails nothing more', async () => {
  const reject = () =>
    p.api.call('POST', `/evaluation/admin/${graded.id}/reject`, {
      token: adminToken,
      json: { admin_notes: 'Please cite the city council minutes you quote.', notes_for_student: true },
    });
  expect((await reject()).status).toBe(200);
  const mine = await asStudent();
  expect(mine.review).toMatchObject({
    status: 'rejected',
    decided_at: expect.any(String),
    notes: 'Please cite the city council minutes you quote.',
  });
  expect(await studentPdf()).toContain('Please cite the city council minutes you quote.');
  await waitFor('the rejection mail', async () => mailsToStudent().length >= 2);
  expect((await reject()).status).toBe(200); // the same review again
  await new Promise((r) => setTimeout(r, 1500));
  const mails = mailsToStudent();
  expect(mails).toHaveLength(2);
  expect(mails[1].subject).toBe('Your essay "Influenza and policy" was reviewed: Rejected');
  expect(mails[1].raw).toContain('Please cite the city council minutes you quote.');
});

it("an admin's Save Results keeps the student's total on the rubric's scale and equal to the criteria", async () => {
  const before = await asStudent();
  const total = graded.rubric.scoring_structure.total_points;
  const criteria = before.results.criteria.map(
    (c: { code: string; name: string; score: number; maxScore: number; feedback: string }, i: number) => ({
      code: c.code,
      name: c.name,
      score: i === 0 ? Math.max(0, c.score - 1) : c.score,
      maxScore: c.maxScore,
      feedback: c.feedback,
    }),
  );
  const sum = criteria.reduce((n: number, c: { score: number }) => n + c.score, 0);
  // what the admin screen sends (the spec's "maximum points fixed at 100")
  const put = await p.api.call('PUT', `/evaluation/admin/${graded.id}`, {
    token: adminToken,
    json: { overall_score: sum, results: { overallGrade: 'B', totalPoints: Math.min(sum, 100), maxPoints: 100, criteria } },
  });
  expect(put.status).toBe(200);
  const after = await asStudent();
  expect(after.results.maxPoints).toBe(total);
  expect(after.results.totalPoints).toBe(sum);
  expect(after.results.criteria.reduce((n: number, c: { score: number }) => n + c.score, 0)).toBe(after.results.totalPoints);
  expect(after.results.percentage).toBeCloseTo((sum / total) * 100, 1);
  const mismatch = await p.api.call('PUT', `/evaluation/admin/${graded.id}`, { token: adminToken, json: { overall_score: sum + 1 } });
  expect(mismatch.status).toBe(400);
  expect(mismatch.body).toEqual({ detail: `overall_score: must equal the sum of the criterion scores (${sum})`, code: 'VALIDATION_ERROR' });
});
