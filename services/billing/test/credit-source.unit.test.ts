import { DEFAULT_SCHOOL_SETTINGS, type SchoolSettings } from '@corestone/contracts';
import { creditSource, mayReadSchoolPool, schoolForbidsPurchase, type SchoolStanding } from '../src/domain/credit-source';

const standing = (over: Partial<SchoolStanding> = {}, settings: Partial<SchoolSettings> | null = {}): SchoolStanding => ({
  schoolId: 's1',
  role: 'student',
  status: 'active',
  settings: settings && { ...DEFAULT_SCHOOL_SETTINGS, ...settings },
  ...over,
});

describe('creditSource: whose credits an essay uses', () => {
  it('uses personal credits for individuals, pending, deactivated and former members', () => {
    expect(creditSource(null)).toEqual({ ledger: 'personal' });
    expect(creditSource(standing({ schoolId: null, role: null, status: null }))).toEqual({ ledger: 'personal' });
    expect(creditSource(standing({ status: 'pending' }))).toEqual({ ledger: 'personal' });
    expect(creditSource(standing({ status: 'deactivated' }, { ai_grader_enabled: false }))).toEqual({ ledger: 'personal' });
  });

  it("charges an active member to the school's pool, capping students only", () => {
    expect(creditSource(standing({}, { pool_cap_per_student: 4 }))).toEqual({ ledger: 'school', schoolId: 's1', cap: 4 });
    expect(creditSource(standing({ role: 'teacher' }, { pool_cap_per_student: 4 }))).toEqual({
      ledger: 'school',
      schoolId: 's1',
      cap: null,
    });
    expect(creditSource(standing({ role: 'school_admin' }, { pool_cap_per_student: 0 }))).toEqual({
      ledger: 'school',
      schoolId: 's1',
      cap: null,
    });
    expect(creditSource(standing({}, { pool_cap_per_student: 0 }))).toEqual({ ledger: 'school', schoolId: 's1', cap: 0 });
    expect(creditSource(standing({}, { pool_enabled: false }))).toEqual({ ledger: 'personal' });
    // settings not copied yet: the school's defaults (pool on)
    expect(creditSource(standing({}, null))).toEqual({ ledger: 'school', schoolId: 's1', cap: null });
  });

  it('charges members of a school that switched AI grading off as usual (they get the built-in grader)', () => {
    expect(creditSource(standing({}, { ai_grader_enabled: false }))).toEqual({ ledger: 'school', schoolId: 's1', cap: null });
    expect(creditSource(standing({ role: 'teacher' }, { ai_grader_enabled: false, pool_cap_per_student: 2 }))).toEqual({
      ledger: 'school',
      schoolId: 's1',
      cap: null,
    });
    expect(creditSource(standing({}, { ai_grader_enabled: false, pool_enabled: false }))).toEqual({ ledger: 'personal' });
  });
});

describe('schoolForbidsPurchase and mayReadSchoolPool', () => {
  it('forbids buying only to active student members of a school that says so', () => {
    expect(schoolForbidsPurchase(standing({}, { students_may_buy_credits: false }))).toBe(true);
    expect(schoolForbidsPurchase(standing({ role: 'teacher' }, { students_may_buy_credits: false }))).toBe(false);
    expect(schoolForbidsPurchase(standing({ status: 'pending' }, { students_may_buy_credits: false }))).toBe(false);
    expect(schoolForbidsPurchase(standing())).toBe(false);
    expect(schoolForbidsPurchase(null)).toBe(false);
  });

  it("lets admins read any pool and an active school admin their own school's only", () => {
    expect(mayReadSchoolPool({ role: 'admin', standing: null }, 's2')).toBe(true);
    expect(mayReadSchoolPool({ role: 'super_admin', standing: null }, 's2')).toBe(true);
    const admin = standing({ role: 'school_admin' });
    expect(mayReadSchoolPool({ role: 'teacher', standing: admin }, 's1')).toBe(true);
    expect(mayReadSchoolPool({ role: 'teacher', standing: admin }, 's2')).toBe(false);
    expect(mayReadSchoolPool({ role: 'teacher', standing: standing({ role: 'school_admin', status: 'pending' }) }, 's1')).toBe(false);
    expect(mayReadSchoolPool({ role: 'teacher', standing: standing({ role: 'teacher' }) }, 's1')).toBe(false);
    expect(mayReadSchoolPool({ role: 'student', standing: null }, 's1')).toBe(false);
  });
});
