import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { translateSaid } from '@/lib/i18n/said';
import { inEnglish } from '@/lib/i18n/translator';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { staffUsers } from '../db/schema';
import {
  assertNoDemoAccounts,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoAccountsIn,
  ensureDemoAccounts,
} from './demo-accounts';
import { deviceTokensOf } from './device-cookie';
import { rememberDevice } from './known-devices';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, progressiveDelayS, UNKNOWN_DEVICES_LIMIT } from './login-limiter';
import * as passwords from './passwords';
import { ssoProvesSecondFactor, staffForSso } from './sso-staff';
import {
  checkCurrentPassword,
  checkLogin,
  countActiveAdmins,
  createStaff,
  LastAdminError,
  ONE_TIME_PASSWORD_HOURS,
  setStaffPassword,
  updateStaffAccess,
} from './staff-store';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(() => opened.close());

const PASSWORD = 'correct horse battery';
let nextAddress = 1;
/** Each test signs in from an address of its own, so that the per-address limit is its own too. */
const newAddress = () => `198.51.100.${nextAddress++}`;

describe('staff accounts', () => {
  it('stores an argon2id hash, never the password', async () => {
    const s = await createStaff(opened.db, {
      email: 'Ana@Example.com ',
      name: 'Ana',
      role: 'admin',
      password: PASSWORD,
    });
    expect(s).toEqual({
      id: expect.any(String),
      email: 'ana@example.com',
      name: 'Ana',
      role: 'admin',
      disabled: false,
      ssoOnly: false,
    });
    const [row] = await opened.db.select().from(staffUsers).where(eq(staffUsers.id, s.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(await countActiveAdmins(opened.db)).toBe(1);
  });

  it('rejects bad input naming the field', async () => {
    await expect(
      createStaff(opened.db, { email: 'nope', name: 'X', role: 'admin', password: PASSWORD }),
    ).rejects.toThrow(/e-mail/);
    await expect(
      createStaff(opened.db, { email: 'x@example.com', name: 'X', role: 'boss' as 'admin', password: PASSWORD }),
    ).rejects.toThrow(/viewer, operator, admin/);
    await expect(
      createStaff(opened.db, { email: 'x@example.com', name: 'X', role: 'viewer', password: 'short' }),
    ).rejects.toThrow(/atLeastChars:12/);
  });

  it('signs in with the right password, case-insensitive e-mail', async () => {
    const r = await checkLogin(opened.db, 'ANA@example.com', PASSWORD, newAddress());
    expect(r).toMatchObject({ ok: true, user: { email: 'ana@example.com', role: 'admin' } });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const address = newAddress();
    expect(await checkLogin(opened.db, 'nobody@example.com', PASSWORD, address)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await checkLogin(opened.db, 'ana@example.com', 'wrong password!', address)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a disabled account, and says so only to whoever knows its password', async () => {
    const s = await createStaff(opened.db, {
      email: 'cy@example.com',
      name: 'Cy',
      role: 'operator',
      password: PASSWORD,
    });
    await opened.db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, s.id));
    expect(await checkLogin(opened.db, 'cy@example.com', 'wrong password!', newAddress())).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await checkLogin(opened.db, 'cy@example.com', PASSWORD, newAddress())).toEqual({
      ok: false,
      reason: 'disabled',
    });
  });
});

describe('sign-in limits', () => {
  it(`checks at most ${ACCOUNT_LIMIT.max} of 50 concurrent wrong passwords for one account, then refuses the right one until the window ends`, async () => {
    await createStaff(opened.db, { email: 'bo@example.com', name: 'Bo', role: 'viewer', password: PASSWORD });
    const [bo] = await opened.db.select().from(staffUsers).where(eq(staffUsers.email, 'bo@example.com'));
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const address = newAddress();
    const now = new Date('2026-11-22T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        checkLogin(opened.db, 'bo@example.com', 'wrong password!', address, { now: now }),
      ),
    );
    // Every attempt does the same argon2 work, but only the first ACCOUNT_LIMIT.max meet the real hash.
    const realChecks = verify.mock.calls.filter(([hash]) => hash === bo!.passwordHash).length;
    verify.mockRestore();
    expect(realChecks).toBe(ACCOUNT_LIMIT.max);
    // Past the address's own limit (20) the rest are refused before any e-mail is looked at.
    expect(results.filter((r) => !r.ok && r.reason === 'invalid')).toHaveLength(ADDRESS_LIMIT.max);
    expect(results.filter((r) => !r.ok && r.reason === 'throttled')).toHaveLength(50 - ADDRESS_LIMIT.max);
  });

  it(`refuses the right password, with the same answer, once an e-mail had ${ACCOUNT_LIMIT.max} failures from the address, until the window ends`, async () => {
    const address = newAddress();
    const now = new Date('2026-11-22T10:30:00Z');
    // Fewer than the address's own limit: what refuses below is the e-mail's limit.
    await Promise.all(
      Array.from({ length: 12 }, () =>
        checkLogin(opened.db, 'bo@example.com', 'wrong password!', address, { now: now }),
      ),
    );
    const withinWindow = new Date(now.getTime() + (ACCOUNT_LIMIT.windowMinutes * 60 - 1) * 1000);
    expect(await checkLogin(opened.db, 'bo@example.com', PASSWORD, address, { now: withinWindow })).toEqual({
      ok: false,
      reason: 'invalid',
      detail: 'paused',
    });
    // The owner, from another address, is not kept out.
    expect(await checkLogin(opened.db, 'bo@example.com', PASSWORD, newAddress(), { now: withinWindow })).toMatchObject({
      ok: true,
    });
    const after = new Date(now.getTime() + (ACCOUNT_LIMIT.windowMinutes * 60 + 1) * 1000);
    expect(await checkLogin(opened.db, 'bo@example.com', PASSWORD, address, { now: after })).toMatchObject({
      ok: true,
    });
  });

  it(`checks at most ${UNKNOWN_DEVICES_LIMIT.free} of 104 concurrent guesses from 26 addresses, refuses the right password from a new device while the delay runs, and lets the owner's known device in`, async () => {
    const email = 'dot@example.com';
    await createStaff(opened.db, { email, name: 'Dot', role: 'viewer', password: PASSWORD });
    const [dot] = await opened.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    const start = new Date('2026-11-22T12:00:00Z');
    // The owner signed in on this browser yesterday.
    const ownersCookie = await rememberDevice(opened.db, dot!.id, [], null, new Date(start.getTime() - 86_400_000));

    const verify = vi.spyOn(passwords, 'verifyPassword');
    const addresses = Array.from({ length: 26 }, () => newAddress());
    const guesses = await Promise.all(
      Array.from({ length: 104 }, (_, i) =>
        checkLogin(opened.db, email, `guess number ${i}`, addresses[i % 26]!, { now: start }),
      ),
    );
    const realChecks = verify.mock.calls.filter(([hash]) => hash === dot!.passwordHash).length;
    verify.mockRestore();
    expect(realChecks).toBe(UNKNOWN_DEVICES_LIMIT.free);
    expect(guesses.every((r) => !r.ok && r.reason === 'invalid')).toBe(true);

    // The right password from a 27th address, 1 s later: the delay after the 10th runs 30 s.
    const soon = new Date(start.getTime() + 1_000);
    expect(await checkLogin(opened.db, email, PASSWORD, newAddress(), { now: soon })).toEqual({
      ok: false,
      reason: 'invalid',
      detail: 'paused',
    });
    // The owner's browser, with its device cookie, at the same moment.
    expect(
      await checkLogin(opened.db, email, PASSWORD, newAddress(), {
        now: soon,
        deviceTokens: deviceTokensOf(ownersCookie),
      }),
    ).toMatchObject({
      ok: true,
    });
    // A forged cookie counts as an unknown device.
    expect(
      await checkLogin(opened.db, email, PASSWORD, newAddress(), {
        now: soon,
        deviceTokens: deviceTokensOf(`${ownersCookie}x`),
      }),
    ).toMatchObject({ ok: false, detail: 'paused' });
    // Each further guess waits twice as long as the last: 30 s, 1 min, 2 min … at most 15 min.
    expect([9, 10, 11, 12, 15, 30].map(progressiveDelayS)).toEqual([0, 30, 60, 120, 900, 900]);
    let at = start.getTime();
    for (const attempts of [10, 11, 12]) {
      at += progressiveDelayS(attempts) * 1000;
      expect(await checkLogin(opened.db, email, 'another guess!', newAddress(), { now: new Date(at) })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    // The hour's attempts from unknown devices stay far under ASVS's 100.
    let perHour = UNKNOWN_DEVICES_LIMIT.free;
    for (let t = 0, n = UNKNOWN_DEVICES_LIMIT.free; t + progressiveDelayS(n) * 1000 <= 3_600_000; n++) {
      t += progressiveDelayS(n) * 1000;
      perHour++;
    }
    expect(perHour).toBeLessThanOrEqual(20);
  });

  it(`throttles an address after ${ADDRESS_LIMIT.max} failures across any e-mails, concurrently`, async () => {
    const address = newAddress();
    const now = new Date('2026-11-22T11:00:00Z');
    const results = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT.max + 10 }, (_, i) =>
        checkLogin(opened.db, `guess${i}@example.com`, 'wrong password!', address, { now: now }),
      ),
    );
    expect(results.filter((r) => !r.ok && r.reason === 'throttled')).toHaveLength(10);
    expect(await checkLogin(opened.db, 'ana@example.com', PASSWORD, address, { now: now })).toEqual({
      ok: false,
      reason: 'throttled',
    });
    expect(await checkLogin(opened.db, 'ana@example.com', PASSWORD, newAddress(), { now: now })).toMatchObject({
      ok: true,
    });
  });

  it("a password change clears its own account's failures only: a_b@… does not clear axb@… ('_' is no wildcard)", async () => {
    const underscore = await createStaff(opened.db, {
      email: 'a_b@example.com',
      name: 'A',
      role: 'viewer',
      password: PASSWORD,
    });
    await createStaff(opened.db, { email: 'axb@example.com', name: 'X', role: 'viewer', password: PASSWORD });
    const address = newAddress();
    const now = new Date();
    for (let i = 0; i < ACCOUNT_LIMIT.max; i++) {
      await checkLogin(opened.db, 'axb@example.com', 'wrong password!', address, { now: now });
      await checkLogin(opened.db, 'a_b@example.com', 'wrong password!', address, { now: now });
    }
    await setStaffPassword(opened.db, underscore.id, 'another horse battery', false);
    expect(
      await checkLogin(opened.db, 'a_b@example.com', 'another horse battery', address, { now: now }),
    ).toMatchObject({
      ok: true,
    });
    expect(await checkLogin(opened.db, 'axb@example.com', PASSWORD, address, { now: now })).toEqual({
      ok: false,
      reason: 'invalid',
      detail: 'paused',
    });
  });

  it(`a one-time password signs in for ${ONE_TIME_PASSWORD_HOURS} hours after it was issued, then is refused as expired`, async () => {
    const issued = Date.now();
    const otis = await createStaff(opened.db, {
      email: 'otis.onetime@example.com',
      name: 'Otis',
      role: 'viewer',
      password: PASSWORD,
      mustChangePassword: true,
    });
    const at = (hours: number) => new Date(issued + hours * 3_600_000);
    const signIn = (hours: number) => checkLogin(opened.db, otis.email, PASSWORD, newAddress(), { now: at(hours) });
    expect(await signIn(ONE_TIME_PASSWORD_HOURS - 1)).toMatchObject({ ok: true });
    expect(await signIn(ONE_TIME_PASSWORD_HOURS + 1)).toEqual({ ok: false, reason: 'expired' });
    // Only whoever knows the password learns that it expired.
    expect(
      await checkLogin(opened.db, otis.email, 'wrong password!', newAddress(), {
        now: at(ONE_TIME_PASSWORD_HOURS + 1),
      }),
    ).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // An admin's reset issues another one-time password, which expires the same way; a password
    // the member chose never expires.
    await setStaffPassword(opened.db, otis.id, PASSWORD, true);
    expect(await signIn(ONE_TIME_PASSWORD_HOURS - 1)).toMatchObject({ ok: true });
    expect(await signIn(ONE_TIME_PASSWORD_HOURS + 1)).toEqual({ ok: false, reason: 'expired' });
    await setStaffPassword(opened.db, otis.id, PASSWORD, false);
    expect(await signIn(10 * ONE_TIME_PASSWORD_HOURS)).toMatchObject({ ok: true });
  });

  it('does not count successful sign-ins against the address', async () => {
    const address = newAddress();
    for (let i = 0; i < ADDRESS_LIMIT.max + 5; i++)
      expect(await checkLogin(opened.db, 'ana@example.com', PASSWORD, address)).toMatchObject({ ok: true });
  });

  it('checks the current password under the same limit', async () => {
    const [ana] = await opened.db.select().from(staffUsers).where(eq(staffUsers.email, 'ana@example.com'));
    const address = newAddress();
    expect(await checkCurrentPassword(opened.db, ana!.id, PASSWORD, address)).toBe('right');
    for (let i = 0; i < ACCOUNT_LIMIT.max; i++)
      expect(await checkCurrentPassword(opened.db, ana!.id, 'wrong password!', address)).toBe('wrong');
    expect(await checkCurrentPassword(opened.db, ana!.id, PASSWORD, address)).toBe('paused');
  });

  it('counts the current password across addresses too: a new address each time is paused after the free tries', async () => {
    const [ana] = await opened.db.select().from(staffUsers).where(eq(staffUsers.email, 'ana@example.com'));
    // Past the account-wide window of the tries the test above made (on the clock's own time).
    const now = new Date(Date.now() + 2 * UNKNOWN_DEVICES_LIMIT.windowMinutes * 60_000);
    const answers: string[] = [];
    for (let i = 0; i < UNKNOWN_DEVICES_LIMIT.free + 3; i++)
      answers.push(await checkCurrentPassword(opened.db, ana!.id, 'wrong password!', newAddress(), now));
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(UNKNOWN_DEVICES_LIMIT.free);
    expect(answers.slice(UNKNOWN_DEVICES_LIMIT.free)).toEqual(['paused', 'paused', 'paused']);
    // The right password from yet another address is held back too, until the delay has passed.
    expect(await checkCurrentPassword(opened.db, ana!.id, PASSWORD, newAddress(), now)).toBe('paused');
    const later = new Date(now.getTime() + UNKNOWN_DEVICES_LIMIT.firstDelayS * 1000 + 1000);
    expect(await checkCurrentPassword(opened.db, ana!.id, PASSWORD, newAddress(), later)).toBe('right');
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
    expect(still).toMatchObject({ role: 'admin', disabled: false, sessionVersion: only.sessionVersion });

    const second = await createStaff(db, { email: 'dee@example.com', name: 'Dee', role: 'admin', password: PASSWORD });
    const changed = await updateStaffAccess(db, only.id, { role: 'operator' });
    expect(changed).toMatchObject({ before: { role: 'admin' }, after: { role: 'operator' } });
    expect(await countActiveAdmins(db)).toBe(1);
    await expect(updateStaffAccess(db, second.id, { disabled: true })).rejects.toBeInstanceOf(LastAdminError);
  });

  it("says the last-admin refusal by its catalog key, in English the same words as the CLI's message", () => {
    const e = new LastAdminError();
    expect(e.said).toEqual({ key: 'team.errors.lastAdmin' });
    expect(translateSaid(inEnglish, e.said)).toBe(e.message);
    expect(e.message).toBe('This is the last active admin: make another member admin first.');
  });

  it('a role change or disabling moves the account to a new session version; an unchanged role does not', async () => {
    const { db } = opened;
    const s = await createStaff(db, { email: 'fay@example.com', name: 'Fay', role: 'viewer', password: PASSWORD });
    const version = async () => (await db.select().from(staffUsers).where(eq(staffUsers.id, s.id)))[0]!.sessionVersion;
    const v0 = await version();
    await updateStaffAccess(db, s.id, { role: 'viewer' });
    expect(await version()).toBe(v0);
    await updateStaffAccess(db, s.id, { role: 'operator' });
    expect(await version()).toBe(v0 + 1);
    await updateStaffAccess(db, s.id, { disabled: true });
    expect(await version()).toBe(v0 + 2);
  });

  it('a new password clears the e-mail limit and may require a change at the next sign-in', async () => {
    const { db } = opened;
    const s = await createStaff(db, { email: 'eve@example.com', name: 'Eve', role: 'viewer', password: PASSWORD });
    const address = newAddress();
    for (let i = 0; i < ACCOUNT_LIMIT.max; i++) await checkLogin(db, 'eve@example.com', 'wrong password!', address);
    await setStaffPassword(db, s.id, 'a brand new password', true);
    expect(await checkLogin(db, 'eve@example.com', PASSWORD, address)).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkLogin(db, 'eve@example.com', 'a brand new password', address)).toMatchObject({ ok: true });
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, s.id));
    expect(row!.mustChangePassword).toBe(true);
  });
});

describe('demo accounts', () => {
  it('are created once and never re-enabled or reset afterwards', async () => {
    const { db } = opened;
    await ensureDemoAccounts(db);
    expect(await demoAccountsIn(db)).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const [admin] = await db.select().from(staffUsers).where(eq(staffUsers.email, DEMO_ACCOUNTS[0]!.email));
    await setStaffPassword(db, admin!.id, 'the owner chose this one', false);
    await db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, admin!.id));
    await ensureDemoAccounts(db);
    const [after] = await db.select().from(staffUsers).where(eq(staffUsers.id, admin!.id));
    expect(after!.disabled).toBe(true);
    expect(await passwords.verifyPassword(after!.passwordHash, DEMO_PASSWORD)).toBe(false);
  });

  it('stop a production start, named with how to remove them', async () => {
    await expect(assertNoDemoAccounts(opened.db)).rejects.toThrow(
      /holds the demo staff accounts admin@demo\.test, operator@demo\.test, viewer@demo\.test[\s\S]*npm run staff -- remove --email admin@demo\.test/,
    );
    await opened.db.delete(staffUsers).where(
      inArray(
        staffUsers.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
    await expect(assertNoDemoAccounts(opened.db)).resolves.toBeUndefined();
  });
});

describe('company SSO', () => {
  const ISSUER = 'https://id.example.com';

  it("proves a second factor only by the ID token's acr among the named classes, or else its amr naming mfa", () => {
    const mfa = ['urn:example:mfa', 'phr'];
    expect(ssoProvesSecondFactor({ acr: 'phr' }, mfa)).toBe(true);
    expect(ssoProvesSecondFactor({ acr: 'urn:example:password' }, mfa)).toBe(false);
    // With classes named, amr alone does not stand in for them.
    expect(ssoProvesSecondFactor({ amr: ['pwd', 'mfa'] }, mfa)).toBe(false);
    expect(ssoProvesSecondFactor({ amr: ['pwd', 'otp', 'mfa'] }, [])).toBe(true);
    expect(ssoProvesSecondFactor({ amr: ['pwd'] }, [])).toBe(false);
    expect(ssoProvesSecondFactor({ amr: 'mfa' }, [])).toBe(false);
    expect(ssoProvesSecondFactor({}, [])).toBe(false);
    expect(ssoProvesSecondFactor(undefined, [])).toBe(false);
  });
  const matched = async (profile: Parameters<typeof staffForSso>[2]) => {
    const m = await staffForSso(opened.db, ISSUER, profile);
    return m.staff?.email ?? m.refused;
  };

  it('signs in only an enabled staff account whose e-mail the provider states is verified, never creating one', async () => {
    const s = await createStaff(opened.db, {
      email: 'sso.user@example.com',
      name: 'Sso',
      role: 'operator',
      password: PASSWORD,
    });
    expect(await matched({ sub: 'u-2', email: 'sso.user@example.com', email_verified: false })).toBe('sso_unknown');
    // A provider that does not say the e-mail is verified: whoever typed that address in.
    expect(await matched({ sub: 'u-2', email: 'sso.user@example.com' })).toBe('sso_unknown');
    expect(await matched({ sub: 'u-9', email: 'stranger@example.com', email_verified: true })).toBe('sso_unknown');
    expect(await matched({})).toBe('sso_unknown');
    expect(await matched({ sub: 'u-1', email: 'SSO.User@example.com', email_verified: true })).toBe(s.email);
    await updateStaffAccess(opened.db, s.id, { disabled: true });
    expect(await matched({ sub: 'u-1', email: 'sso.user@example.com', email_verified: true })).toBe('sso_unknown');
  });

  it("binds a member to the provider's issuer and subject at the first sign-in: another identity with their e-mail is refused", async () => {
    await createStaff(opened.db, { email: 'ana.sso@example.com', name: 'Ana', role: 'viewer', password: PASSWORD });
    expect(await matched({ sub: 'ana-1', email: 'ana.sso@example.com', email_verified: true })).toBe(
      'ana.sso@example.com',
    );
    // A new account at the provider given her address (she left, the address was reused) is not her.
    expect(await matched({ sub: 'ana-2', email: 'ana.sso@example.com', email_verified: true })).toBe(
      'sso_bound_elsewhere',
    );
    // Her own identity signs in whatever e-mail it shows now (a renamed mailbox), even unverified.
    expect(await matched({ sub: 'ana-1', email: 'ana.silva@example.com' })).toBe('ana.sso@example.com');
    // The same subject at another issuer is another identity.
    expect(
      (
        await staffForSso(opened.db, 'https://other-id.example.com', {
          sub: 'ana-1',
          email: 'ana.sso@example.com',
          email_verified: true,
        })
      ).refused,
    ).toBe('sso_bound_elsewhere');
  });

  it('binds once when two first sign-ins race: one identity wins, the other is refused', async () => {
    await createStaff(opened.db, { email: 'race@example.com', name: 'Race', role: 'viewer', password: PASSWORD });
    const answers = await Promise.all(
      ['r-1', 'r-2', 'r-3'].map((sub) => matched({ sub, email: 'race@example.com', email_verified: true })),
    );
    expect(answers.filter((a) => a === 'race@example.com')).toHaveLength(1);
    expect(answers.filter((a) => a === 'sso_bound_elsewhere')).toHaveLength(2);
  });

  it('an account for company sign-in only has no usable password: a password sign-in is refused, and no password can be given to it', async () => {
    const s = await createStaff(opened.db, {
      email: 'only.sso@example.com',
      name: 'Only',
      role: 'admin',
      ssoOnly: true,
    });
    expect(s.ssoOnly).toBe(true);
    expect(await checkLogin(opened.db, 'only.sso@example.com', PASSWORD, '10.9.0.1')).toEqual({
      ok: false,
      reason: 'invalid',
      detail: 'sso_only',
    });
    await expect(
      createStaff(opened.db, {
        email: 'both@example.com',
        name: 'Both',
        role: 'viewer',
        ssoOnly: true,
        password: PASSWORD,
      }),
    ).rejects.toThrow(/is not given to a member who signs in through company sign-in only/);
    await expect(createStaff(opened.db, { email: 'none@example.com', name: 'None', role: 'viewer' })).rejects.toThrow(
      /is required/,
    );
    expect(await matched({ sub: 'o-1', email: 'only.sso@example.com', email_verified: true })).toBe(
      'only.sso@example.com',
    );
  });
});
