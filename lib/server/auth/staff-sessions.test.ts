import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDashboardDb, type OpenedDb } from '../db/open';
import { staffUsers } from '../db/schema';
import { knownDevice, signDeviceCookie } from './device-cookie';
import { endAllSessions, endSession, staffOfSession, startSession } from './staff-sessions';
import { createStaff, setStaffPassword, updateStaffAccess } from './staff-store';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openDashboardDb({ dataDir: '', memory: true });
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
    const SECRET = 'a-dashboard-secret-for-the-device-tests-0123';
    const { id, email } = await member('devices@example.com');
    const known = async (cookie: string) => {
      const [row] = await opened.db.select().from(staffUsers).where(eq(staffUsers.id, id));
      return knownDevice(cookie, email, SECRET, new Date(), row!.devicesValidFrom);
    };
    // Issued a second ago, to a device every ending so far has left valid: each ending below comes after it.
    const issued = async () => {
      await opened.db.update(staffUsers).set({ devicesValidFrom: null }).where(eq(staffUsers.id, id));
      return signDeviceCookie(email, SECRET, new Date(Date.now() - 1_000), 'the-laptop');
    };
    const endings: [string, () => Promise<unknown>, boolean][] = [
      ['a role change', () => updateStaffAccess(opened.db, id, { role: 'viewer' }), true],
      ['"sign out everywhere"', () => endAllSessions(opened.db, id), false],
      ['a password change', () => setStaffPassword(opened.db, id, 'another long passphrase', false), false],
      ['disabling', () => updateStaffAccess(opened.db, id, { disabled: true }), false],
    ];
    for (const [what, end, kept] of endings) {
      const cookie = await issued();
      expect(await known(cookie), what).toBe('the-laptop');
      await end();
      expect(await known(cookie), what).toBe(kept ? 'the-laptop' : null);
    }
  });

  it('refuse ids that are not sessions', async () => {
    expect(await staffOfSession(opened.db, 'not-a-uuid')).toBeUndefined();
    expect(await staffOfSession(opened.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
