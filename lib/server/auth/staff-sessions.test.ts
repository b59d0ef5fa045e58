import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { staffUsers } from '../db/schema';
import { deviceTokensOf } from './device-cookie';
import { knownDeviceOf, rememberDevice } from './known-devices';
import { setSecondFactorPolicy } from './second-factor';
import {
  endAllSessions,
  endOwnSession,
  endSession,
  openSessionsOf,
  SESSION_SEEN_EVERY_MS,
  staffOfSession,
  startSession,
} from './staff-sessions';
import { createStaff, setStaffPassword, updateStaffAccess } from './staff-store';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
  await createStaff(opened.db, {
    email: 'root@example.com',
    name: 'Root',
    role: 'admin',
    password: 'correct horse battery',
  });
});
afterAll(() => opened.close());

const member = (email: string) =>
  createStaff(opened.db, { email, name: email, role: 'operator', password: 'correct horse battery' });
const HOUR = 3600;

describe('staff sessions', () => {
  it('last exactly their lifetime from sign-in, however often the cookie is re-issued', async () => {
    const { id } = await member('a@example.com');
    const signIn = new Date('2026-11-23T08:00:00Z');
    const sid = (await startSession(opened.db, id, 8 * HOUR, signIn))!;
    expect((await staffOfSession(opened.db, sid, new Date('2026-11-23T15:59:59Z')))?.id).toBe(id);
    expect(await staffOfSession(opened.db, sid, new Date('2026-11-23T16:00:00Z'))).toBeUndefined();
  });

  it('come with the admins’ second-factor policy as it is now, read in the same query', async () => {
    const { id } = await member('policy@example.com');
    const sid = (await startSession(opened.db, id, 8 * HOUR))!;
    expect((await staffOfSession(opened.db, sid))?.secondFactorPolicy).toBe('none');
    await setSecondFactorPolicy(opened.db, 'admins');
    expect((await staffOfSession(opened.db, sid))?.secondFactorPolicy).toBe('admins');
    await setSecondFactorPolicy(opened.db, 'none');
  });

  it('end at sign-out, so a copy of the cookie opens nothing', async () => {
    const { id } = await member('b@example.com');
    const kept = (await startSession(opened.db, id, HOUR))!;
    const signedOut = (await startSession(opened.db, id, HOUR))!;
    await endSession(opened.db, signedOut);
    expect(await staffOfSession(opened.db, signedOut)).toBeUndefined();
    expect((await staffOfSession(opened.db, kept))?.id).toBe(id);
  });

  it('all end with a password change elsewhere, an admin reset, a role change, disabling and "sign out everywhere"', async () => {
    const cases: [string, (id: string, keep: string) => Promise<unknown>][] = [
      ['reset', (id) => setStaffPassword(opened.db, id, 'one time password', true)],
      ['role', (id) => updateStaffAccess(opened.db, id, { role: 'viewer' })],
      ['disable', (id) => updateStaffAccess(opened.db, id, { disabled: true })],
      ['everywhere', (id) => endAllSessions(opened.db, id)],
    ];
    for (const [name, change] of cases) {
      const { id } = await member(`${name}@example.com`);
      const a = (await startSession(opened.db, id, HOUR))!;
      const b = (await startSession(opened.db, id, HOUR))!;
      await change(id, a);
      expect(await staffOfSession(opened.db, a), name).toBeUndefined();
      expect(await staffOfSession(opened.db, b), name).toBeUndefined();
      // A new sign-in works again (but for the disabled account).
      const c = (await startSession(opened.db, id, HOUR))!;
      expect(!!(await staffOfSession(opened.db, c)), name).toBe(name !== 'disable');
    }
  });

  it('keep the session that changed its own password, and end the others', async () => {
    const { id } = await member('c@example.com');
    const a = (await startSession(opened.db, id, HOUR))!;
    const b = (await startSession(opened.db, id, HOUR))!;
    await setStaffPassword(opened.db, id, 'my own new password', false, a);
    expect((await staffOfSession(opened.db, a))?.id).toBe(id);
    expect(await staffOfSession(opened.db, b)).toBeUndefined();
    const [row] = await opened.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row!.sessionVersion).toBe(2);
  });

  it('end the account\'s known devices with a password change, disabling and "sign out everywhere", not a role change', async () => {
    const { id } = await member('devices@example.com');
    const other = await member('other-devices@example.com');
    const known = async (cookie: string, staffId = id) => knownDeviceOf(opened.db, staffId, deviceTokensOf(cookie));
    // The browser signs in to this account and to another one.
    const issued = async () => {
      const cookie = await rememberDevice(opened.db, id, [], null);
      return rememberDevice(opened.db, other.id, deviceTokensOf(cookie), null);
    };
    const endings: [string, () => Promise<unknown>, boolean][] = [
      ['a role change', () => updateStaffAccess(opened.db, id, { role: 'viewer' }), true],
      ['"sign out everywhere"', () => endAllSessions(opened.db, id), false],
      ['a password change', () => setStaffPassword(opened.db, id, 'another long passphrase', false), false],
      ['disabling', () => updateStaffAccess(opened.db, id, { disabled: true }), false],
    ];
    for (const [what, end, kept] of endings) {
      const cookie = await issued();
      const device = await known(cookie);
      expect(device, what).not.toBeNull();
      await end();
      expect(await known(cookie), what).toBe(kept ? device : null);
      // The other account's device in the same cookie is not touched.
      expect(await known(cookie, other.id), what).not.toBeNull();
    }
  });

  it('are listed to their member with the device and address of the sign-in, last used first, "last seen" written at most every few minutes', async () => {
    const { id } = await member('list@example.com');
    const other = await member('list.other@example.com');
    const t0 = new Date('2026-11-23T08:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const phone = (await startSession(opened.db, id, 8 * HOUR, t0, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
      clientAddress: '198.51.100.7',
    }))!;
    const desk = (await startSession(opened.db, id, 8 * HOUR, at(60_000), {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      clientAddress: '203.0.113.20',
    }))!;
    const signedOut = (await startSession(opened.db, id, 8 * HOUR, t0))!;
    await endSession(opened.db, signedOut, at(1_000));
    await startSession(opened.db, other.id, 8 * HOUR, t0);

    const listed = async (when: Date) =>
      (await openSessionsOf(opened.db, id, when)).map((s) => [s.id, s.clientAddress, s.lastSeenAt?.toISOString()]);
    expect(await listed(at(120_000))).toEqual([
      [desk, '203.0.113.20', at(60_000).toISOString()],
      [phone, '198.51.100.7', t0.toISOString()],
    ]);
    // The phone is used again: within the few minutes, nothing is written; after them, it moves up.
    await staffOfSession(opened.db, phone, at(SESSION_SEEN_EVERY_MS - 1));
    expect((await listed(at(SESSION_SEEN_EVERY_MS)))[1]).toEqual([phone, '198.51.100.7', t0.toISOString()]);
    await staffOfSession(opened.db, phone, at(SESSION_SEEN_EVERY_MS + 1));
    expect((await listed(at(SESSION_SEEN_EVERY_MS + 2)))[0]).toEqual([
      phone,
      '198.51.100.7',
      at(SESSION_SEEN_EVERY_MS + 1).toISOString(),
    ]);
    // Past their lifetime, none is listed.
    expect(await listed(at(8 * HOUR * 1000 + 60_000))).toEqual([]);
  });

  it("end one at a time by their own member only: another member's, or one already ended, is refused and stays as it was", async () => {
    const { id } = await member('end.one@example.com');
    const other = await member('end.other@example.com');
    const mine = (await startSession(opened.db, id, HOUR))!;
    const lost = (await startSession(opened.db, id, HOUR))!;
    const theirs = (await startSession(opened.db, other.id, HOUR))!;

    expect(await endOwnSession(opened.db, id, theirs)).toBe(false);
    expect((await staffOfSession(opened.db, theirs))?.id).toBe(other.id);
    expect(await endOwnSession(opened.db, id, 'not-a-uuid')).toBe(false);

    expect(await endOwnSession(opened.db, id, lost)).toBe(true);
    expect(await staffOfSession(opened.db, lost)).toBeUndefined();
    expect(await endOwnSession(opened.db, id, lost)).toBe(false);
    expect((await openSessionsOf(opened.db, id)).map((s) => s.id)).toEqual([mine]);
    expect((await staffOfSession(opened.db, mine))?.id).toBe(id);
  });

  it('refuse ids that are not sessions', async () => {
    expect(await staffOfSession(opened.db, 'not-a-uuid')).toBeUndefined();
    expect(await staffOfSession(opened.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
