/**
 * The back office's menu (`admin/navigation`): which item is selected where, as the back office's
 * frame and the shell's stand-in for it draw them.
 */
import { isRemoteNavigation, navItems, selectedNavKey } from '@corestone/ui/navigation';
import { navigation } from '../src/navigation';

test("every platform item is shown to admins and super admins, not the school admin's", () => {
  const all = ['overview', 'submissions', 'users', 'rubrics', 'links', 'policies', 'tok-titles', 'enquiries', 'schools', 'settings'];
  expect(navItems(navigation, { role: 'admin' }).map((i) => i.key)).toEqual(all);
  expect(navItems(navigation, { role: 'super-admin' }).map((i) => i.key)).toEqual(all);
  expect(isRemoteNavigation(navigation)).toBe(true);
});

test.each([
  ['/admin', 'overview'],
  ['/admin/', 'overview'],
  ['/admin/analytics', 'overview'],
  ['/admin/assess', 'overview'],
  ['/admin/submissions', 'submissions'],
  ['/admin/submissions/e1', 'submissions'],
  ['/admin/evaluations/e1', 'submissions'],
  ['/admin/users', 'users'],
  ['/admin/rubrics', 'rubrics'],
  ['/admin/links', 'links'],
  ['/admin/policies', 'policies'],
  ['/admin/tok-titles', 'tok-titles'],
  ['/admin/enquiries', 'enquiries'],
  ['/admin/settings', 'settings'],
  ['/admin/schools', 'schools'],
  ['/admin/schools/s1/members', 'schools'],
  ['/admin/school', 'school'],
  ['/admin/school/roster', 'school'],
  ['/admin/unknown', 'overview'],
])('on %s the selected item is %s', (path, key) => {
  expect(selectedNavKey(navigation, path)).toBe(key);
});

test("a school admin (a teacher or student account) sees their School area, the Classes area and their own dashboard; a school's teacher no School", () => {
  const school = (role: 'school_admin' | 'teacher') => ({ id: 's', name: null, role, status: 'active' as const });
  for (const role of ['teacher', 'student'] as const) {
    expect(navItems(navigation, { role, school: school('school_admin') }).map((i) => i.key)).toEqual([
      'school',
      'classes',
      'agreement',
      'my-dashboard',
    ]);
  }
  expect(navItems(navigation, { role: 'teacher', school: school('teacher') }).map((i) => i.key)).toEqual([
    'classes',
    'agreement',
    'my-dashboard',
  ]);
  expect(navItems(navigation, { role: 'teacher', school: { ...school('teacher'), status: 'pending' } }).map((i) => i.key)).toEqual([
    'my-dashboard',
  ]);
});
