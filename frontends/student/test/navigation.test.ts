/**
 * The dashboard's menu (`student/navigation`): who sees which item, and which item is selected
 * where, as the dashboard's frame and the shell's stand-in for it draw them.
 */
import { isRemoteNavigation, navItems, selectedNavKey } from '@corestone/ui/navigation';
import { navigation } from '../src/navigation';

const keysFor = (role: 'student' | 'teacher' | 'admin' | 'super-admin') => navItems(navigation, { role }).map((i) => i.key);

test('Plans is shown to students and teachers only', () => {
  expect(keysFor('student')).toEqual(['overview', 'upload-ee', 'upload-tok', 'plans', 'profile', 'submissions']);
  expect(keysFor('teacher')).toContain('plans');
  expect(keysFor('admin')).toEqual(['overview', 'upload-ee', 'upload-tok', 'profile', 'submissions']);
});

test.each([
  ['/dashboard', 'overview'],
  ['/dashboard/upload/ee', 'upload-ee'],
  ['/dashboard/upload/tok', 'upload-tok'],
  ['/dashboard/plans', 'plans'],
  ['/dashboard/profile', 'profile'],
  ['/dashboard/submissions', 'submissions'],
  ['/dashboard/results/e1', 'submissions'],
  ['/dashboard/elsewhere', 'overview'],
])('on %s the selected item is %s', (path, key) => {
  expect(selectedNavKey(navigation, path)).toBe(key);
});

test('is what the shell accepts as a navigation module', () => {
  expect(isRemoteNavigation(navigation)).toBe(true);
  expect(isRemoteNavigation({ label: 'Dashboard', items: [{ key: 'x' }] })).toBe(false);
  expect(isRemoteNavigation(() => null)).toBe(false);
});
