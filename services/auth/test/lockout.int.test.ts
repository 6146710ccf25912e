import { Messages } from '@corestone/contracts';
import { Limiter, connectRedis } from '@corestone/service-kit';
import { SignInLockout } from '../src/app/sign-in-lockout';
import { startAuth, uniqueEmail, type Harness } from './helpers';

/** The per-account lock-out of failed sign-ins (moved here from the gateway; Redis is its store). */
let h: Harness;
beforeAll(async () => {
  h = await startAuth('authlock', { RATE_LOGIN_FAILURES_MAX: '3', RATE_LOGIN_FAILURES_WINDOW_SECONDS: '900' });
});
afterAll(async () => {
  await h.close();
});

const login = (username: string, password: string, form = false) =>
  h.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    payload: form ? new URLSearchParams({ username, password }).toString() : { username, password },
  });

async function account(): Promise<{ email: string; password: string }> {
  const { email, password } = await h.userWithSession('student', 'right-password-1');
  return { email, password };
}

it('locks an account after too many failed sign-ins, whatever the spelling, then answers 429 with Retry-After', async () => {
  const { email, password } = await account();
  const spellings = [email, email.toUpperCase(), ` ${email.toLowerCase()} `];
  for (const name of spellings) expect((await login(name, 'wrong', name === spellings[1])).statusCode).toBe(401);

  const locked = await login(email, password); // even the right password
  expect(locked.statusCode).toBe(429);
  expect(locked.json()).toEqual({ detail: Messages.TOO_MANY_FAILED_SIGNINS, code: 'RATE_LIMITED' });
  const retryAfter = Number(locked.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(900);
  expect((await login(email, password, true)).statusCode).toBe(429);

  // another account is not affected
  const other = await account();
  expect((await login(other.email, other.password)).statusCode).toBe(200);
});

it('counts sign-ins to unknown accounts too (no way to tell them apart by the lock-out)', async () => {
  const nobody = uniqueEmail('nobody');
  for (let i = 0; i < 3; i++) expect((await login(nobody, 'x')).json().code).toBe('ACCOUNT_NOT_FOUND');
  expect((await login(nobody, 'x')).statusCode).toBe(429);
});

it('keeps the counters in Redis under REDIS_PREFIX without e-mail addresses in the keys', async () => {
  const keys = await h.infra.redis!.keys(`${h.config.REDIS_PREFIX}*`);
  expect(keys.some((k) => k.startsWith(`${h.config.REDIS_PREFIX}auth:rl:login_failures:`))).toBe(true);
  expect(keys.some((k) => k.toLowerCase().includes('example.com'))).toBe(false);
});

it('clears the failures of an account after a successful sign-in', async () => {
  const { email, password } = await account();
  expect((await login(email, 'wrong')).statusCode).toBe(401);
  expect((await login(email, 'wrong')).statusCode).toBe(401);
  expect((await login(email, password)).statusCode).toBe(200);
  for (let i = 0; i < 3; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
  expect((await login(email, password)).statusCode).toBe(429);
});

it('does not count other failures (a bad body, a deactivated account) as wrong passwords', async () => {
  const { email, password } = await account();
  for (let i = 0; i < 4; i++)
    expect((await h.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email } })).statusCode).toBe(400);
  expect((await login(email, password)).statusCode).toBe(200);

  const off = await h.userWithSession('teacher', 'right-password-2');
  h.users.set(off.user.id, { is_active: false });
  for (let i = 0; i < 4; i++) expect((await login(off.email, off.password)).statusCode).toBe(403);
  h.users.set(off.user.id, { is_active: true });
  expect((await login(off.email, off.password)).statusCode).toBe(200);
});

it('lets sign-ins through when Redis does not answer, and logs it', async () => {
  const broken = await connectRedis(h.config.REDIS_URL);
  await broken.quit();
  const errors: string[] = [];
  const log = { ...h.app.log, error: (_o: unknown, msg: string) => errors.push(msg) } as never;
  const lockout = new SignInLockout(new Limiter(broken, 'x:'), { max: 1, windowMs: 1000 }, log);
  await expect(lockout.attempt('a@example.com', async () => 'signed in')).resolves.toBe('signed in');
  await expect(lockout.attempt('a@example.com', async () => 'again')).resolves.toBe('again');
  expect(errors).toContain('rate limit store unavailable; sign-in let through');
});
