// antd under jsdom is slow; see student.test.tsx
jest.setTimeout(90000);

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, normalizeUser, type MySchool } from '@corestone/sdk';
import { NO_CREDITS_TEXT, submitFailureText } from '../src/lib/upload';
import { SCHOOL_BUILTIN_BANNER, SCHOOL_NO_PURCHASE_TEXT, SCHOOL_PAYS_TEXT, SCHOOL_POOL_BANNER, schoolFunding } from '../src/lib/school';
import { res, type Call } from '../../test-support/helpers';
import { act$, choose, field } from '../../test-support/interact';
import { renderDashboard } from './render-dashboard';
import { chooseEssayFile, wizardLookup } from './fixtures';

// the wizard is a lazy chunk of the dashboard: load it before the tests (see student.test.tsx)
beforeAll(() => import('../src/pages/UploadWizard'));

const settings = { students_may_buy_credits: false, ai_grader_enabled: true, pool_enabled: true, pool_cap_per_student: null };
const mine = (over: Partial<NonNullable<MySchool['school']>['settings']> = {}): MySchool => ({
  school: { id: 'sch1', name: 'Riverside IB', settings: { ...settings, ...over } } as MySchool['school'],
  school_role: 'student',
  status: 'active',
  awaiting: null,
  classes: [],
});
const member = (credits: number) =>
  normalizeUser({
    id: 'u7',
    email: 'sam@riverside.org',
    first_name: 'Sam',
    user_type: 'student',
    essay_credits: credits,
    max_essay_credits: 1,
    school: { id: 'sch1', name: 'Riverside IB', role: 'student', status: 'active' },
  })!;
const individual = (credits: number) =>
  normalizeUser({
    id: 'u8',
    email: 'ivy@home.org',
    first_name: 'Ivy',
    user_type: 'student',
    essay_credits: credits,
    max_essay_credits: 1,
  })!;

const POOL_EMPTY =
  "Your school's essay credits have run out, so this essay cannot be graded now. Please ask your school's coordinator to add credits to the school's pool.";

function api(my: MySchool | null, submit: () => Response = () => res(201, { id: 'e9', status: 'pending' })) {
  return (c: Call): Response => {
    const path = c.url.replace('/api/v1', '').split('?')[0]!;
    if (path === '/evaluation/my-evaluations') return res(200, { evaluations: [], total: 0 });
    if (path === '/schools/mine')
      return my ? res(200, my) : res(200, { school: null, school_role: null, status: null, awaiting: null, classes: [] });
    const lookup = wizardLookup(path, 'rb1', 34);
    if (lookup) return lookup;
    if (path === '/evaluation/evaluate-async') return submit();
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  };
}

describe('submit failure texts', () => {
  test("a school's refusal shows the server's detail; the personal-credit case keeps the spec's text", () => {
    const refusals: [string, string][] = [
      ['SCHOOL_POOL_EMPTY', POOL_EMPTY],
      ['SCHOOL_POOL_CAP_REACHED', 'You have used all 5 essay credits your school allows each student, so this essay cannot be graded now.'],
      [
        'CLASS_POOL_CAP_REACHED',
        "This class has used all 4 essay credits your school allows it, so this essay cannot be graded now. Please ask your teacher or your school's coordinator.",
      ],
      ['CREDIT_PURCHASE_DISABLED_BY_SCHOOL', 'Your school does not allow students to buy credits.'],
    ];
    for (const [code, detail] of refusals) {
      expect(submitFailureText(new ApiError(403, detail, code))).toBe(detail);
      // the words mention credits, and it is a 403: still the school's words, never 'purchase more credits'
      expect(submitFailureText(new ApiError(403, detail, code))).not.toBe(NO_CREDITS_TEXT);
    }
    // spec §8: 403, 'insufficient' or 'credit' otherwise → the personal text
    expect(submitFailureText(new ApiError(403, 'Insufficient essay credits', 'INSUFFICIENT_CREDITS'))).toBe(NO_CREDITS_TEXT);
    expect(submitFailureText(new ApiError(403, 'Forbidden', 'FORBIDDEN'))).toBe(NO_CREDITS_TEXT);
    expect(submitFailureText(new Error('No credit left'))).toBe(NO_CREDITS_TEXT);
  });

  test('whose credits grade (pool or own) and whether only the built-in grader does, only for an active member', () => {
    expect(schoolFunding(mine())).toEqual({ source: 'pool', builtinOnly: false, mayBuyCredits: false });
    expect(schoolFunding(mine({ pool_enabled: false, students_may_buy_credits: true }))).toEqual({
      source: 'personal',
      builtinOnly: false,
      mayBuyCredits: true,
    });
    expect(schoolFunding(mine({ ai_grader_enabled: false }))).toEqual({ source: 'pool', builtinOnly: true, mayBuyCredits: false });
    expect(schoolFunding({ ...mine(), status: 'pending' })).toBeNull();
    expect(schoolFunding({ school: null, status: null })).toBeNull();
    expect(schoolFunding(null)).toBeNull();
  });
});

describe('the overview credits panel', () => {
  test("a student the school's pool pays for: personal credits labelled as such, the school named as payer, no buy prompt", async () => {
    renderDashboard('/dashboard', api(mine()), member(0));
    const panel = await screen.findByTestId('credits-panel');
    await waitFor(() => expect(within(panel).getByTestId('credits-title').textContent).toBe('Personal Essay Credits'));
    expect(within(panel).getByTestId('credits-value').textContent).toBe('0 / 1');
    expect(within(panel).getByTestId('credits-school-note').textContent).toBe(SCHOOL_PAYS_TEXT);
    // the school forbids buying: no Manage Plans, and 0 personal credits is no reason to warn
    expect(within(panel).queryByRole('button', { name: 'Manage Plans' })).toBeNull();
    expect(screen.queryByText(/No credits remaining/)).toBeNull();
  });

  test('a school member who pays with their own credits, the school forbidding purchases: no plan button', async () => {
    renderDashboard('/dashboard', api(mine({ pool_enabled: false })), member(0));
    await screen.findByTestId('school-pool-note');
    const panel = screen.getByTestId('credits-panel');
    expect(within(panel).getByTestId('credits-title').textContent).toBe('Essay Credits');
    expect(within(panel).queryByTestId('credits-school-note')).toBeNull();
    expect(await screen.findByText(`No credits remaining. ${SCHOOL_NO_PURCHASE_TEXT}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Plans' })).toBeNull();
  });

  test("an individual keeps the spec's texts", async () => {
    renderDashboard('/dashboard', api(null), individual(0));
    const panel = await screen.findByTestId('credits-panel');
    expect(within(panel).getByTestId('credits-title').textContent).toBe('Essay Credits');
    expect(within(panel).getByTestId('credits-value').textContent).toBe('0 / 1');
    expect(within(panel).getByRole('button', { name: 'Manage Plans' })).toBeTruthy();
    expect(screen.getByText('No credits remaining. Purchase a plan to continue submitting essays.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Plans' })).toBeTruthy();
  });
});

describe('the upload wizard', () => {
  const click = (el: Element) => act$(() => fireEvent.click(el));
  const button = (name: string) => screen.getByRole('button', { name });

  async function toReview() {
    await chooseEssayFile();
    await click(button('Continue'));
    await screen.findByText('IB Extended Essay 2027');
    await act$(() => fireEvent.change(field('meta-title'), { target: { value: 'Markets' } }));
    await choose('meta-category', 'Individuals and Societies');
    await choose('meta-subject', 'Economics');
    await act$(() => fireEvent.change(field('meta-rq'), { target: { value: 'To what extent did margin buying cause the 1929 crash?' } }));
    await click(screen.getByTestId('rubric-rb1'));
    await click(button('Review & Submit'));
    await screen.findByRole('group', { name: 'Step 3 of 3: Submit' });
  }

  test("the school's pool pays: the banner says so; an empty pool shows the server's words and no way to buy", async () => {
    renderDashboard(
      '/dashboard/upload/ee',
      api(mine(), () => res(403, { detail: POOL_EMPTY, code: 'SCHOOL_POOL_EMPTY' })),
      member(0),
    );
    await waitFor(() => expect(screen.getByTestId('credit-banner').textContent).toBe(SCHOOL_POOL_BANNER));
    await toReview();
    await click(button('Submit for Evaluation'));
    expect((await screen.findByTestId('submit-error')).textContent).toBe(POOL_EMPTY);
    expect(screen.queryByText(NO_CREDITS_TEXT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Purchase Credits' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage Plans' })).toBeNull();
  });

  test('AI grading switched off by the school: the wizard says the built-in grader grades, and the pool still pays', async () => {
    renderDashboard('/dashboard/upload/ee', api(mine({ ai_grader_enabled: false })), member(0));
    await waitFor(() => expect(screen.getByTestId('builtin-banner').textContent).toBe(SCHOOL_BUILTIN_BANNER));
    expect(screen.getByTestId('credit-banner').textContent).toBe(SCHOOL_POOL_BANNER);
    expect(screen.queryByRole('button', { name: 'Purchase Credits' })).toBeNull();
  });

  test("an individual out of credits: the spec's banner and submit text", async () => {
    renderDashboard(
      '/dashboard/upload/ee',
      api(null, () => res(403, { detail: 'Insufficient essay credits', code: 'INSUFFICIENT_CREDITS' })),
      individual(0),
    );
    const banner = await screen.findByTestId('credit-banner');
    expect(within(banner).getByText('No Essay Credits Remaining')).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Purchase Credits' })).toBeTruthy();
    await toReview();
    await click(button('Submit for Evaluation'));
    expect((await screen.findByTestId('submit-error')).textContent).toBe(NO_CREDITS_TEXT);
  });
});
