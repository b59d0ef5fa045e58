import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB memory, 2 passes), the OWASP baseline. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
