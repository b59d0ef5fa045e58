import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import type { Provider } from 'next-auth/providers/index';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { cache } from 'react';
import { getConfig } from './config';
import { getDb } from './db';
import type { StaffRole } from './db/schema';
import { LoginLimiter } from './login-limiter';
import type { DashboardConfig } from './config-core';
import { checkLogin, findStaffById, staffForSso, type SsoProfile } from './staff-store';

declare module 'next-auth' {
  interface Session {
    user: { id: string; email: string; name: string; role: StaffRole };
  }
}
declare module 'next-auth/jwt' {
  interface JWT {
    staffId?: string;
  }
}

const globalForLimiter = globalThis as unknown as { loginLimiter?: LoginLimiter };
const limiter = (globalForLimiter.loginLimiter ??= new LoginLimiter());

function clientAddress(headers: Record<string, unknown> | undefined): string {
  const forwarded = headers?.['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return first || 'local';
}

export const OIDC_PROVIDER_ID = 'sso';

function oidcProvider(oidc: NonNullable<DashboardConfig['oidc']>): Provider {
  return {
    id: OIDC_PROVIDER_ID,
    name: oidc.name,
    type: 'oauth',
    wellKnown: `${oidc.issuer}/.well-known/openid-configuration`,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    checks: ['pkce', 'state'],
    profile(p: { sub: string; email?: string; name?: string }) {
      return { id: p.sub, email: p.email ?? '', name: p.name ?? p.email ?? p.sub };
    },
  };
}

export function getAuthOptions(): NextAuthOptions {
  const config = getConfig();
  return {
    secret: config.authSecret,
    session: { strategy: 'jwt', maxAge: config.sessionMaxAgeS },
    jwt: { maxAge: config.sessionMaxAgeS },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      ...(config.oidc ? [oidcProvider(config.oidc)] : []),
      CredentialsProvider({
        name: 'E-mail and password',
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const address = clientAddress(req?.headers);
          if (limiter.isBlocked(address)) throw new Error('throttled');
          const result = await checkLogin(await getDb(), credentials?.email ?? '', credentials?.password ?? '');
          if (!result.ok) {
            limiter.recordFailure(address);
            throw new Error(result.reason);
          }
          return { id: result.user.id, email: result.user.email, name: result.user.name };
        },
      }),
    ],
    callbacks: {
      // Company SSO signs in only people who already have an enabled staff account (matched by
      // verified e-mail); the role always comes from that account, never from the identity provider.
      async signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        const staff = await staffForSso(await getDb(), profile as SsoProfile | undefined);
        return staff ? true : '/login?error=sso_unknown';
      },
      async jwt({ token, user, account, profile }) {
        if (account?.provider === OIDC_PROVIDER_ID) token.staffId = (await staffForSso(await getDb(), profile as SsoProfile | undefined))?.id;
        else if (user) token.staffId = user.id;
        return token;
      },
      // The role and the disabled flag are read from the database on every request (verifySession),
      // so the token carries only the account id.
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.staffId ?? '' } } as typeof session;
      },
    },
  };
}

export interface StaffSession {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** signed in with a one-time password: must choose a new one before doing anything else */
  mustChangePassword: boolean;
}

/**
 * The signed-in staff member, re-read from the database (a disabled account or a changed role
 * takes effect on the next request), or null. Cached per request.
 */
export const verifySession = cache(async (): Promise<StaffSession | null> => {
  const session = await getServerSession(getAuthOptions());
  const id = session?.user?.id;
  if (!id) return null;
  const user = await findStaffById(await getDb(), id);
  if (!user || user.disabled) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, mustChangePassword: user.mustChangePassword };
});
