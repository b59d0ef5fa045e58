import { describe, expect, it } from 'vitest';

import { membersDb } from '../auth/members.fixture';
import { staffPreferences } from '../db/schema';
import { getTablePreferences, saveTablePreferences } from './store';

const { db: openedDb, member } = membersDb();

describe('a member’s list preferences', () => {
  it('are the defaults until chosen, then kept per member, one change at a time', async () => {
    const db = openedDb();
    const [a, b] = [await member('pref.a@example.test'), await member('pref.b@example.test')];
    expect(await getTablePreferences(db, a.id)).toEqual({ pageSize: 25, density: 'comfortable' });
    expect(await saveTablePreferences(db, a.id, { density: 'compact' })).toEqual({ pageSize: 25, density: 'compact' });
    expect(await saveTablePreferences(db, a.id, { pageSize: 100 })).toEqual({ pageSize: 100, density: 'compact' });
    expect(await getTablePreferences(db, a.id)).toEqual({ pageSize: 100, density: 'compact' });
    expect(await getTablePreferences(db, b.id)).toEqual({ pageSize: 25, density: 'comfortable' });
  });

  it('a stored value no longer offered reads as the default', async () => {
    const c = await member('pref.c@example.test');
    await openedDb().insert(staffPreferences).values({ staffId: c.id, pageSize: 37, density: 'compact' });
    expect(await getTablePreferences(openedDb(), c.id)).toEqual({ pageSize: 25, density: 'compact' });
  });
});
