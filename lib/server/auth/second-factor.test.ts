import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { staffRecoveryCodes, staffUsers } from '../db/schema';
import { deviceTokensOf } from './device-cookie';
import { knownDeviceOf, rememberDevice } from './known-devices';
import {
  beginEnrolment,
  confirmEnrolment,
  decryptSecret,
  encryptSecret,
  openSecret,
  recoveryCodesLeft,
  rekeySecondFactors,
  removeSecondFactor,
  secondFactorPolicy,
  secondFactorRequired,
  setSecondFactorPolicy,
  spendSecondFactor,
} from './second-factor';
import { createStaff } from './staff-store';
import { totpCode } from './totp';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(() => opened.close());

const AUTH_SECRET = 'a-dashboard-secret-for-the-second-factor-tests';
const SESSION = '00000000-0000-4000-8000-00000000000a';
const OTHER_SESSION = '00000000-0000-4000-8000-00000000000b';

describe('second factor', () => {
  it('stores the secret encrypted: only the dashboard secret reads it back', () => {
    const stored = encryptSecret('MZXW6YTBOI', AUTH_SECRET);
    expect(stored).not.toContain('MZXW6YTBOI');
    expect(decryptSecret(stored, AUTH_SECRET)).toBe('MZXW6YTBOI');
    expect(() => decryptSecret(stored, 'another-secret-entirely-0123456789')).toThrow();
  });

  it('enrols with the first code, then accepts each authenticator code once and each recovery code once', async () => {
    const { db } = opened;
    const ana = await createStaff(db, {
      email: 'ana@example.com',
      name: 'Ana',
      role: 'admin',
      password: 'correct horse battery',
    });
    const now = new Date('2026-11-26T09:00:00Z');
    const { secret, qrSvg } = await beginEnrolment(db, ana, AUTH_SECRET);
    expect(qrSvg).toMatch(/^<svg /);
    expect(await confirmEnrolment(db, ana.id, '000000', AUTH_SECRET, SESSION, now)).toBeNull();
    const codes = await confirmEnrolment(db, ana.id, totpCode(secret, now), AUTH_SECRET, SESSION, now);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes![0]).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    // The enrolment's code was used; the next step's code signs in, once.
    expect(await spendSecondFactor(db, ana.id, totpCode(secret, now), AUTH_SECRET, now)).toBeNull();
    const later = new Date(now.getTime() + 30_000);
    expect(await spendSecondFactor(db, ana.id, totpCode(secret, later), AUTH_SECRET, later)).toBe('authenticator');
    expect(await spendSecondFactor(db, ana.id, totpCode(secret, later), AUTH_SECRET, later)).toBeNull();

    expect(await spendSecondFactor(db, ana.id, codes![3]!.toUpperCase(), AUTH_SECRET, later)).toBe('recovery code');
    expect(await spendSecondFactor(db, ana.id, codes![3]!, AUTH_SECRET, later)).toBeNull();
    expect(await recoveryCodesLeft(db, ana.id)).toBe(9);
    expect(await spendSecondFactor(db, ana.id, 'not a code', AUTH_SECRET, later)).toBeNull();

    await removeSecondFactor(db, ana.id);
    expect(await recoveryCodesLeft(db, ana.id)).toBe(0);
    const next = new Date(now.getTime() + 60_000);
    expect(await spendSecondFactor(db, ana.id, totpCode(secret, next), AUTH_SECRET, next)).toBeNull();
  });

  it('replaces a factor only from the session that proved it, within 10 minutes, ending the device cookies', async () => {
    const { db } = opened;
    const bo = await createStaff(db, {
      email: 'bo@example.com',
      name: 'Bo',
      role: 'viewer',
      password: 'correct horse battery',
    });
    const now = new Date('2026-11-26T09:00:00Z');
    const first = await beginEnrolment(db, bo, AUTH_SECRET);
    expect(await confirmEnrolment(db, bo.id, totpCode(first.secret, now), AUTH_SECRET, SESSION, now)).toHaveLength(10);
    const at = (s: number) => new Date(now.getTime() + s * 1000);
    // Bo's laptop signed in after the enrolment: a known device of the account.
    const laptop = await rememberDevice(db, bo.id, [], null, at(30));

    // Begun without the proof (as a copied cookie would): no confirmation replaces the factor.
    const stolen = await beginEnrolment(db, bo, AUTH_SECRET);
    expect(await confirmEnrolment(db, bo.id, totpCode(stolen.secret, at(60)), AUTH_SECRET, SESSION, at(60))).toBeNull();
    // Begun with it by one session: another session cannot confirm it, nor the same one after 10 minutes.
    const proved = await beginEnrolment(db, bo, AUTH_SECRET, { sessionId: SESSION, now: at(90) });
    expect(
      await confirmEnrolment(db, bo.id, totpCode(proved.secret, at(120)), AUTH_SECRET, OTHER_SESSION, at(120)),
    ).toBeNull();
    expect(
      await confirmEnrolment(db, bo.id, totpCode(proved.secret, at(700)), AUTH_SECRET, SESSION, at(700)),
    ).toBeNull();
    expect(await knownDeviceOf(db, bo.id, deviceTokensOf(laptop), at(700))).not.toBeNull();
    const again = await beginEnrolment(db, bo, AUTH_SECRET, { sessionId: SESSION, now: at(720) });
    expect(
      await confirmEnrolment(db, bo.id, totpCode(again.secret, at(750)), AUTH_SECRET, SESSION, at(750)),
    ).toHaveLength(10);
    // The replacement ends the account's known devices.
    expect(await knownDeviceOf(db, bo.id, deviceTokensOf(laptop), at(750))).toBeNull();
    expect(await spendSecondFactor(db, bo.id, totpCode(first.secret, at(780)), AUTH_SECRET, at(780))).toBeNull();
    expect(await spendSecondFactor(db, bo.id, totpCode(again.secret, at(780)), AUTH_SECRET, at(780))).toBe(
      'authenticator',
    );
  });

  it('survives a rotation of AUTH_SECRET: the previous one still reads the factor, which is then kept under the new one', async () => {
    const { db } = opened;
    const OLD = AUTH_SECRET;
    const NEW = 'the-new-dashboard-secret-after-a-leak-0123456789';
    const rotating = { current: NEW, previous: OLD };
    const stored = async (id: string) =>
      (await db.select({ s: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, id)))[0]!.s!;
    const enrol = async (email: string, now: Date) => {
      const member = await createStaff(db, {
        email,
        name: email,
        role: 'operator',
        password: 'a long enough password',
      });
      const { secret } = await beginEnrolment(db, member, OLD);
      const codes = (await confirmEnrolment(db, member.id, totpCode(secret, now), OLD, SESSION, now))!;
      return { member, secret, codes };
    };
    const now = new Date('2026-11-27T09:00:00Z');
    const step = (n: number) => new Date(now.getTime() + n * 30_000);
    const rita = await enrol('rita@example.com', now);
    const ravi = await enrol('ravi@example.com', now);
    const rosa = await enrol('rosa@example.com', now);
    const oldKeyId = (await stored(rita.member.id)).split('.')[0];

    // The new secret alone: no authenticator code opens, but a recovery code (argon2, no key) still does.
    expect(await spendSecondFactor(db, rita.member.id, totpCode(rita.secret, step(1)), NEW, step(1))).toBeNull();
    expect(await spendSecondFactor(db, rita.member.id, rita.codes[0]!, NEW, step(1))).toBe('recovery code');

    // With the previous one given: the code is accepted, and the factor is now kept under the new key.
    expect(await spendSecondFactor(db, rita.member.id, totpCode(rita.secret, step(2)), rotating, step(2))).toBe(
      'authenticator',
    );
    const moved = await stored(rita.member.id);
    expect(moved.split('.')[0]).not.toBe(oldKeyId);
    expect(openSecret(moved, NEW)).toEqual({ secret: rita.secret, current: true });

    // `rekey` moves the others; one under a secret neither key is, it names.
    await db
      .update(staffUsers)
      .set({ totpSecret: encryptSecret(rosa.secret, 'a-third-secret-nobody-has-any-more-0123456789') })
      .where(eq(staffUsers.id, rosa.member.id));
    const underOldKey = (await db.select().from(staffUsers)).filter((u) =>
      [u.totpSecret, u.totpPendingSecret].some((stored) => stored?.startsWith(`${oldKeyId}.`)),
    );
    expect(underOldKey.map((u) => u.email)).toContain('ravi@example.com');
    expect(await rekeySecondFactors(db, rotating)).toEqual({
      moved: underOldKey.length,
      unreadable: ['rosa@example.com'],
    });
    expect(await spendSecondFactor(db, ravi.member.id, totpCode(ravi.secret, step(3)), NEW, step(3))).toBe(
      'authenticator',
    );
    expect(await rekeySecondFactors(db, rotating)).toEqual({ moved: 0, unreadable: ['rosa@example.com'] });
  });

  it('keeps recovery codes as argon2id hashes, each used once even when given twice at once; an old SHA-256 one too', async () => {
    const { db } = opened;
    const now = new Date('2026-11-28T09:00:00Z');
    const member = await createStaff(db, {
      email: 'hana@example.com',
      name: 'Hana',
      role: 'viewer',
      password: 'a long enough password',
    });
    const { secret } = await beginEnrolment(db, member, AUTH_SECRET);
    const codes = (await confirmEnrolment(db, member.id, totpCode(secret, now), AUTH_SECRET, SESSION, now))!;
    const hashes = (
      await db
        .select({ h: staffRecoveryCodes.codeHash })
        .from(staffRecoveryCodes)
        .where(eq(staffRecoveryCodes.staffId, member.id))
    ).map((r) => r.h);
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h).toMatch(/^\$argon2id\$/);
    for (const code of codes) expect(hashes.join()).not.toContain(code.replace('-', ''));

    const twice = await Promise.all(
      [codes[5]!, codes[5]!].map((c) => spendSecondFactor(db, member.id, c, AUTH_SECRET, now)),
    );
    expect(twice.sort()).toEqual([null, 'recovery code']);
    expect(await recoveryCodesLeft(db, member.id)).toBe(9);

    // A code kept before argon2 (SHA-256 of "recovery:<code>"): accepted once.
    await db.insert(staffRecoveryCodes).values({
      staffId: member.id,
      codeHash: createHash('sha256').update('recovery:abcdefghij').digest('hex'),
    });
    expect(await spendSecondFactor(db, member.id, 'abcde-fghij', AUTH_SECRET, now)).toBe('recovery code');
    expect(await spendSecondFactor(db, member.id, 'abcde-fghij', AUTH_SECRET, now)).toBeNull();
  });

  it('keeps the admins’ policy: nobody by default, then admins or everyone', async () => {
    const { db } = opened;
    expect(await secondFactorPolicy(db)).toBe('none');
    await setSecondFactorPolicy(db, 'admins');
    expect(await secondFactorPolicy(db)).toBe('admins');
    expect(secondFactorRequired('admins', 'admin')).toBe(true);
    expect(secondFactorRequired('admins', 'operator')).toBe(false);
    expect(secondFactorRequired('everyone', 'viewer')).toBe(true);
    expect(secondFactorRequired('none', 'admin')).toBe(false);
  });
});
