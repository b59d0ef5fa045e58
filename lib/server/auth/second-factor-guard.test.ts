import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDashboardDb, type OpenedDb } from '../db/open';
import { removeSecondFactor } from './second-factor';
import {
  codeAccepted,
  countSecondFactorCode,
  SECOND_FACTOR_FREE,
  SECOND_FACTOR_MAX,
  secondFactorDelayS,
} from './second-factor-guard';
import { createStaff } from './staff-store';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openDashboardDb({ dataDir: '', memory: true });
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
});
