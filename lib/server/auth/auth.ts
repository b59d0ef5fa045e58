import { isUiLocale, validTimeZone, type UiLocale } from '@/lib/i18n/locales';

import 'server-only';

import type { NextAuthOptions } from 'next-auth';
import { getToken } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { Provider } from 'next-auth/providers/index';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';

import type { StaffRole } from '@/lib/auth/roles';

import { recordAudit } from '../audit';
import { setRequestTicket } from '../budget';
import { deviceCookieName, getConfig, sessionCookieName, type DashboardConfig } from '../config';
import { getDb } from '../db';
import type { DashboardDb } from '../db/open';
import type { StaffUser } from '../db/schema';
import { logger, logUnexpected } from '../log';
import { CLIENT_ADDRESS_HEADER, servedByDashboardServer } from './client-address';
import { isDemoEmail } from './demo-accounts';
import { DEVICE_COOKIE_DAYS, deviceTokensOf } from './device-cookie';
import { rememberDevice } from './known-devices';
import { noticeTimeZone } from './language-and-zone';
import {
  secondFactorPolicy,
  secondFactorRequired,
  secretKeysOf,
  spendSecondFactor,
  type SecondFactorPolicy,
} from './second-factor';
import {
  codeAccepted,
  countKnownDeviceCode,
  countSecondFactorCode,
  knownDeviceCodeAccepted,
} from './second-factor-guard';
import { decodeSessionToken } from './session-token';
import { auditSignIn } from './sign-in-audit';
import { ssoProvesSecondFactor, staffForSso, type SsoMatch, type SsoProfile } from './sso-staff';
import { endSession, staffOfSession, startSession, type SessionDevice } from './staff-sessions';
import { checkLogin, findStaffById } from './staff-store';

declare module 'next-auth' {
  interface Session {
    user: { id: string; email: string; name: string; role: StaffRole };
  }
}
declare module 'next-auth/jwt' {
  interface JWT {
    staffId?: string;
    /** the staff_sessions row this cookie stands for */
    sid?: string;
  }
}

/** The sign-in's client address, as the dashboard's HTTP server determined it (client-address.ts). */
function clientAddress(headers: Record<string, unknown> | undefined): string {
  const address = headers?.[CLIENT_ADDRESS_HEADER];
  if (servedByDashboardServer() && typeof address === 'string' && address) return address;
  // Started without scripts/server.ts (a bare `next start`, refused in production): there is no
  // address to trust (the header is the client's own), so every such sign-in shares one limit
  // rather than one a client could choose for itself.
  warnOnce('The dashboard was not started through scripts/server.ts: sign-in limits cannot tell clients apart.');
  return 'unknown';
}

let warned = false;
function warnOnce(message: string) {
  if (warned) return;
  warned = true;
  console.warn(message);
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
    authorization: {
      params: {
        scope: 'openid email profile',
        // Where the deployment names the classes that prove a second factor, the provider is asked for one of them.
        ...(oidc.acrValues.length && { acr_values: oidc.acrValues.join(' ') }),
      },
    },
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
    // The cookie's own expiry slides; the session's lifetime does not (staff_sessions.expires_at).
    session: { strategy: 'jwt', maxAge: config.sessionMaxAgeS },
    jwt: { maxAge: config.sessionMaxAgeS },
    useSecureCookies: config.secureCookies,
    cookies: {
      sessionToken: {
        name: sessionCookieName(config),
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies },
      },
    },
    pages: { signIn: '/login', error: '/login' },
    // next-auth's own failures, by code and the error's name only (its messages can carry input).
    logger: {
      error: (code, metadata) =>
        void logUnexpected(
          `auth ${code}`,
          metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error,
        ),
      warn: (code) => console.warn(`[auth] ${code}`),
      debug: () => undefined,
    },
    providers: [
      ...(config.oidc ? [oidcProvider(config.oidc)] : []),
      CredentialsProvider({
        name: 'E-mail and password',
        // The fields the sign-in page (app/login) posts; next-auth's own page, which would label them, is never shown.
        credentials: {
          email: { type: 'email' },
          password: { type: 'password' },
          code: { type: 'text' },
          timeZone: { type: 'text' },
        },
        async authorize(credentials, req) {
          const address = clientAddress(req?.headers);
          const email = credentials?.email ?? '';
          // A demo account's password is published: never accepted in production, whatever the database holds.
          if (config.environment === 'production' && isDemoEmail(email)) {
            await auditSignIn({ method: 'password', address, email, staffId: null, refused: 'demo_account' });
            throw new Error('invalid');
          }
          const jar = await cookies();
          const deviceTokens = deviceTokensOf(jar.get(deviceCookieName(config))?.value);
          const result = await checkLogin(await getDb(), email, credentials?.password ?? '', address, {
            deviceTokens,
          });
          if (!result.ok) {
            await auditSignIn({
              method: 'password',
              address,
              email,
              staffId: null,
              refused: result.detail ?? result.reason,
            });
            throw new Error(result.reason);
          }
          // A member with a second factor gives its code too: asked for when missing (the password
          // was right), checked under a limit of its own, each code accepted once.
          let method: 'password' | 'password and authenticator' | 'password and recovery code' = 'password';
          const db = await getDb();
          const account = await findStaffById(db, result.user.id);
          if (account?.totpSecret) {
            const code = credentials?.code?.trim() ?? '';
            if (!code) {
              // The password was right: that alone is in the log.
              await auditSignIn({
                method: 'password',
                address,
                email,
                staffId: account.id,
                refused: 'second_factor_asked',
              });
              throw new Error('second_factor');
            }
            // Counted before it is checked: on the device when the browser is one of the account's
            // known devices, else in the account's run of wrong codes (second-factor-guard.ts).
            const turn = result.device
              ? await countKnownDeviceCode(db, account.id, result.device)
              : await countSecondFactorCode(db, account.id);
            const used = turn.counted ? await spendSecondFactor(db, account.id, code, secretKeysOf(config)) : null;
            if (!used) {
              await auditSignIn({
                method: 'password',
                address,
                email,
                staffId: account.id,
                refused: turn.counted ? 'second_factor_invalid' : 'second_factor_paused',
                inARow: turn.counted ? turn.failures : undefined,
              });
              throw new Error('second_factor_invalid');
            }
            if (result.device) await knownDeviceCodeAccepted(db, account.id, result.device);
            else await codeAccepted(db, account.id);
            method = used === 'authenticator' ? 'password and authenticator' : 'password and recovery code';
          }
          await auditSignIn({ method, address, email, staffId: result.user.id, refused: null });
          // The browser's zone becomes the member's until they choose one in their account.
          await noticeTimeZone(db, result.user.id, credentials?.timeZone);
          // This browser is now a known device of the account (its lifetime starts again), and
          // stays one of the other accounts it signed in to.
          jar.set(deviceCookieName(config), await rememberDevice(db, result.user.id, deviceTokens, result.device), {
            httpOnly: true,
            sameSite: 'lax',
            path: '/',
            secure: config.secureCookies,
            maxAge: DEVICE_COOKIE_DAYS * 86_400,
          });
          return { id: result.user.id, email: result.user.email, name: result.user.name };
        },
      }),
    ],
    callbacks: {
      // Company SSO signs in only people who already have an enabled staff account (bound to the
      // provider's identity, or matched by verified e-mail at the first sign-in: staffForSso); the
      // role always comes from that account, never from the identity provider.
      async signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID || !config.oidc) return true;
        const db = await getDb();
        const sso = profile as SsoProfile | undefined;
        const found = await staffForSso(db, config.oidc.issuer, sso);
        // The team's two-step policy holds for company sign-in too: the provider must say a second factor was used.
        const match: SsoMatch =
          found.staff &&
          secondFactorRequired(await secondFactorPolicy(db), found.staff.role) &&
          !ssoProvesSecondFactor(sso, config.oidc.acrValues)
            ? { refused: 'sso_second_factor' }
            : found;
        await auditSignIn({
          method: 'company sign-in',
          address: await requestClientAddress(),
          email: found.staff?.email ?? sso?.email ?? '',
          staffId: found.staff?.id ?? null,
          refused: match.refused ?? null,
        });
        return match.staff ? true : `/login?error=${match.refused}`;
      },
      // At sign-in only (`user` is set): a server-side session is opened and the cookie names it.
      async jwt({ token, user, account, profile }) {
        if (!user) return token;
        const db = await getDb();
        const staffId =
          account?.provider === OIDC_PROVIDER_ID && config.oidc
            ? (await staffForSso(db, config.oidc.issuer, profile as SsoProfile | undefined)).staff?.id
            : user.id;
        const sid = staffId
          ? await startSession(db, staffId, config.sessionMaxAgeS, new Date(), await requestDevice())
          : undefined;
        return { ...token, staffId, sid };
      },
      // The role and the disabled flag are read from the database on every request (verifySession);
      // what the browser may read of the session is the account id alone, and only while the
      // server-side session the cookie names is open: after a sign-out, "sign out everywhere", a
      // password change or a disabled account, the session endpoint answers as for no session.
      async session({ session, token }) {
        const staff = token.sid ? await staffOfSession(await getDb(), token.sid) : null;
        if (!staff || staff.id !== token.staffId) return {} as typeof session;
        return { ...session, user: { ...session.user, id: staff.id } } as typeof session;
      },
    },
    events: {
      async signOut({ token }) {
        if (!token?.sid) return;
        await endSession(await getDb(), token.sid);
        logger.info({ event: 'sign-out', account: token.email ?? '' }, 'signed out');
        await recordAudit({
          staffId: token.staffId ?? null,
          staffEmail: token.email ?? '',
          action: 'sign-out',
          resourceType: 'session',
          resourceId: token.sid,
          result: 'ok',
        });
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
  /** the admins' policy asks this member for a second factor they do not have: enrol before anything else */
  mustEnrolSecondFactor: boolean;
  /** the member has a second factor */
  hasSecondFactor: boolean;
  /** the staff_sessions row of this request's cookie */
  sessionId: string;
  /** the console language the member chose; null: their browser's */
  language: UiLocale | null;
  /** the zone of the member's own timestamps; null: UTC until their browser names one */
  timeZone: string | null;
}

/**
 * The signed-in staff member, re-read from the database with the session on every request (a
 * signed-out or outdated session, a disabled account or a changed role takes effect at once), or
 * null. Cached per request.
 */
export const verifySession = cache(async (): Promise<StaffSession | null> => {
  const config = getConfig();
  const jar = await cookies();
  const token = await getToken({
    req: { cookies: Object.fromEntries(jar.getAll().map((c) => [c.name, c.value])), headers: {} } as never,
    secret: config.authSecret,
    secureCookie: config.secureCookies,
    cookieName: sessionCookieName(config),
    decode: decodeSessionToken,
  });
  if (!token?.sid) return null;
  const db = await getDb();
  const user = await staffOfSession(db, token.sid);
  if (!user || user.id !== token.staffId) return null;
  // The request's API requests count against this member's fair share of the budget.
  setRequestTicket({ member: user.id });
  return staffSessionOf(user, token.sid, user.secondFactorPolicy);
});

/** A member as the guard sees them: what they may do now, re-read with every request or job row (`policy`: the second-factor policy, read with them). */
function staffSessionOf(user: StaffUser, sessionId: string, policy: SecondFactorPolicy): StaffSession {
  const hasSecondFactor = user.totpSecret !== null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    // A member with company sign-in only has no password to add a factor to: their provider's own checks apply.
    mustEnrolSecondFactor: !hasSecondFactor && !user.ssoOnly && secondFactorRequired(policy, user.role),
    hasSecondFactor,
    sessionId,
    language: isUiLocale(user.language) ? user.language : null,
    timeZone: validTimeZone(user.timeZone) ?? null,
  };
}

/**
 * The member a job on the server runs for (lib/server/bulk-jobs), re-read for each of its rows,
 * or null once they may no longer act as they did when it started: removed, disabled, or their
 * session version moved on (a sign-out everywhere, a new password or role). A job has no session
 * of its own: `sessionId` is empty.
 */
export async function staffOfJob(
  db: DashboardDb,
  staffId: string,
  sessionVersion: number,
): Promise<StaffSession | null> {
  const user = await findStaffById(db, staffId);
  if (!user || user.disabled || user.sessionVersion !== sessionVersion) return null;
  return staffSessionOf(user, '', await secondFactorPolicy(db));
}

/** The browser and client address of the request being served: what a new session keeps of its device. */
async function requestDevice(): Promise<SessionDevice> {
  const address = await requestClientAddress();
  return { userAgent: (await headers()).get('user-agent'), clientAddress: address === 'unknown' ? null : address };
}

/** The client address of the request being served (for limits outside sign-in). */
export async function requestClientAddress(): Promise<string> {
  return clientAddress(Object.fromEntries((await headers()).entries()));
}
