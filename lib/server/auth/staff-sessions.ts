/**
 * Server-side staff sessions. The signed, encrypted session cookie names a row here; the row is
 * what makes it a session. Framework-free, so the tests use exactly what the dashboard uses.
 */
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';

import type { DashboardDb } from '../db/open';
import { staffSessions, staffUsers, type StaffUser } from '../db/schema';
import { endKnownDevices } from './known-devices';
import { policyOf, secondFactorPolicyColumn, type SecondFactorPolicy } from './second-factor';

/** What a session keeps of the device it was opened on, for the member's list of their sessions. */
export interface SessionDevice {
  /** the browser's User-Agent, as sent (kept to its first USER_AGENT_KEPT characters) */
  userAgent: string | null;
  /** the sign-in's client address */
  clientAddress: string | null;
}

const USER_AGENT_KEPT = 400;

/** A session's "last seen" is written at most this often: a page view is not a write. */
export const SESSION_SEEN_EVERY_MS = 5 * 60_000;

/** Opens a session for the account, valid for `lifetimeS` from now whatever happens to the cookie. */
export async function startSession(
  db: DashboardDb,
  staffId: string,
  lifetimeS: number,
  now = new Date(),
  device: SessionDevice = { userAgent: null, clientAddress: null },
): Promise<string | undefined> {
  if (Math.random() < 0.01) await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  const [user] = await db
    .select({ sessionVersion: staffUsers.sessionVersion })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  if (!user) return undefined;
  const [row] = await db
    .insert(staffSessions)
    .values({
      staffId,
      sessionVersion: user.sessionVersion,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeS * 1000),
      userAgent: device.userAgent?.slice(0, USER_AGENT_KEPT) || null,
      clientAddress: device.clientAddress || null,
      lastSeenAt: now,
    })
    .returning({ id: staffSessions.id });
  return row!.id;
}

/** A session row (joined with its account) that still opens the console: not signed out, not expired, of the account's version. */
const sessionOpen = (now: Date) =>
  and(
    isNull(staffSessions.revokedAt),
    sql`${staffSessions.expiresAt} > ${now.toISOString()}::timestamptz`,
    eq(staffSessions.sessionVersion, staffUsers.sessionVersion),
  );

/** A session's account, with the admins' second-factor policy read in the same query. */
export type SessionStaff = StaffUser & { secondFactorPolicy: SecondFactorPolicy };

/**
 * The account a session belongs to, when the session is still one: not signed out, not past the
 * lifetime fixed at sign-in, not older than the account's last password, role or access change
 * (its version), and the account enabled. One query, the second-factor policy in it.
 */
export async function staffOfSession(
  db: DashboardDb,
  sessionId: string,
  now = new Date(),
): Promise<SessionStaff | undefined> {
  if (!z.guid().safeParse(sessionId).success) return undefined;
  const [row] = await db
    .select({ user: staffUsers, lastSeenAt: staffSessions.lastSeenAt, secondFactorPolicy: secondFactorPolicyColumn() })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sessionId), sessionOpen(now), eq(staffUsers.disabled, false)));
  if (!row) return undefined;
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= SESSION_SEEN_EVERY_MS)
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
  return { ...row.user, secondFactorPolicy: policyOf(row.secondFactorPolicy) };
}

/** One of the member's open sessions, as their account page lists it. */
export interface OpenSession {
  id: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  userAgent: string | null;
  clientAddress: string | null;
}

/**
 * The account's sessions that still open the console (as staffOfSession decides: not signed out,
 * not expired, of the account's current version), the most recently used first.
 */
export async function openSessionsOf(db: DashboardDb, staffId: string, now = new Date()): Promise<OpenSession[]> {
  return db
    .select({
      id: staffSessions.id,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      userAgent: staffSessions.userAgent,
      clientAddress: staffSessions.clientAddress,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.staffId, staffId), sessionOpen(now)))
    .orderBy(desc(sql`coalesce(${staffSessions.lastSeenAt}, ${staffSessions.createdAt})`), desc(staffSessions.id));
}

/**
 * Ends one of the account's own sessions (the account page's "Sign out" on a device): false when
 * `sessionId` names no open session of this account, another member's included, and nothing changed.
 */
export async function endOwnSession(
  db: DashboardDb,
  staffId: string,
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  if (!z.guid().safeParse(sessionId).success) return false;
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        sql`${staffSessions.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: staffSessions.id });
  return ended.length > 0;
}

/** Signing out: the cookie's session ends on the server, so a copy of the cookie opens nothing. */
export async function endSession(db: DashboardDb, sessionId: string, now = new Date()): Promise<void> {
  if (!z.guid().safeParse(sessionId).success) return;
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** "Sign out everywhere": every session and known device of the account ends, this one included. */
export async function endAllSessions(db: DashboardDb, staffId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ sessionVersion: sql`${staffUsers.sessionVersion} + 1` })
      .where(eq(staffUsers.id, staffId));
    // its known devices too: a device cookie copied before signs in as a new device
    await endKnownDevices(tx, staffId);
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
  });
}

/** Every other session of the account ends (a replaced second factor); `keepSessionId`, the member's own, stays. */
export async function endOtherSessions(
  db: DashboardDb,
  staffId: string,
  keepSessionId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(staffUsers)
      .set({ sessionVersion: sql`${staffUsers.sessionVersion} + 1` })
      .where(eq(staffUsers.id, staffId))
      .returning({ sessionVersion: staffUsers.sessionVersion });
    if (!user) return;
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(
        and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), ne(staffSessions.id, keepSessionId)),
      );
    await tx
      .update(staffSessions)
      .set({ sessionVersion: user.sessionVersion })
      .where(and(eq(staffSessions.id, keepSessionId), eq(staffSessions.staffId, staffId)));
  });
}
