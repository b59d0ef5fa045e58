import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { membersDb } from '../auth/members.fixture';
import { createStaff } from '../auth/staff-store';
import {
  claimDueChange,
  dropChange,
  heldFor,
  HOLD_MS,
  holdChange,
  markRefused,
  postponeChange,
  pruneHeld,
  REFUSAL_SHOWN_MS,
  REFUSED_KEPT_MS,
  refusedFor,
  SEND_CLAIM_MS,
  withdrawChange,
} from './store';

const { db } = membersDb();
let serial = 0;

const member = () =>
  createStaff(db(), {
    email: `held.${++serial}@example.test`,
    name: `Held ${serial}`,
    role: 'operator',
    password: 'a long enough password',
  });

const at = (iso: string) => new Date(iso);
const later = (d: Date, ms: number) => new Date(d.getTime() + ms);

const hold = (staffId: string, reservationId: string, now: Date, notes = 'Window table') =>
  holdChange(
    db(),
    {
      staffId,
      entityId: null,
      reservationId,
      changes: { notes },
      expected: { notes: null },
      locale: 'de',
      sessionVersion: 1,
    },
    now,
  );

describe('changes held for their undo window', () => {
  it('is due only once its window has ended, and is claimed by one process at a time', async () => {
    const m = await member();
    const reservation = randomUUID();
    const now = at('2026-11-30T19:00:00Z');
    const { id, dueAt } = await hold(m.id, reservation, now);
    expect(dueAt).toEqual(later(now, HOLD_MS));

    expect(await claimDueChange(db(), later(now, HOLD_MS - 1))).toBeNull();
    const claimed = await claimDueChange(db(), dueAt);
    expect(claimed).toMatchObject({ id, reservationId: reservation, changes: { notes: 'Window table' } });
    // Another process finds nothing while the claim holds, and takes it on once it lapsed.
    expect(await claimDueChange(db(), later(dueAt, SEND_CLAIM_MS - 1))).toBeNull();
    expect((await claimDueChange(db(), later(dueAt, SEND_CLAIM_MS + 1)))?.id).toBe(id);

    await dropChange(db(), id);
    expect(await heldFor(db(), reservation)).toEqual([]);
    expect(await claimDueChange(db(), later(dueAt, 10 * SEND_CLAIM_MS))).toBeNull();
  });

  it('is withdrawn by its own member while unclaimed, and by no one else or once being sent', async () => {
    const [m, other] = [await member(), await member()];
    const reservation = randomUUID();
    const now = at('2026-11-30T19:10:00Z');
    const first = await hold(m.id, reservation, now);
    const second = await hold(m.id, reservation, later(now, 1_000), 'Birthday');
    expect((await heldFor(db(), reservation)).map((h) => h.changes)).toEqual([
      { notes: 'Window table' },
      { notes: 'Birthday' },
    ]);

    expect(await withdrawChange(db(), other.id, first.id)).toBeNull();
    expect((await withdrawChange(db(), m.id, first.id))?.changes).toEqual({ notes: 'Window table' });
    expect(await withdrawChange(db(), m.id, first.id)).toBeNull();

    // Once a process is sending it, an Undo can no longer withdraw it; given back, it can again.
    expect((await claimDueChange(db(), second.dueAt))?.id).toBe(second.id);
    expect(await withdrawChange(db(), m.id, second.id)).toBeNull();
    await postponeChange(db(), second.id, later(second.dueAt, 5_000));
    expect(await claimDueChange(db(), later(second.dueAt, 4_999))).toBeNull();
    expect((await withdrawChange(db(), m.id, second.id))?.id).toBe(second.id);
    expect(await heldFor(db(), reservation)).toEqual([]);
  });

  it('keeps a change refused when sent, with its reason, for its member alone; never sent again, then pruned', async () => {
    const [m, other] = [await member(), await member()];
    const reservation = randomUUID();
    const now = at('2026-11-30T19:20:00Z');
    const { id, dueAt } = await hold(m.id, reservation, now);
    expect((await claimDueChange(db(), dueAt))?.id).toBe(id);
    await markRefused(db(), id, 'Nicht gespeichert: jemand anderes hat das Feld geändert.', dueAt);

    expect(await heldFor(db(), reservation)).toEqual([]);
    expect(await claimDueChange(db(), later(dueAt, 10 * SEND_CLAIM_MS))).toBeNull();
    expect(await withdrawChange(db(), m.id, id)).toBeNull();
    expect(await refusedFor(db(), m.id, reservation, later(dueAt, 1_000))).toEqual([
      {
        refusal: 'Nicht gespeichert: jemand anderes hat das Feld geändert.',
        refusedAt: dueAt,
        changes: { notes: 'Window table' },
      },
    ]);
    expect(await refusedFor(db(), other.id, reservation, later(dueAt, 1_000))).toEqual([]);
    expect(await refusedFor(db(), m.id, reservation, later(dueAt, REFUSAL_SHOWN_MS + 1))).toEqual([]);

    expect(await pruneHeld(db(), later(dueAt, REFUSED_KEPT_MS - 1))).toBe(0);
    expect(await pruneHeld(db(), later(dueAt, REFUSED_KEPT_MS + 1))).toBe(1);
  });
});
