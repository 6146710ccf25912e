import type { Role } from '@corestone/contracts';
import { HttpError } from '@corestone/service-kit';
import { avatarKindOf, sniffImage } from '../src/domain/avatar';
import { canManage, checkAdminChange, checkSelfRoleChange, messageAllowance, permissionsOf, type AdminChange } from '../src/domain/rules';
import { nameOf, toUser, type Account } from '../src/domain/view';
import { JPEG, PNG, WEBP } from './helpers';

const account = (over: Partial<Account> = {}): Account => ({
  id: 'id-1',
  email: 'jo.doe@example.test',
  role: 'student',
  is_active: true,
  first_name: 'Jo',
  last_name: 'Doe',
  display_name: null,
  is_anonymous: false,
  avatar: null,
  message_count: 3,
  max_chatbot: 10,
  assigned_personas: [],
  openai_api_key_masked: null,
  created_at: new Date('2025-01-02T03:04:05Z'),
  ...over,
});

describe('the User view', () => {
  it('names by display name, then first + last, then the e-mail local part', () => {
    expect(nameOf(account({ display_name: ' JD ' }))).toBe('JD');
    expect(nameOf(account())).toBe('Jo Doe');
    expect(nameOf(account({ last_name: '' }))).toBe('Jo');
    expect(nameOf(account({ first_name: ' ', last_name: '', display_name: '  ' }))).toBe('jo.doe');
    expect(nameOf(account({ first_name: '', last_name: '', email: '@x' }))).toBe('User');
  });

  it('mirrors id/user_id, role/user_type, created_at/createdAt and uses default credits when none are known', () => {
    const u = toUser(account({ role: 'teacher', avatar: 'abc.png' }), null, null);
    expect(u).toMatchObject({
      id: 'id-1',
      user_id: 'id-1',
      role: 'teacher',
      user_type: 'teacher',
      created_at: '2025-01-02T03:04:05.000Z',
      createdAt: '2025-01-02T03:04:05.000Z',
      essay_credits: 1,
      max_essay_credits: 1,
      subscription_plan: 'free',
      chatbot_count: 3,
      avatar: '/api/v1/users/avatars/abc.png',
    });
  });
});

describe('avatars', () => {
  it('recognises images by their first bytes only', () => {
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(JPEG)).toBe('jpg');
    expect(sniffImage(WEBP)).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF....WAVE'))).toBeNull();
    expect(sniffImage(Buffer.from('\x89PNG'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('accepts only the names it makes', () => {
    expect(avatarKindOf(`${'0a'.repeat(16)}.png`)).toBe('png');
    expect(avatarKindOf(`${'0a'.repeat(16)}.webp`)).toBe('webp');
    for (const bad of [
      '../x.png',
      `${'0a'.repeat(16)}.PNG`,
      `${'0a'.repeat(15)}.png`,
      `${'0a'.repeat(16)}.png/..`,
      `${'0A'.repeat(16)}.jpg`,
    ]) {
      expect(avatarKindOf(bad)).toBeNull();
    }
  });
});

describe('rules', () => {
  const refusal = (fn: () => void): number | null => {
    try {
      fn();
      return null;
    } catch (err) {
      if (err instanceof HttpError) return err.statusCode;
      throw err;
    }
  };
  const actor = (role: Role, id = 'actor') => ({ id, role });
  const target = (role: Role, id = 'target', is_active = true) => ({ id, role, is_active });

  it('lets admins manage only students and teachers; super admins everyone', () => {
    expect(canManage(actor('admin'), target('student'))).toBe(true);
    expect(canManage(actor('admin'), target('teacher'))).toBe(true);
    expect(canManage(actor('admin'), target('admin'))).toBe(false);
    expect(canManage(actor('admin'), target('super_admin'))).toBe(false);
    expect(canManage(actor('super_admin'), target('super_admin'))).toBe(true);
    expect(canManage(actor('teacher'), target('student'))).toBe(false);
  });

  it.each<[Role, Role, AdminChange, number, number | null]>([
    ['admin', 'student', { other: true }, 0, null],
    ['admin', 'student', { role: 'teacher' }, 0, 403],
    ['admin', 'student', { role: 'student' }, 0, null],
    ['admin', 'admin', { other: true }, 0, 403],
    ['teacher', 'student', { other: true }, 0, 403],
    ['super_admin', 'student', { role: 'admin' }, 0, null],
    ['super_admin', 'super_admin', { role: 'admin' }, 0, 409],
    ['super_admin', 'super_admin', { role: 'admin' }, 1, null],
    ['super_admin', 'super_admin', { is_active: false }, 0, 409],
    ['super_admin', 'super_admin', { delete: true }, 0, 409],
    ['super_admin', 'super_admin', { other: true }, 0, null],
  ])('%s changing a %s with %j (other super admins %i) → %s', (a, t, change, others, expected) => {
    expect(refusal(() => checkAdminChange(actor(a), target(t), change, others))).toBe(expected);
  });

  it('refuses self-deletion and self-deactivation even to a super admin with company', () => {
    expect(refusal(() => checkAdminChange(actor('super_admin', 'me'), target('super_admin', 'me'), { delete: true }, 5))).toBe(403);
    expect(refusal(() => checkAdminChange(actor('admin', 'me'), target('admin', 'me'), { is_active: false }, 5))).toBe(403);
    expect(refusal(() => checkAdminChange(actor('super_admin', 'me'), target('super_admin', 'me'), { role: 'admin' }, 1))).toBeNull();
  });

  it('allows only the student/teacher switch on one’s own profile', () => {
    expect(refusal(() => checkSelfRoleChange('student', 'teacher'))).toBeNull();
    expect(refusal(() => checkSelfRoleChange('teacher', 'student'))).toBeNull();
    expect(refusal(() => checkSelfRoleChange('admin', 'admin'))).toBeNull();
    expect(refusal(() => checkSelfRoleChange('admin', undefined))).toBeNull();
    expect(refusal(() => checkSelfRoleChange('student', 'admin'))).toBe(403);
    expect(refusal(() => checkSelfRoleChange('admin', 'teacher'))).toBe(403);
    expect(refusal(() => checkSelfRoleChange('super_admin', 'student'))).toBe(403);
  });

  it('derives permissions and message allowances from the role', () => {
    expect(permissionsOf('teacher')).toMatchObject({ can_grade: true, can_access_admin: false, can_set_api_key: false });
    expect(permissionsOf('admin')).toMatchObject({ can_grade: false, can_manage_users: true, can_manage_admins: false });
    expect(messageAllowance('student', 9, 10)).toEqual({ can_send: true, message_count: 9, max_messages: 10 });
    expect(messageAllowance('student', 10, 10)).toEqual({ can_send: false, message_count: 10, max_messages: 10 });
    expect(messageAllowance('admin', 500, 10)).toEqual({ can_send: true, message_count: 500, max_messages: -1 });
  });
});
