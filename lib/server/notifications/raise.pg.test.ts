import { describe, expect, it } from 'vitest';

import { createStaff } from '../auth/staff-store';
import { changesAfter, lastChangeId, recordChange } from '../changes/record';
import type { OpenedDb } from '../db/open';
import { postgresDashboardProcesses } from '../db/postgres-db.fixture';
import { auditLog, notifications } from '../db/schema';
import { raiseFromChanges } from './raise';

// Two dashboard processes on one database, each with its own pool.
const processes = postgresDashboardProcesses(2);

describe('raising on PostgreSQL, from two processes at once', () => {
  it('lands each item and its notification.raised event once, however the two race', async () => {
    const [one, two] = processes() as [OpenedDb['db'], OpenedDb['db']];
    const booker = await createStaff(one, {
      email: 'race.booker@example.test',
      name: 'Race Booker',
      role: 'operator',
      password: 'a long enough password',
    });
    const ids = Array.from({ length: 20 }, (_, i) => `race-${i}`);
    await one.insert(auditLog).values(
      ids.map((resourceId) => ({
        staffId: booker.id,
        staffEmail: booker.email,
        action: 'create-reservation',
        resourceType: 'reservation',
        resourceId,
        result: 'ok' as const,
      })),
    );
    const from = await lastChangeId(one);
    await one.transaction((tx) =>
      recordChange(
        tx,
        ...ids.map((reservation) => ({
          kind: 'reservation.canceled' as const,
          entityId: 'entity-1',
          ids: { reservation },
          who: null,
        })),
      ),
    );
    const events = await changesAfter(one, from);
    // Each process reads the same batch, in its own order, at the same time.
    const raised = await Promise.all([raiseFromChanges(one, events), raiseFromChanges(two, [...events].reverse())]);
    expect(raised.flat()).toHaveLength(ids.length);

    const items = await one.select().from(notifications);
    expect(items.map((i) => i.subjectId).sort()).toEqual([...ids].sort());
    const told = (await changesAfter(one, events.at(-1)!.id)).filter((e) => e.kind === 'notification.raised');
    expect(told).toHaveLength(ids.length);
    expect(new Set(told.map((e) => e.ids.notification)).size).toBe(ids.length);
  });
});
