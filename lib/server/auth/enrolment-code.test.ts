import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { staffUsers } from '../db/schema';
import { staffEnrolmentCodes } from '../db/schema-sign-in';
import { checkEnrolmentCode, enrolmentCodeState, issueEnrolmentCode } from './enrolment-code';
import { beginEnrolment, confirmEnrolment } from './second-factor';
import { SECOND_FACTOR_FREE } from './second-factor-guard';
import { createStaff, ONE_TIME_PASSWORD_HOURS } from './staff-store';
import { totpCode } from './totp';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(() => opened.close());

const AUTH_SECRET = 'a-dashboard-secret-for-the-enrolment-code-tests';
const SESSION = '00000000-0000-4000-8000-00000000000a';
const OTHER_SESSION = '00000000-0000-4000-8000-00000000000b';
const now = new Date('2026-11-29T10:00:00Z');
const at = (s: number) => new Date(now.getTime() + s * 1000);
let n = 0;
const member = () =>
  createStaff(opened.db, {
    email: `enrol.${++n}@example.com`,
    name: `Enrol ${n}`,
    role: 'viewer',
    password: 'a one-time password here',
    mustChangePassword: true,
  });

describe('enrolment codes', () => {
  it('are random, 12 letters and digits that cannot be mistaken, stored only as a hash', async () => {
    const { id } = await member();
    const code = await issueEnrolmentCode(opened.db, id, now);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const [row] = await opened.db.select().from(staffEnrolmentCodes).where(eq(staffEnrolmentCodes.staffId, id));
    expect(row!.codeHash).toMatch(/^\$argon2id\$/);
    expect(row!.codeHash).not.toContain(code.replace(/-/g, ''));
    expect(await issueEnrolmentCode(opened.db, id, now)).not.toBe(code);
  });

  it(`are asked for until used, refused after ${ONE_TIME_PASSWORD_HOURS} hours, and accepted in any case, with or without dashes`, async () => {
    const { id } = await member();
    expect(await enrolmentCodeState(opened.db, id, now)).toBe('none');
    expect(await checkEnrolmentCode(opened.db, id, 'anything', now)).toBe('none');
    const code = await issueEnrolmentCode(opened.db, id, now);
    const lastMoment = at(ONE_TIME_PASSWORD_HOURS * 3600 - 1);
    expect(await enrolmentCodeState(opened.db, id, lastMoment)).toBe('valid');
    expect(await checkEnrolmentCode(opened.db, id, code.toLowerCase().replace(/-/g, ' '), lastMoment)).toBe('right');
    const expiry = at(ONE_TIME_PASSWORD_HOURS * 3600);
    expect(await enrolmentCodeState(opened.db, id, expiry)).toBe('expired');
    expect(await checkEnrolmentCode(opened.db, id, code, expiry)).toBe('expired');
  });

  it(`count each code tried in the account's run of wrong codes: after ${SECOND_FACTOR_FREE} wrong ones the right one waits too`, async () => {
    const { id } = await member();
    const code = await issueEnrolmentCode(opened.db, id, now);
    const wrong = await Promise.all(
      Array.from({ length: SECOND_FACTOR_FREE + 3 }, () => checkEnrolmentCode(opened.db, id, 'ABCD-EFGH-JKMN', now)),
    );
    expect(wrong.filter((r) => r === 'wrong')).toHaveLength(SECOND_FACTOR_FREE);
    expect(wrong.filter((r) => r === 'paused')).toHaveLength(3);
    expect(await checkEnrolmentCode(opened.db, id, code, at(1))).toBe('paused');
    // The hold after the 5th wrong one runs 30 s.
    expect(await checkEnrolmentCode(opened.db, id, code, at(31))).toBe('right');
    const [row] = await opened.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row!.secondFactorFailures).toBe(0);
    // An admin's new code ends a run too.
    for (let i = 0; i < SECOND_FACTOR_FREE; i++) await checkEnrolmentCode(opened.db, id, 'ABCD-EFGH-JKMN', at(40));
    const fresh = await issueEnrolmentCode(opened.db, id, at(41));
    expect(await checkEnrolmentCode(opened.db, id, fresh, at(42))).toBe('right');
  });

  it('bind the enrolment to the session that gave the code, and are used up by it', async () => {
    const staff = await member();
    await issueEnrolmentCode(opened.db, staff.id, now);
    // Begun without the code (as whoever signed in first with the one-time password would): never confirmed.
    const unproved = await beginEnrolment(opened.db, staff, AUTH_SECRET);
    expect(
      await confirmEnrolment(opened.db, staff.id, totpCode(unproved.secret, at(10)), AUTH_SECRET, SESSION, at(10)),
    ).toBeNull();
    // Begun by the session that gave it: another session cannot confirm it; that one can.
    const proved = await beginEnrolment(opened.db, staff, AUTH_SECRET, { sessionId: SESSION, now: at(20) });
    expect(
      await confirmEnrolment(opened.db, staff.id, totpCode(proved.secret, at(30)), AUTH_SECRET, OTHER_SESSION, at(30)),
    ).toBeNull();
    expect(
      await confirmEnrolment(opened.db, staff.id, totpCode(proved.secret, at(30)), AUTH_SECRET, SESSION, at(30)),
    ).toHaveLength(10);
    expect(await enrolmentCodeState(opened.db, staff.id, at(40))).toBe('none');
  });

  it('ask nothing of a member who carries none: an enrolment from their own session', async () => {
    const staff = await member();
    const begun = await beginEnrolment(opened.db, staff, AUTH_SECRET);
    expect(
      await confirmEnrolment(opened.db, staff.id, totpCode(begun.secret, now), AUTH_SECRET, SESSION, now),
    ).toHaveLength(10);
  });
});
