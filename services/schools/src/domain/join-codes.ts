/**
 * Class join codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L, U), shown as
 * `XXXX-XXXX`. 31^8 ≈ 8.5 × 10^11 codes. Typed back with or without the dash or spaces, any case.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

/** A new code; `randomIndex(n)` answers a uniformly random integer in [0, n) (crypto.randomInt in use). */
export function newJoinCode(randomIndex: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomIndex(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** The stored form of what someone typed (upper case, no dash or spaces), or null when it cannot be a code. */
export function normaliseJoinCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== JOIN_CODE_LENGTH) return null;
  for (const ch of code) if (!JOIN_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** How a stored code is shown: `K7QX-3MPA`. */
export const displayJoinCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;
