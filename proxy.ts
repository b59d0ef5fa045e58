import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { configFromProcess } from '@/lib/server/config-core';

/**
 * An optimistic check only: visitors without a valid session cookie are sent to /login before
 * anything renders. The real guard is verifySession in every page, read and server action.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: configFromProcess().authSecret });
  if (token) return NextResponse.next();
  const login = new URL('/login', request.url);
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (target !== '/') login.searchParams.set('callbackUrl', target);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ['/((?!login|api/auth|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)'],
};
