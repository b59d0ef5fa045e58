import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { ChangeEvent } from '../../changes/events';
import { membersDb } from '../auth/members.fixture';
import { createStaff } from '../auth/staff-store';
import { changesOfAction, type ChangeInput } from '../changes/of-action';
import { changesAfter, lastChangeId, recordChange } from '../changes/record';
import { guestProfiles, notifications, reservationsCopy, staffUsers } from '../db/schema';
import { outsideChanges } from '../directory/copy-changes';
import { raiseFromChanges } from './raise';

const { db } = membersDb();
let serial = 0;

async function member(role: 'viewer' | 'operator' | 'admin', name: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${++serial}@example.test`;
  return createStaff(db(), { email, name, role, password: 'a long enough password' });
}

async function recorded(...changes: ChangeInput[]): Promise<ChangeEvent[]> {
  const before = await lastChangeId(db());
  await db().transaction((tx) => recordChange(tx, ...changes));
  return changesAfter(db(), before);
}

const itemsOf = (staffId: string) => db().select().from(notifications).where(eq(notifications.staffId, staffId));

/** The guest's note saved on a reservation's page, as the action's audit row records it. */
async function noteSaved(
  by: { id: string; name: string },
  email: string,
  before: string,
  after: string,
  reservationId?: string,
) {
  await db()
    .insert(guestProfiles)
    .values({ email, note: after, tags: [], updatedBy: by.name, updatedAt: new Date() })
    .onConflictDoUpdate({ target: guestProfiles.email, set: { note: after } });
  return recorded(
    ...changesOfAction({
      action: 'set-guest-note',
      result: 'ok',
      resourceId: email,
      before: { note: before, tags: [] },
      after: { note: after, tags: [], ...(reservationId ? { reservationId } : {}) },
      staff: by,
    }),
  );
}

describe('a mention in the team’s note on a guest', () => {
  it('tells each member it names, once, with the note’s start and the reservation it was written on', async () => {
    const writer = await member('operator', 'Rosa Writer');
    const [quentin, viewer, other] = [
      await member('operator', 'Quentin Blake'),
      await member('viewer', 'Vera Lind'),
      await member('operator', 'Otto Else'),
    ];
    await db()
      .insert(reservationsCopy)
      .values({
        context: 'entity-m',
        id: 'res-m1',
        date: '2026-12-04',
        status: 'confirmed',
        reservation: { id: 'res-m1', guest: { first_name: 'Anna', last_name: 'Weber' } },
        syncedAt: new Date(),
      });
    const note = `Severe nut allergy — @quentin please brief the kitchen, and @VeraLind the floor. ${'x'.repeat(200)}`;
    const events = await noteSaved(writer, 'anna@guest.test', '', note, 'res-m1');
    const raised = await raiseFromChanges(db(), events);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason, r.subjectId]).sort()).toEqual(
      [
        [quentin.id, 'guest.mentioned', 'mentioned', 'res-m1'],
        [viewer.id, 'guest.mentioned', 'mentioned', 'res-m1'],
      ].sort(),
    );
    const [item] = await itemsOf(quentin.id);
    expect(item!.data).toMatchObject({ by: 'Rosa Writer', guest: 'Anna Weber' });
    expect(item!.data.excerpt).toHaveLength(120);
    expect(item!.data.excerpt!.startsWith('Severe nut allergy — @quentin')).toBe(true);
    expect(await itemsOf(other.id)).toEqual([]);

    // Saved again with one more line: those named already are not told twice; a writer who names themselves, never.
    const again = await noteSaved(writer, 'anna@guest.test', note, `${note}\n@rosa note to self`, 'res-m1');
    expect(await raiseFromChanges(db(), again)).toEqual([]);
  });

  it('a member disabled meanwhile is told nothing; a note with no reservation names the guest by e-mail', async () => {
    const [writer, gone, here] = [
      await member('admin', 'Wanda Admin'),
      await member('operator', 'Gustav Gone'),
      await member('operator', 'Hanna Here'),
    ];
    await db().update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, gone.id));
    const events = await noteSaved(writer, 'bo@guest.test', '', '@gustav and @hanna: window table');
    const raised = await raiseFromChanges(db(), events);
    expect(raised.map((r) => [r.staffId, r.subjectId])).toEqual([[here.id, 'bo@guest.test']]);
    expect((await itemsOf(here.id))[0]!.data).toMatchObject({ guest: 'bo@guest.test' });
  });
});

describe('an entity or delegate suspended', () => {
  it('tells every enabled member, whatever their role; a change of another field tells nobody', async () => {
    const [viewer, admin] = [await member('viewer', 'Sue Viewer'), await member('admin', 'Sam Admin')];
    const suspended = await recorded(
      ...outsideChanges(
        {
          resource: 'delegates',
          context: 'partner',
          added: [],
          changed: ['delegate-s'],
          removed: [],
          suspended: [{ id: 'delegate-s', name: 'Vine Rooms' }],
        },
        new Set(),
      ),
    );
    const raised = await raiseFromChanges(db(), suspended);
    for (const m of [viewer, admin])
      expect(raised.filter((r) => r.staffId === m.id).map((r) => [r.kind, r.reason, r.subjectId])).toEqual([
        ['directory.suspended', 'everyone', 'delegate-s'],
      ]);
    expect((await itemsOf(viewer.id))[0]!.data).toEqual({ what: 'delegate', name: 'Vine Rooms' });

    const renamed = await recorded(
      ...outsideChanges(
        { resource: 'entities', context: 'partner', added: [], changed: ['entity-s'], removed: [] },
        new Set(),
      ),
    );
    expect(await raiseFromChanges(db(), renamed)).toEqual([]);
  });
});
