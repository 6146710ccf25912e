import { DEFAULT_SCHOOL_SETTINGS } from '@corestone/contracts';
import {
  ClassRules,
  SchoolRules,
  classesVisibleTo,
  decideJoin,
  fitsClassRole,
  platformRoleFor,
  standingIn,
  type Actor,
} from '../src/domain/access';
import { JOIN_CODE_ALPHABET, displayJoinCode, newJoinCode, normaliseJoinCode } from '../src/domain/join-codes';
import {
  checkEmailDomains,
  checkTimeZone,
  domainSignUp,
  emailDomain,
  likePattern,
  mergeSettings,
  normaliseTenantIds,
} from '../src/domain/schools';

const S = 'school-a';
const actor = (role: Actor['role'], membership: Actor['membership'] = null): Actor => ({ id: 'u', role, membership });
const member = (
  school_role: 'school_admin' | 'teacher' | 'student',
  status: 'active' | 'pending' | 'deactivated' = 'active',
  school_id = S,
) => ({
  school_id,
  school_role,
  status,
});

describe('standing in a school', () => {
  it('gives platform staff every school and members only their own, while active', () => {
    expect(standingIn(actor('super_admin'), S)).toBe('super_admin');
    expect(standingIn(actor('admin'), S)).toBe('platform_admin');
    expect(standingIn(actor('teacher', member('school_admin')), S)).toBe('school_admin');
    expect(standingIn(actor('teacher', member('teacher')), 'school-b')).toBe('none');
    expect(standingIn(actor('student', member('student', 'pending')), S)).toBe('none');
    expect(standingIn(actor('student', member('student', 'deactivated')), S)).toBe('none');
    expect(standingIn(actor('student'), S)).toBe('none');
  });

  it('hides a school from outsiders and refuses openly inside it', () => {
    expect(SchoolRules.see('none')).toBe('hide');
    expect(SchoolRules.edit('teacher')).toBe('forbid');
    expect(SchoolRules.edit('platform_admin')).toBe('forbid');
    expect(SchoolRules.edit('school_admin')).toBe('allow');
    expect(SchoolRules.editIdentity('school_admin')).toBe('forbid');
    expect(SchoolRules.manage('teacher')).toBe('forbid');
    expect(SchoolRules.listMembers('teacher')).toBe('allow');
    expect(SchoolRules.listMembers('student')).toBe('forbid');
    expect(classesVisibleTo('school_admin')).toBe('all');
    expect(classesVisibleTo('student')).toBe('own');
    expect(classesVisibleTo('none')).toBe('none');
  });

  it('lets a class be seen by its own people and managed by its teachers and the school’s admins', () => {
    expect(ClassRules.see({ standing: 'teacher', classRole: null })).toBe('hide');
    expect(ClassRules.manage({ standing: 'teacher', classRole: 'teacher' })).toBe('allow');
    expect(ClassRules.manage({ standing: 'student', classRole: 'student' })).toBe('forbid');
    expect(ClassRules.manage({ standing: 'none', classRole: null })).toBe('hide');
    expect(ClassRules.manage({ standing: 'school_admin', classRole: null })).toBe('allow');
    expect(ClassRules.showsJoinCode({ standing: 'student', classRole: 'student' })).toBe(false);
  });

  it('maps school roles to class and platform roles', () => {
    expect(fitsClassRole('school_admin', 'teacher')).toBe(true);
    expect(fitsClassRole('student', 'teacher')).toBe(false);
    expect(fitsClassRole('teacher', 'student')).toBe(false);
    expect(platformRoleFor('school_admin')).toBe('teacher');
    expect(platformRoleFor('student')).toBe('student');
  });

  it('decides a join by code', () => {
    expect(decideJoin(actor('teacher'), S)).toEqual({ kind: 'refuse', reason: 'not_student' });
    expect(decideJoin(actor('student'), S)).toEqual({ kind: 'join_school' });
    expect(decideJoin(actor('student', member('student', 'active', 'b')), S)).toEqual({ kind: 'refuse', reason: 'other_school' });
    expect(decideJoin(actor('student', member('student', 'deactivated')), S)).toEqual({ kind: 'refuse', reason: 'deactivated' });
    expect(decideJoin(actor('student', member('teacher')), S)).toEqual({ kind: 'refuse', reason: 'not_school_student' });
    expect(decideJoin(actor('student', member('student', 'pending')), S)).toEqual({ kind: 'join_class', activate: true });
    expect(decideJoin(actor('student', member('student')), S)).toEqual({ kind: 'join_class', activate: false });
  });
});

describe('join codes', () => {
  it('are 8 characters of the alphabet, shown with a dash, read back in any case', () => {
    let i = 0;
    const code = newJoinCode((n) => i++ % n);
    expect(code).toHaveLength(8);
    for (const ch of code) expect(JOIN_CODE_ALPHABET).toContain(ch);
    expect(displayJoinCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(normaliseJoinCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normaliseJoinCode('ABCDEFG')).toBeNull();
    expect(normaliseJoinCode('ABCD-EFG0')).toBeNull(); // 0 is not in the alphabet
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[01ILOU]/);
  });
});

describe('school fields', () => {
  it('checks domains, tenants and time zones', () => {
    expect(checkEmailDomains(['@Example.ORG', 'example.org', 'sub.school.example'])).toEqual({
      ok: true,
      value: ['example.org', 'sub.school.example'],
    });
    expect(checkEmailDomains(['gmail.com'])).toMatchObject({ ok: false, code: 'domain' });
    expect(checkEmailDomains(['no_domain'])).toMatchObject({ ok: false });
    expect(normaliseTenantIds([' A ', 'a', ''])).toEqual(['a']);
    expect(checkTimeZone('europe/london')).toMatchObject({ ok: true });
    expect(checkTimeZone('UTC')).toEqual({ ok: true, value: 'UTC' });
    expect(checkTimeZone('Mars/Base')).toMatchObject({ ok: false, code: 'time_zone' });
  });

  it('merges settings, reads the domain sign-up and e-mail domains, escapes searches', () => {
    expect(mergeSettings(null, { pool_enabled: false })).toEqual({ ...DEFAULT_SCHOOL_SETTINGS, pool_enabled: false });
    expect(domainSignUp(DEFAULT_SCHOOL_SETTINGS)).toBe('pending');
    expect(domainSignUp({ ...DEFAULT_SCHOOL_SETTINGS, domain_sign_up: 'off' })).toBe('off');
    expect(emailDomain('A@B.Example.org')).toBe('b.example.org');
    expect(emailDomain('nobody')).toBeNull();
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });
});
