/**
 * The session cookie's token, decrypted as next-auth's own `decode` does (next-auth/jwt): the key
 * derived from the secret with HKDF-SHA256, the token a JWE (`dir`, A256GCM), 15 s of clock
 * tolerance on its expiry. Three readers decrypt one request's token: the render gate
 * (scripts/server.ts), the proxy and verifySession. next-auth derives the key again for each; here
 * it is derived once a process, and a token once decrypted is kept for its next readers while it
 * has not expired (the same text always decrypts to the same payload). Whether the session still
 * stands is not the token's to say: verifySession reads its row on every request.
 *
 * Plain Node and free of `server-only`: scripts/server.ts loads it before Next.js.
 */
import { hkdf } from 'node:crypto';
import { jwtDecrypt, type JWTPayload } from 'jose';
import type { JWT, JWTDecodeParams } from 'next-auth/jwt';

import { processWide } from '../process-wide';

/** next-auth's clock tolerance on a token's expiry, in seconds. */
const CLOCK_TOLERANCE_S = 15;
/** Tokens kept decrypted at most: a team's sessions, a few times over. */
const KEPT_TOKENS = 2_000;

interface Decrypted {
  /** the key of each secret (next-auth's salt is empty for the session cookie) */
  keys: Map<string, Promise<Uint8Array>>;
  /** the payload of each token decrypted lately, by the token's text */
  tokens: Map<string, JWTPayload>;
}

const decrypted = () =>
  processWide<Decrypted>('the session tokens decrypted lately, and the key they are decrypted with', () => ({
    keys: new Map(),
    tokens: new Map(),
  }));

function keyOf(secret: string | Buffer): Promise<Uint8Array> {
  const { keys } = decrypted();
  const name = typeof secret === 'string' ? `text:${secret}` : `bytes:${secret.toString('hex')}`;
  let key = keys.get(name);
  if (!key) {
    key = new Promise((resolve, reject) =>
      hkdf('sha256', secret, '', 'NextAuth.js Generated Encryption Key', 32, (error, derived) =>
        error ? reject(error) : resolve(new Uint8Array(derived)),
      ),
    );
    keys.set(name, key);
    key.catch(() => keys.delete(name));
  }
  return key;
}

const current = (payload: JWTPayload, nowS: number) =>
  typeof payload.exp !== 'number' || nowS < payload.exp + CLOCK_TOLERANCE_S;

/**
 * A `decode` for next-auth's `getToken`: the token's payload, or a throw where next-auth's would
 * throw (a token that does not decrypt, or has expired), which getToken answers with null.
 */
export async function decodeSessionToken({ token, secret }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const { tokens } = decrypted();
  const nowS = Math.floor(Date.now() / 1000);
  const kept = tokens.get(token);
  if (kept && current(kept, nowS)) return kept as JWT;
  if (kept) tokens.delete(token);
  const { payload } = await jwtDecrypt(token, await keyOf(secret), { clockTolerance: CLOCK_TOLERANCE_S });
  if (tokens.size >= KEPT_TOKENS) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, payload);
  return payload as JWT;
}
