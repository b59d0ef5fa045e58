import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { staffUsers } from '../db/schema';
import { deviceTokensOf } from './device-cookie';
import { knownDeviceOf, rememberDevice } from './known-devices';
import { endAllSessions, endSession, staffOfSession, startSession } from './staff-sessions';
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

  it('refuse ids that are not sessions', async () => {
    expect(await staffOfSession(opened.db, 'not-a-uuid')).toBeUndefined();
    expect(await staffOfSession(opened.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
