import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { staffUsers } from '../db/schema';
import { removeSecondFactor } from './second-factor';
import {
  codeAccepted,
  countKnownDeviceCode,
  countSecondFactorCode,
  knownDeviceCodeAccepted,
  SECOND_FACTOR_FREE,
  SECOND_FACTOR_MAX,
  secondFactorDelayS,
} from './second-factor-guard';
import { createStaff } from './staff-store';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(() => opened.close());

const start = new Date('2026-11-26T09:00:00Z');
const at = (s: number) => new Date(start.getTime() + s * 1000);

describe('wrong second-factor codes in a row', () => {
  it('counts concurrent codes one by one: 5 checked, the rest refused uncounted until the delay ends', async () => {
    const { db } = opened;
    const ana = await createStaff(db, {
      email: 'ana@example.com',
      name: 'Ana',
      role: 'viewer',
      password: 'correct horse battery',
    });
    const turns = await Promise.all(Array.from({ length: 20 }, () => countSecondFactorCode(db, ana.id, at(0))));
    expect(turns.filter((t) => t.counted)).toHaveLength(SECOND_FACTOR_FREE);
    const held = turns.find((t) => !t.counted)!;
    expect(held).toEqual({ counted: false, until: at(30) });
  });

  it('holds the account longer after each wrong code past the free ones, doubling to 15 minutes', async () => {
    const { db } = opened;
    const bo = await createStaff(db, {
      email: 'bo@example.com',
      name: 'Bo',
      role: 'viewer',
      password: 'correct horse battery',
    });
    for (let i = 0; i < SECOND_FACTOR_FREE; i++)
      expect((await countSecondFactorCode(db, bo.id, at(0))).counted).toBe(true);
    let t = 0;
    const waits: number[] = [];
    for (let n = SECOND_FACTOR_FREE; n < SECOND_FACTOR_FREE + 7; n++) {
      const wait = secondFactorDelayS(n);
      waits.push(wait);
      expect((await countSecondFactorCode(db, bo.id, at(t + wait - 1))).counted).toBe(false);
      t += wait;
      expect(await countSecondFactorCode(db, bo.id, at(t))).toEqual({ counted: true, failures: n + 1 });
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    // A right code ends the run, and the member is told how many wrong ones came before it.
    t += 900;
    expect((await countSecondFactorCode(db, bo.id, at(t))).counted).toBe(true);
    expect(await codeAccepted(db, bo.id)).toBe(SECOND_FACTOR_FREE + 7);
    expect(await countSecondFactorCode(db, bo.id, at(t + 1))).toEqual({ counted: true, failures: 1 });
  });

  it('after 100 in a row, refuses every code until an admin resets the two-step sign-in', async () => {
    const { db } = opened;
    const cy = await createStaff(db, {
      email: 'cy@example.com',
      name: 'Cy',
      role: 'viewer',
      password: 'correct horse battery',
    });
    let t = 0;
    for (let n = 0; n < SECOND_FACTOR_MAX; n++) {
      t += secondFactorDelayS(n);
      expect((await countSecondFactorCode(db, cy.id, at(t))).counted).toBe(true);
    }
    const tenYears = 10 * 365 * 86_400;
    expect((await countSecondFactorCode(db, cy.id, at(t + tenYears))).counted).toBe(false);
    await removeSecondFactor(db, cy.id);
    expect(await countSecondFactorCode(db, cy.id, at(t + tenYears))).toEqual({ counted: true, failures: 1 });
  });

  it("counts a known device's codes apart: a held account does not hold the owner's browser, which is told of the run", async () => {
    const { db } = opened;
    const owner = await createStaff(db, {
      email: 'owen@example.com',
      name: 'Owen',
      role: 'viewer',
      password: 'correct horse battery',
    });
    // Someone with the password: 6 wrong codes from elsewhere hold the account for 60 s.
    for (let i = 0; i < 6; i++) await countSecondFactorCode(db, owner.id, at(i * 60));
    expect(await countSecondFactorCode(db, owner.id, at(301))).toMatchObject({ counted: false });

    // The owner's browser: its codes are counted on it, 5 in 15 minutes, whatever the account's hold.
    const own = await Promise.all(
      Array.from({ length: 7 }, () => countKnownDeviceCode(db, owner.id, 'owner-laptop', at(302))),
    );
    expect(own.filter((t) => t.counted)).toHaveLength(5);
    expect(own.filter((t) => !t.counted)).toEqual([
      { counted: false, until: at(302 + 15 * 60) },
      { counted: false, until: at(302 + 15 * 60) },
    ]);
    // Another known device of the account has its own count; all of them together at most 20 an hour.
    expect(await countKnownDeviceCode(db, owner.id, 'owner-phone', at(303))).toEqual({ counted: true, failures: 1 });

    // A right code on the owner's device: its count starts again, the run from elsewhere goes on, and is told.
    await knownDeviceCodeAccepted(db, owner.id, 'owner-laptop');
    expect(await countKnownDeviceCode(db, owner.id, 'owner-laptop', at(304))).toEqual({ counted: true, failures: 1 });
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, owner.id));
    expect([row!.secondFactorFailures, row!.secondFactorNotice]).toEqual([6, 6]);
    expect(await countSecondFactorCode(db, owner.id, at(305))).toMatchObject({ counted: false });

    // Held for good (100 in a row): every device too, until an admin's reset.
    await db
      .update(staffUsers)
      .set({ secondFactorLockedUntil: new Date('9999-12-31T00:00:00Z') })
      .where(eq(staffUsers.id, owner.id));
    expect(await countKnownDeviceCode(db, owner.id, 'owner-phone', at(3600))).toMatchObject({ counted: false });
  });
});
