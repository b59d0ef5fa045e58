import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDashboardDb, type OpenedDb } from './db/open';
import { checkLogin, countActiveAdmins, createStaff, LastAdminError, LOCKOUT, setStaffPassword, staffForSso, updateStaffAccess, upsertStaff } from './staff-store';
import { staffUsers } from './db/schema';
import { eq } from 'drizzle-orm';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openDashboardDb({ dataDir: '', memory: true });
});
afterAll(() => opened.close());

const PASSWORD = 'correct horse battery';

describe('staff accounts', () => {
  it('stores an argon2id hash, never the password', async () => {
    const s = await createStaff(opened.db, { email: 'Ana@Example.com ', name: 'Ana', role: 'admin', password: PASSWORD });
    expect(s).toEqual({ id: expect.any(String), email: 'ana@example.com', name: 'Ana', role: 'admin', disabled: false });
    const [row] = await opened.db.select().from(staffUsers).where(eq(staffUsers.id, s.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(await countActiveAdmins(opened.db)).toBe(1);
  });

  it('rejects bad input naming the field', async () => {
    await expect(createStaff(opened.db, { email: 'nope', name: 'X', role: 'admin', password: PASSWORD })).rejects.toThrow(/e-mail/);
    await expect(createStaff(opened.db, { email: 'x@example.com', name: 'X', role: 'boss' as 'admin', password: PASSWORD })).rejects.toThrow(/viewer, operator, admin/);
    await expect(createStaff(opened.db, { email: 'x@example.com', name: 'X', role: 'viewer', password: 'short' })).rejects.toThrow(/at least 12/);
  });

  it('signs in with the right password, case-insensitive e-mail', async () => {
    const r = await checkLogin(opened.db, 'ANA@example.com', PASSWORD);
    expect(r).toMatchObject({ ok: true, user: { email: 'ana@example.com', role: 'admin' } });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    expect(await checkLogin(opened.db, 'nobody@example.com', PASSWORD)).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkLogin(opened.db, 'ana@example.com', 'wrong password!')).toEqual({ ok: false, reason: 'invalid' });
  });

  it(`locks the account after ${LOCKOUT.maxFailures} failures, even for the right password, until the lock expires`, async () => {
    await createStaff(opened.db, { email: 'bo@example.com', name: 'Bo', role: 'viewer', password: PASSWORD });
    const now = new Date('2026-11-22T10:00:00Z');
    const results = [];
    for (let i = 0; i < LOCKOUT.maxFailures; i++) results.push((await checkLogin(opened.db, 'bo@example.com', 'wrong password!', now)).ok);
    expect(results.every((ok) => !ok)).toBe(true);
    expect(await checkLogin(opened.db, 'bo@example.com', PASSWORD, now)).toEqual({ ok: false, reason: 'locked' });
    const later = new Date(now.getTime() + (LOCKOUT.lockMinutes + 1) * 60_000);
    expect(await checkLogin(opened.db, 'bo@example.com', PASSWORD, later)).toMatchObject({ ok: true });
  });

  it('refuses a disabled account', async () => {
    const s = await upsertStaff(opened.db, { email: 'cy@example.com', name: 'Cy', role: 'operator', password: PASSWORD });
    await opened.db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, s.id));
    expect(await checkLogin(opened.db, 'cy@example.com', PASSWORD)).toEqual({ ok: false, reason: 'disabled' });
  });
});

describe('team access changes', () => {
  it('never leaves the team without an active admin, and changes nothing when refused', async () => {
    const { db } = opened;
    const admins = (await db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'))).filter((u) => !u.disabled);
    expect(admins).toHaveLength(1);
    const only = admins[0]!;
    await expect(updateStaffAccess(db, only.id, { disabled: true })).rejects.toBeInstanceOf(LastAdminError);
    await expect(updateStaffAccess(db, only.id, { role: 'viewer' })).rejects.toBeInstanceOf(LastAdminError);
    const [still] = await db.select().from(staffUsers).where(eq(staffUsers.id, only.id));
    expect(still).toMatchObject({ role: 'admin', disabled: false });

    const second = await createStaff(db, { email: 'dee@example.com', name: 'Dee', role: 'admin', password: PASSWORD });
    const changed = await updateStaffAccess(db, only.id, { role: 'operator' });
    expect(changed).toMatchObject({ before: { role: 'admin' }, after: { role: 'operator' } });
    expect(await countActiveAdmins(db)).toBe(1);
    await expect(updateStaffAccess(db, second.id, { disabled: true })).rejects.toBeInstanceOf(LastAdminError);
  });

  it('a new password clears the lockout and may require a change at the next sign-in', async () => {
    const { db } = opened;
    const s = await createStaff(db, { email: 'eve@example.com', name: 'Eve', role: 'viewer', password: PASSWORD });
    await setStaffPassword(db, s.id, 'a brand new password', true);
    expect(await checkLogin(db, 'eve@example.com', PASSWORD)).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkLogin(db, 'eve@example.com', 'a brand new password')).toMatchObject({ ok: true });
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, s.id));
    expect(row!.mustChangePassword).toBe(true);
  });
});

describe('company SSO', () => {
  it('signs in only an enabled staff account with the verified e-mail, never creating one', async () => {
    const s = await createStaff(opened.db, { email: 'sso.user@example.com', name: 'Sso', role: 'operator', password: PASSWORD });
    expect((await staffForSso(opened.db, { email: 'SSO.User@example.com', email_verified: true }))?.id).toBe(s.id);
    expect(await staffForSso(opened.db, { email: 'sso.user@example.com', email_verified: false })).toBeUndefined();
    expect(await staffForSso(opened.db, { email: 'stranger@example.com' })).toBeUndefined();
    expect(await staffForSso(opened.db, {})).toBeUndefined();
    await updateStaffAccess(opened.db, s.id, { disabled: true });
    expect(await staffForSso(opened.db, { email: 'sso.user@example.com' })).toBeUndefined();
  });
});
