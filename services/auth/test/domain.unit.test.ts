import { randomBytes } from 'node:crypto';
import { newId } from '@corestone/service-kit';
import {
  canComplete,
  checkNewPassword,
  mayCreateRole,
  normalizeEmail,
  parseRole,
  signupRole,
  splitFullName,
} from '../src/domain/validation';
import { formatRefreshToken, hashResetToken, parseRefreshToken, safeEqual } from '../src/domain/tokens';
import { hashPassword, verifyPassword } from '../src/domain/passwords';

describe('input rules', () => {
  it('trims and lower-cases e-mail, refuses empty and malformed ones with the spec texts', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(() => normalizeEmail('')).toThrow('Email is required');
    expect(() => normalizeEmail(undefined)).toThrow('Email is required');
    expect(() => normalizeEmail('not-an-email')).toThrow('valid email');
    expect(() => normalizeEmail(`${'a'.repeat(250)}@x.com`)).toThrow('valid email');
  });

  it('needs 6 to 256 characters in a new password', () => {
    expect(() => checkNewPassword('12345')).toThrow('Password must be at least 6 characters long');
    expect(checkNewPassword('123456')).toBe('123456');
    expect(() => checkNewPassword('x'.repeat(257))).toThrow('at most 256');
  });

  it('splits a full name on whitespace', () => {
    expect(splitFullName('  Ada   Lovelace King ')).toEqual({ first_name: 'Ada', last_name: 'Lovelace King' });
    expect(splitFullName('Ada')).toEqual({ first_name: 'Ada', last_name: '' });
    expect(splitFullName(undefined)).toEqual({ first_name: '', last_name: '' });
  });

  it('allows sign-up only as student or teacher', () => {
    expect(signupRole(undefined)).toBe('student');
    expect(signupRole('teacher')).toBe('teacher');
    for (const bad of ['admin', 'super_admin', 'super-admin', 'SUPER_ADMIN', 'moderator', 'root']) {
      expect(() => signupRole(bad)).toThrow(expect.objectContaining({ statusCode: 400, code: 'INVALID_ROLE' }));
    }
  });

  it('spells roles the server way and knows who may create whom', () => {
    expect(parseRole('super-admin')).toBe('super_admin');
    expect(parseRole('moderator')).toBeNull();
    expect(mayCreateRole('super_admin', 'admin')).toBe(true);
    expect(mayCreateRole('admin', 'teacher')).toBe(true);
    expect(mayCreateRole('admin', 'admin')).toBe(false);
    expect(mayCreateRole('admin', 'super_admin')).toBe(false);
    expect(mayCreateRole('teacher', 'student')).toBe(false);
  });

  it('lets a new request complete a pending credential only without raising privileges', () => {
    expect(canComplete('student', 'teacher')).toBe(true);
    expect(canComplete('admin', 'admin')).toBe(true);
    expect(canComplete('admin', 'student')).toBe(false);
    expect(canComplete('student', 'admin')).toBe(false);
    expect(canComplete('super_admin', 'teacher')).toBe(false);
  });
});

describe('tokens', () => {
  const key = randomBytes(32);

  it('formats refresh tokens as <id>.<hmac> and accepts only our own', () => {
    const id = newId();
    const token = formatRefreshToken(key, id);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(parseRefreshToken(key, token)).toBe(id);
    expect(parseRefreshToken(randomBytes(32), token)).toBeNull();
    expect(parseRefreshToken(key, `${newId()}.${token.split('.')[1]}`)).toBeNull();
    expect(parseRefreshToken(key, `${id}.`)).toBeNull();
    expect(parseRefreshToken(key, 'garbage')).toBeNull();
    expect(parseRefreshToken(key, `not-a-uuid.${token.split('.')[1]}`)).toBeNull();
  });

  it('hashes reset tokens and compares setup tokens safely', () => {
    expect(hashResetToken('abc')).toHaveLength(64);
    expect(hashResetToken('abc')).not.toBe(hashResetToken('abd'));
    expect(safeEqual('secret', 'secret')).toBe(true);
    expect(safeEqual('secret', 'secreT')).toBe(false);
    expect(safeEqual('secret', 'secret-longer')).toBe(false);
  });
});

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});
