import { canGrade, creditLabel, normalizeUser, userChanged } from '../src';

describe('normalizeUser', () => {
  test('maps the server user and spells super_admin as super-admin', () => {
    const u = normalizeUser({
      id: '1',
      email: 'root@x.io',
      first_name: 'Root',
      last_name: '',
      user_type: 'super_admin',
      essay_credits: 0,
      max_essay_credits: 0,
    })!;
    expect(u.role).toBe('super-admin');
    expect(u.user_type).toBe('super_admin');
    expect(u.name).toBe('Root');
    expect(u.user_id).toBe('1');
  });

  test('name fallbacks: display name, first name, username, e-mail local part, generic label', () => {
    expect(normalizeUser({ display_name: 'Disp', first_name: 'F', email: 'e@x' })!.name).toBe('Disp');
    expect(normalizeUser({ first_name: 'F', email: 'e@x' })!.name).toBe('F');
    expect(normalizeUser({ username: 'uname', email: 'e@x' })!.name).toBe('uname');
    expect(normalizeUser({ email: 'jane.doe@x.org' })!.name).toBe('jane.doe');
    expect(normalizeUser({})!.name).toBe('User');
    expect(normalizeUser(null)).toBeNull();
  });

  test('defaults: credits 1/1, plan free, chatbot 0/10, role from role when user_type missing, initials avatar', () => {
    const u = normalizeUser({ id: 'x', role: 'teacher', first_name: 'Tom', last_name: 'Hardy' })!;
    expect([u.essay_credits, u.max_essay_credits, u.subscription, u.chatbot_count, u.max_chatbot]).toEqual([1, 1, 'free', 0, 10]);
    expect(u.role).toBe('teacher');
    expect(u.avatar).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(u.avatar)).toContain('>TH<');
    expect(normalizeUser({ message_count: 4, picture: 'http://p' })!).toMatchObject({ chatbot_count: 4, avatar: 'http://p' });
    expect(normalizeUser({ subscription_plan: 'core_pack' })!.subscription).toBe('core_pack');
  });

  test('canGrade: students/teachers with credits or unlimited', () => {
    const mk = (user_type: string, essay_credits: number, max_essay_credits: number) =>
      normalizeUser({ user_type, essay_credits, max_essay_credits })!;
    expect(canGrade(mk('student', 1, 1))).toBe(true);
    expect(canGrade(mk('teacher', 0, 5))).toBe(false);
    expect(canGrade(mk('teacher', 0, -1))).toBe(true);
    expect(canGrade(mk('admin', 5, 5))).toBe(false);
    expect(canGrade(mk('super_admin', 5, -1))).toBe(false);
    expect(canGrade(null)).toBe(false);
  });

  test('credit label', () => {
    expect(creditLabel({ essay_credits: 3, max_essay_credits: 5 })).toBe('3 / 5');
    expect(creditLabel({ essay_credits: 0, max_essay_credits: -1 })).toBe('Unlimited');
  });

  test('userChanged notices credits and plan changes only when they differ', () => {
    const a = normalizeUser({ id: '1', essay_credits: 2 })!;
    expect(userChanged(a, normalizeUser({ id: '1', essay_credits: 2 }))).toBe(false);
    expect(userChanged(a, normalizeUser({ id: '1', essay_credits: 1 }))).toBe(true);
    expect(userChanged(a, normalizeUser({ id: '1', essay_credits: 2, subscription_plan: 'core_pack' }))).toBe(true);
  });

  test('userChanged notices an uploaded or removed avatar', () => {
    const initials = normalizeUser({ id: '1', first_name: 'Ann' })!;
    const photo = normalizeUser({ id: '1', first_name: 'Ann', avatar: '/api/v1/users/avatars/0123.png' })!;
    expect(userChanged(initials, normalizeUser({ id: '1', first_name: 'Ann' }))).toBe(false);
    expect(userChanged(initials, photo)).toBe(true);
    expect(userChanged(photo, initials)).toBe(true);
  });
});
