import { describe, expect, it, vi } from 'vitest';

import { newerBell, type InboxUnread } from '../../queries/reads';
import { membersDb } from '../auth/members.fixture';
import { notifications } from '../db/schema';
import {
  inboxPage,
  listInbox,
  markAllDone,
  markNotifications,
  pruneNotifications,
  unreadCount,
  unreadCountAsOf,
} from './inbox';

const { db, member } = membersDb();
const NOW = new Date('2026-12-01T10:00:00Z');
let change = 0;

async function item(staffId: string, reason: 'booked_by_you' | 'changed_by_you', createdAt = NOW) {
  const [row] = await db()
    .insert(notifications)
    .values({
      staffId,
      kind: 'reservation.canceled_outside',
      reason,
      subjectId: `res-${++change}`,
      changeId: change,
      createdAt,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

const ids = async (m: { id: string; role: 'viewer' | 'operator' | 'admin' }, show: 'unread' | 'all' | 'done') =>
  (await listInbox(db(), m, { show, reason: null })).map((i) => i.id);

describe('a member’s inbox', () => {
  it('stamps each count with when the database read it, and the bell keeps the newer whichever arrives last', async () => {
    const dee = await member('inbox.dee@example.test');
    // The test's own clock, which the embedded database reads: one count, and a second later the next.
    const faked = vi.isFakeTimers();
    const start = Date.now();
    let before, after;
    try {
      vi.setSystemTime(start);
      before = await unreadCountAsOf(db(), dee);
      await item(dee.id, 'booked_by_you');
      vi.setSystemTime(start + 1_000);
      after = await unreadCountAsOf(db(), dee);
    } finally {
      if (!faked) vi.useRealTimers();
    }
    expect([before.unread, after.unread]).toEqual([0, 1]);
    expect(after.asOf - before.asOf).toBeGreaterThan(500_000);

    const figure = ({ unread, asOf }: { unread: number; asOf: number }): InboxUnread => ({
      unread,
      asOf,
      label: `${unread} unread`,
      badge: String(unread),
    });
    // A page refreshed with the count read before the item overtaken by the fetch that followed it.
    expect(newerBell(figure(after), figure(before)).unread).toBe(1);
    expect(newerBell(figure(before), figure(after)).unread).toBe(1);
    expect(newerBell(undefined, figure(before)).unread).toBe(0);
  });

  it('lists and changes only the member’s own items: another’s id changes nothing', async () => {
    const [ada, bob] = [await member('inbox.ada@example.test'), await member('inbox.bob@example.test')];
    const [a1, a2] = [await item(ada.id, 'booked_by_you'), await item(ada.id, 'changed_by_you')];
    const b1 = await item(bob.id, 'booked_by_you');
    expect((await ids(ada, 'unread')).sort()).toEqual([a1, a2].sort());
    expect(await ids(bob, 'unread')).toEqual([b1]);

    expect(await markNotifications(db(), bob, { ids: [a1, a2], state: 'done' }, NOW)).toEqual([]);
    expect(await markAllDone(db(), bob, undefined, NOW)).toBe(1);
    expect(await unreadCount(db(), ada)).toBe(2);

    expect(await markNotifications(db(), ada, { ids: [a1, b1], state: 'read' }, NOW)).toEqual([a1]);
    expect(await ids(ada, 'unread')).toEqual([a2]);
    expect((await ids(ada, 'all')).sort()).toEqual([a1, a2].sort());
    expect(await unreadCount(db(), ada)).toBe(1);

    expect(await markNotifications(db(), ada, { ids: [a1], state: 'done' }, NOW)).toEqual([a1]);
    expect(await ids(ada, 'done')).toEqual([a1]);
    expect(await ids(ada, 'all')).toEqual([a2]);
    expect(await markNotifications(db(), ada, { ids: [a1], state: 'unread' }, NOW)).toEqual([a1]);
    expect(await unreadCount(db(), ada)).toBe(2);
    expect(await ids(bob, 'done')).toEqual([b1]);
  });

  it('marks all done, or those of one reason, and keeps items 90 days', async () => {
    const cy = await member('inbox.cy@example.test');
    const booked = await item(cy.id, 'booked_by_you');
    const changed = await item(cy.id, 'changed_by_you');
    expect(await markAllDone(db(), cy, 'changed_by_you', NOW)).toBe(1);
    expect(await ids(cy, 'done')).toEqual([changed]);
    expect(await markAllDone(db(), cy, undefined, NOW)).toBe(1);
    expect((await ids(cy, 'done')).sort()).toEqual([booked, changed].sort());

    const old = await item(cy.id, 'booked_by_you', new Date(NOW.getTime() - 91 * 86_400_000));
    const kept = await item(cy.id, 'booked_by_you', new Date(NOW.getTime() - 89 * 86_400_000));
    expect(await pruneNotifications(db(), NOW)).toBe(1);
    const left = await ids(cy, 'unread');
    expect(left).toContain(kept);
    expect(left).not.toContain(old);
  });

  it('pages past a hundred items, newest first, neither skipping nor repeating those raised in the same instant', async () => {
    const cy = await member('inbox.paging@example.test');
    // 105 items: 60 in one instant, 45 a minute earlier.
    const made = [];
    for (let i = 0; i < 105; i++)
      made.push(await item(cy.id, 'booked_by_you', i < 60 ? NOW : new Date(NOW.getTime() - 60_000)));
    const first = await inboxPage(db(), cy, { show: 'unread', reason: null, before: null });
    expect(first.items).toHaveLength(100);
    expect(first.next).toBe(first.items.at(-1)!.id);
    const second = await inboxPage(db(), cy, { show: 'unread', reason: null, before: first.next });
    expect(second.items).toHaveLength(5);
    expect(second.next).toBeNull();
    const seen = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(seen).size).toBe(105);
    expect(seen.sort()).toEqual([...made].sort());
    // Newest first across the pages.
    const times = [...first.items, ...second.items].map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
