import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { ChangeEvent } from '../../changes/events';
import { membersDb } from '../auth/members.fixture';
import { createStaff } from '../auth/staff-store';
import { changesOfAction, type ChangeInput } from '../changes/of-action';
import { changesAfter, lastChangeId, recordChange } from '../changes/record';
import { auditLog, directoryCopy, notifications, reservationsCopy, reservationsWindow } from '../db/schema';
import { saveMemberChoices } from './preferences';
import { raiseFromChanges } from './raise';
import { MAX_WATCHES, startWatching, stopWatching, watchesOf, watchesShown } from './watches';

const { db } = membersDb();
let serial = 0;

async function member(role: 'viewer' | 'operator' | 'admin') {
  const email = `watch.${role}.${++serial}@example.test`;
  return createStaff(db(), { email, name: `Watcher ${serial}`, role, password: 'a long enough password' });
}

/** Changes recorded by `record`, as the feed's reader hands them over. */
async function recorded(...changes: ChangeInput[]): Promise<ChangeEvent[]> {
  const before = await lastChangeId(db());
  await db().transaction((tx) => recordChange(tx, ...changes));
  return changesAfter(db(), before);
}

const itemsOf = (staffId: string) => db().select().from(notifications).where(eq(notifications.staffId, staffId));

const watchReservation = (staffId: string, id: string) =>
  startWatching(db(), staffId, { subject: 'reservation', subjectId: id, entityId: 'entity-w' });

async function copied(context: string, r: Record<string, unknown> & { id: string }) {
  await db()
    .insert(reservationsCopy)
    .values({
      context,
      id: r.id,
      venueId: (r.venue_id as string) ?? null,
      programId: (r.program_id as string) ?? null,
      date: r.date as string,
      time: (r.time as string).slice(0, 5),
      status: r.status as string,
      partySize: r.party_size as number,
      reservation: { guest: { first_name: 'Anna', last_name: 'Weber' }, ...r },
      syncedAt: new Date(),
    });
}

describe('watching a reservation', () => {
  it('tells its watchers of a change or cancel by anyone else, with who made it; never the one who made it', async () => {
    const [watcher, viewer, changer] = [await member('operator'), await member('viewer'), await member('operator')];
    await copied('entity-w', { id: 'res-w1', date: '2026-12-04', time: '19:30', party_size: 4, status: 'confirmed' });
    for (const m of [watcher, viewer, changer]) await watchReservation(m.id, 'res-w1');

    const changed = await recorded({
      kind: 'reservation.changed',
      entityId: 'entity-w',
      ids: { reservation: 'res-w1' },
      who: { id: changer.id, name: changer.name },
      data: { party_size: [4, 6] },
    });
    const raised = await raiseFromChanges(db(), changed);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason]).sort()).toEqual(
      [
        [watcher.id, 'reservation.watched', 'watching'],
        [viewer.id, 'reservation.watched', 'watching'],
      ].sort(),
    );
    const [item] = await itemsOf(watcher.id);
    expect(item!.data).toMatchObject({
      guest: 'Anna Weber',
      date: '2026-12-04',
      time: '19:30',
      by: changer.name,
      canceled: false,
      changes: { party_size: [4, 6] },
    });
    expect(await itemsOf(changer.id)).toEqual([]);

    // The team's tags on it are not news to a watcher; a guest's cancel is, said as made outside.
    const tagged = await recorded({
      kind: 'reservation.changed',
      entityId: 'entity-w',
      ids: { reservation: 'res-w1' },
      who: { id: changer.id, name: changer.name },
      data: { tags: true },
    });
    expect(await raiseFromChanges(db(), tagged)).toEqual([]);
    const canceled = await recorded({
      kind: 'reservation.canceled',
      entityId: 'entity-w',
      ids: { reservation: 'res-w1' },
      who: null,
      data: { status: 'canceled' },
    });
    const cancels = await raiseFromChanges(db(), canceled);
    expect(cancels.map((r) => r.staffId).sort()).toEqual([watcher.id, viewer.id, changer.id].sort());
    const last = (await itemsOf(watcher.id)).find((i) => i.changeId === canceled[0]!.id);
    expect(last!.data).toMatchObject({ by: null, canceled: true });
  });

  it('a member who booked it hears of an outside cancel once, as its booker; one who stopped watching, not at all', async () => {
    const [booker, former] = [await member('operator'), await member('operator')];
    await copied('entity-w', { id: 'res-w2', date: '2026-12-05', time: '20:00', party_size: 2, status: 'canceled' });
    await db()
      .insert(auditLog)
      .values({
        staffId: booker.id,
        staffEmail: booker.email,
        action: 'create-reservation',
        entityId: 'entity-w',
        resourceType: 'reservation',
        resourceId: 'res-w2',
        result: 'ok',
        at: new Date(Date.now() - 60_000),
      });
    await watchReservation(booker.id, 'res-w2');
    await watchReservation(former.id, 'res-w2');
    await stopWatching(db(), former.id, 'reservation', 'res-w2');

    const events = await recorded({
      kind: 'reservation.canceled',
      entityId: 'entity-w',
      ids: { reservation: 'res-w2' },
      who: null,
      data: { status: 'canceled' },
    });
    const raised = await raiseFromChanges(db(), events);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason])).toEqual([
      [booker.id, 'reservation.canceled_outside', 'booked_by_you'],
    ]);
    expect(await itemsOf(former.id)).toEqual([]);
  });

  it(`holds at most ${MAX_WATCHES} things per member; watching one again changes nothing`, async () => {
    const m = await member('viewer');
    for (let i = 0; i < MAX_WATCHES; i++)
      expect(await startWatching(db(), m.id, { subject: 'venue', subjectId: `venue-${i}`, entityId: null })).toBe(true);
    expect(await startWatching(db(), m.id, { subject: 'venue', subjectId: 'venue-0', entityId: null })).toBe(true);
    expect(await startWatching(db(), m.id, { subject: 'venue', subjectId: 'one-too-many', entityId: null })).toBe(
      false,
    );
    expect(await watchesOf(db(), m.id)).toHaveLength(MAX_WATCHES);
  });
});

describe('a quarter hour full at a watched venue', () => {
  // 18:00 UTC on 4 December: the 4th in London.
  const now = new Date('2026-12-04T18:00:00Z');
  const ENTITY = 'entity-q';
  const line = {
    id: 'commitment-q',
    assignment_status: 'assigned',
    entity_seats: 6,
    venue_id: 'venue-q',
    program_id: 'program-q',
    days_of_week: [1, 2, 3, 4, 5, 6, 7],
    start_time: '18:00',
    end_time: '22:00',
  };
  const booked = (id: string, time: string, party: number, who: { id: string; name: string } | null = null) =>
    copied(ENTITY, {
      id,
      venue_id: 'venue-q',
      program_id: 'program-q',
      date: '2026-12-04',
      time,
      party_size: party,
      status: 'confirmed',
    }).then(() => recorded({ kind: 'reservation.created', entityId: ENTITY, ids: { reservation: id }, who, data: {} }));

  it('tells the venue’s watchers once a day, from the quarter hour its seats are all booked', async () => {
    const [watcher, other, quiet] = [await member('viewer'), await member('operator'), await member('operator')];
    await db()
      .insert(reservationsWindow)
      .values({
        context: ENTITY,
        firstDay: '2026-12-01',
        lastDay: '2026-12-31',
        readAt: now,
        fullReadAt: now,
        venues: [{ id: 'venue-q', name: 'Wharf', time_zone: 'Europe/London' }],
      });
    await db()
      .insert(directoryCopy)
      .values({ resource: 'commitments', context: ENTITY, id: line.id, position: 0, data: line });
    for (const m of [watcher, quiet])
      await startWatching(db(), m.id, { subject: 'venue', subjectId: 'venue-q', entityId: null });
    await saveMemberChoices(db(), quiet.id, [{ kind: 'venue.quarter_full', channel: 'off' }], quiet.id);

    // 4 of 6 seats: not full yet.
    expect(await raiseFromChanges(db(), await booked('q-1', '19:00:00', 4), undefined, now)).toEqual([]);
    // 2 more at 19:30 take the last seats: full from the 19:30 quarter hour.
    const raised = await raiseFromChanges(db(), await booked('q-2', '19:30:00', 2, other), undefined, now);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason])).toEqual([[watcher.id, 'venue.quarter_full', 'watching']]);
    const [item] = await itemsOf(watcher.id);
    expect(item).toMatchObject({
      subjectId: 'venue-q',
      data: { venue: 'Wharf', date: '2026-12-04', time: '19:30', seats: 6, start: '18:00', end: '22:00' },
    });
    expect(await itemsOf(quiet.id)).toEqual([]);
    expect(await itemsOf(other.id)).toEqual([]);
    // Booked over: they were told already today.
    expect(await raiseFromChanges(db(), await booked('q-3', '20:00:00', 2), undefined, now)).toEqual([]);
  });

  it('another day, or a venue nobody watches, tells nobody', async () => {
    const watcher = await member('operator');
    await startWatching(db(), watcher.id, { subject: 'venue', subjectId: 'venue-q', entityId: null });
    const tomorrow = new Date('2026-12-03T18:00:00Z');
    expect(await raiseFromChanges(db(), await booked('q-4', '21:00:00', 8), undefined, tomorrow)).toEqual([]);
    expect(await itemsOf(watcher.id)).toEqual([]);
  });
});

describe('an apply that stopped part-way', () => {
  const apply = (staff: { id: string; name: string }, holding: { entityId: string; state: string }[]) =>
    changesOfAction({
      action: 'apply-allocation',
      result: 'ok',
      before: [
        { commitmentId: 'c-1', entityId: 'e-1', seats: 4 },
        { commitmentId: 'c-2', entityId: 'e-2', seats: 2 },
      ],
      after: { status: 'failed', phase: 2, entityId: 'e-2', holding, readBefore: [], message: 'refused' },
      staff,
    });

  it('tells the member who sent it, when some entity holds new seats; not when nothing was changed', async () => {
    const [sender, other] = [await member('operator'), await member('operator')];
    const partWay = await recorded(
      ...apply(sender, [
        { entityId: 'e-1', state: 'final values' },
        { entityId: 'e-2', state: 'unchanged' },
      ]),
    );
    const raised = await raiseFromChanges(db(), partWay);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason])).toEqual([
      [sender.id, 'allocation.apply_stopped', 'started_by_you'],
    ]);
    expect((await itemsOf(sender.id))[0]!.data).toEqual({ cells: 2 });
    expect(await itemsOf(other.id)).toEqual([]);

    const nothing = await recorded(
      ...apply(other, [
        { entityId: 'e-1', state: 'unchanged' },
        { entityId: 'e-2', state: 'unchanged' },
      ]),
    );
    expect(await raiseFromChanges(db(), nothing)).toEqual([]);
  });
});

describe('the account page’s list', () => {
  it('names each watched thing from the copies, and says nothing it does not know', async () => {
    const m = await member('viewer');
    await db()
      .insert(directoryCopy)
      .values({ resource: 'venues', context: 'partner-x', id: 'venue-named', position: 0, data: { name: 'Harbour' } });
    await startWatching(db(), m.id, { subject: 'venue', subjectId: 'venue-named', entityId: null });
    await copied('entity-w', {
      id: 'res-listed',
      date: '2026-12-06',
      time: '18:15:00',
      party_size: 3,
      status: 'confirmed',
    });
    await watchReservation(m.id, 'res-listed');
    await watchReservation(m.id, 'res-unknown');
    const shown = await watchesShown(db(), m.id);
    expect(shown.map((w) => [w.subject, w.venue, w.reservation])).toEqual([
      ['venue', 'Harbour', null],
      ['reservation', null, { guest: 'Anna Weber', date: '2026-12-06', time: '18:15' }],
      ['reservation', null, null],
    ]);
  });
});
