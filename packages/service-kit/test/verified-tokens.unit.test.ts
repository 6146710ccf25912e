/** rememberVerifiedTokens: a token verified once is not checked again until it expires; failures are never remembered. */
import { rememberVerifiedTokens, unauthorized, type Principal } from '@corestone/service-kit';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A token-shaped string (the underlying verifier below decides what is valid). */
const token = (sub: string, exp: number) => `${b64({ alg: 'EdDSA' })}.${b64({ sub, exp })}.sig`;

function counting(valid: Set<string>) {
  let calls = 0;
  const verify = async (t: string): Promise<Principal> => {
    calls++;
    if (!valid.has(t)) throw unauthorized('Invalid token');
    return { id: JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).sub, role: 'student', sessionId: 's' };
  };
  return { verify, calls: () => calls };
}

test('verifies a token once while it is valid, again once it has expired; never remembers a failure', async () => {
  let clock = 1_000_000;
  const good = token('u1', 1_000 + 900); // exp in seconds: 1,900,000 ms
  const bad = token('u2', 1_000 + 900);
  const inner = counting(new Set([good]));
  const verify = rememberVerifiedTokens(inner.verify, 10, () => clock);

  expect(await verify(good)).toEqual({ id: 'u1', role: 'student', sessionId: 's' });
  expect(await verify(good)).toEqual({ id: 'u1', role: 'student', sessionId: 's' });
  expect(inner.calls()).toBe(1);

  await expect(verify(bad)).rejects.toMatchObject({ statusCode: 401 });
  await expect(verify(bad)).rejects.toMatchObject({ statusCode: 401 });
  expect(inner.calls()).toBe(3);

  clock = 1_900_000; // the token's exp: checked again (and the real verifier refuses expired tokens)
  await verify(good);
  expect(inner.calls()).toBe(4);
});

test('keeps at most `max` tokens, forgetting the oldest', async () => {
  const tokens = ['a', 'b', 'c'].map((s) => token(s, 4_000_000_000));
  const inner = counting(new Set(tokens));
  const verify = rememberVerifiedTokens(inner.verify, 2);
  for (const t of tokens) await verify(t);
  expect(inner.calls()).toBe(3);
  await verify(tokens[2]);
  await verify(tokens[1]);
  expect(inner.calls()).toBe(3);
  await verify(tokens[0]); // forgotten: verified again
  expect(inner.calls()).toBe(4);
});
