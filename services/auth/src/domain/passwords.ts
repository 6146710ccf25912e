import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes). Passwords are hashed only inside auth. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
