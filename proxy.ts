import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';

import { decodeSessionToken } from '@/lib/server/auth/session-token';
import { configFromProcess } from '@/lib/server/config/config-core';
import { contentSecurityPolicy, HSTS, STATIC_SECURITY_HEADERS } from '@/lib/server/http/security-headers';

/** Reachable without a session: sign-in, next-auth's own routes, and the health probes of an orchestrator. */
const PUBLIC_PATHS = [/^\/login(\/|$)/, /^\/api\/auth(\/|$)/, /^\/api\/health\/(live|ready)$/];

/**
 * Security headers on every page, and an optimistic sign-in check: visitors without a valid
 * session cookie are sent to /login before anything renders. The real guard is verifySession
 * in every page, read and server action.
 */
export async function proxy(request: NextRequest) {
  const config = configFromProcess();
  const { pathname, search } = request.nextUrl;

  let response: NextResponse;
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === 'development',
    imageOrigins: [new URL(config.api.baseUrl).origin],
  });
  if (
    !PUBLIC_PATHS.some((p) => p.test(pathname)) &&
    !(await getToken({ req: request, secret: config.authSecret, decode: decodeSessionToken }))
  ) {
    const login = new URL('/login', request.url);
    if (pathname !== '/') login.searchParams.set('callbackUrl', `${pathname}${search}`);
    response = NextResponse.redirect(login);
  } else {
    // Next reads the nonce from the request's CSP header and puts it on its own scripts.
    const headers = new Headers(request.headers);
    headers.set('x-nonce', nonce);
    headers.set('Content-Security-Policy', csp);
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set('Content-Security-Policy', csp);
  for (const [k, v] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(k, v);
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  if (https) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

/**
 * Route handlers under /api (next-auth's excepted) are left out: each guards itself through
 * staffRoute (session, role, same-origin, security headers), and a request the proxy sees has
 * its whole body buffered by Next before the route runs, which would defeat the route's own
 * streamed size limit.
 */
export const config = {
  matcher: [
    '/((?!_next/static|_next/image|favicon.ico|icon.svg|icon-192.png|icon-512.png|apple-touch-icon.png|manifest.webmanifest|robots.txt|api/).*)',
    '/api/auth/:path*',
  ],
};
