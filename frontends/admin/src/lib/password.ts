/** The create-user form's generated password (spec admin §2, §9): 12 characters from this alphabet. */
export const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const GENERATED_PASSWORD_LENGTH = 12;

type RandomSource = (array: Uint32Array) => Uint32Array;
const cryptoSource: RandomSource = (a) => globalThis.crypto.getRandomValues(a);

/**
 * A cryptographically random password. Rejection sampling keeps every character equally likely
 * (2^32 is not a multiple of the alphabet's 70 characters).
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH, random: RandomSource = cryptoSource): string {
  const n = PASSWORD_ALPHABET.length;
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  let out = '';
  const buf = new Uint32Array(length);
  while (out.length < length) {
    random(buf);
    for (const v of buf) {
      if (v < limit && out.length < length) out += PASSWORD_ALPHABET[v % n];
    }
  }
  return out;
}
