/**
 * The render gate's key (render-gate.ts): the session a request's cookie stands for, read as
 * Next.js and next-auth read it, verified, never the cookie's text.
 *
 * A client may send a cookie name twice and write a value percent-encoded: Next.js keeps the last
 * of a name, decoded (its own cookie parser, used here), and next-auth joins a split session's
 * parts and decrypts the token (getToken, as verifySession does). A key taken from the first
 * cookie's raw text was a new key for every decoy cookie put in front of the real one, so a
 * copied session escaped its count. The key is the decrypted token's server-side session id, so
 * any spelling of one session is one count, and a cookie that does not decrypt counts as no
 * session (its page is the sign-in page's redirect). Plain Node: the server loads it before
 * Next.js.
 */
import type { IncomingMessage } from 'node:http';
import { getToken } from 'next-auth/jwt';
import { RequestCookies } from 'next/dist/compiled/@edge-runtime/cookies';

import { decodeSessionToken } from '../auth/session-token';
import type { SessionKeyOf } from './render-gate';

/** The cookies of a request as Next.js reads them: the last of a name, percent-decoded. */
export function requestCookies(cookieHeader: string | undefined): Record<string, string> {
  const jar = new RequestCookies(new Headers(cookieHeader ? { cookie: cookieHeader } : {}));
  return Object.fromEntries(jar.getAll().map((c) => [c.name, c.value]));
}

export function verifiedSessionKey(opts: { cookieName: string; secret: string; secureCookie: boolean }): SessionKeyOf {
  return async (req: IncomingMessage) => {
    const cookies = requestCookies(req.headers.cookie);
    // No cookie of the session's name at all: nothing to decrypt.
    if (!Object.keys(cookies).some((name) => name === opts.cookieName || name.startsWith(`${opts.cookieName}.`)))
      return null;
    const token = await getToken({
      req: { cookies, headers: {} } as never,
      secret: opts.secret,
      secureCookie: opts.secureCookie,
      cookieName: opts.cookieName,
      decode: decodeSessionToken,
    }).catch(() => null);
    return typeof token?.sid === 'string' ? token.sid : null;
  };
}
