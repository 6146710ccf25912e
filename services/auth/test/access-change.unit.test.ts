import { isSamePrivilegeSwitch } from '../src/messaging/users-consumer';

describe('which access changes keep sessions', () => {
  it('keeps sessions for an active student/teacher switch', () => {
    expect(isSamePrivilegeSwitch({ role: 'student', is_active: true }, { role: 'teacher', is_active: true })).toBe(true);
    expect(isSamePrivilegeSwitch({ role: 'teacher', is_active: true }, { role: 'student', is_active: true })).toBe(true);
  });
  it('revokes for anything touching admin roles or activation', () => {
    expect(isSamePrivilegeSwitch({ role: 'student', is_active: true }, { role: 'admin', is_active: true })).toBe(false);
    expect(isSamePrivilegeSwitch({ role: 'admin', is_active: true }, { role: 'teacher', is_active: true })).toBe(false);
    expect(isSamePrivilegeSwitch({ role: 'student', is_active: true }, { role: 'student', is_active: false })).toBe(false);
    expect(isSamePrivilegeSwitch({ role: 'super_admin', is_active: true }, { role: 'super_admin', is_active: true })).toBe(false);
  });
});
