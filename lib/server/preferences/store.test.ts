import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStaff } from '../auth/staff-store';
import { openDashboardDb, type OpenedDb } from '../db/open';
import { staffPreferences } from '../db/schema';
import { getTablePreferences, saveTablePreferences } from './store';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openDashboardDb({ dataDir: '', memory: true });
});
afterAll(() => opened?.close());

const member = (email: string) =>
  createStaff(opened.db, { email, name: email.split('@')[0]!, role: 'viewer', password: 'a long enough password' });

describe('a member’s list preferences', () => {
  it('are the defaults until chosen, then kept per member, one change at a time', async () => {
    const db = opened.db;
    const [a, b] = [await member('pref.a@example.test'), await member('pref.b@example.test')];
    expect(await getTablePreferences(db, a.id)).toEqual({ pageSize: 25, density: 'comfortable' });
    expect(await saveTablePreferences(db, a.id, { density: 'compact' })).toEqual({ pageSize: 25, density: 'compact' });
    expect(await saveTablePreferences(db, a.id, { pageSize: 100 })).toEqual({ pageSize: 100, density: 'compact' });
    expect(await getTablePreferences(db, a.id)).toEqual({ pageSize: 100, density: 'compact' });
    expect(await getTablePreferences(db, b.id)).toEqual({ pageSize: 25, density: 'comfortable' });
  });

  it('a stored value no longer offered reads as the default', async () => {
    const c = await member('pref.c@example.test');
    await opened.db.insert(staffPreferences).values({ staffId: c.id, pageSize: 37, density: 'compact' });
    expect(await getTablePreferences(opened.db, c.id)).toEqual({ pageSize: 25, density: 'compact' });
  });
});
