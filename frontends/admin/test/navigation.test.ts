/**
 * The back office's menu (`admin/navigation`): which item is selected where, as the back office's
 * frame and the shell's stand-in for it draw them.
 */
import { isRemoteNavigation, navItems, selectedNavKey } from '@corestone/ui/navigation';
import { navigation } from '../src/navigation';

test('every item is shown to admins and super admins', () => {
  const all = ['overview', 'submissions', 'users', 'rubrics', 'links', 'policies', 'tok-titles', 'enquiries', 'settings'];
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
  ['/admin/unknown', 'overview'],
])('on %s the selected item is %s', (path, key) => {
  expect(selectedNavKey(navigation, path)).toBe(key);
});
