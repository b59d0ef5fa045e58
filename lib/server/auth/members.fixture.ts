/**
 * For a test file: an in-memory dashboard database, opened before its tests and closed after them,
 * and viewers added to it by e-mail.
 */
import { afterAll, beforeAll } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { createStaff } from './staff-store';

export function membersDb() {
  let opened: OpenedDb | undefined;
  beforeAll(async () => {
    opened = await openMemoryDb();
  });
  afterAll(() => opened?.close());
  const db = () => {
    if (!opened) throw new Error('the database opens before the tests');
    return opened.db;
  };
  return {
    db,
    member: (email: string) =>
      createStaff(db(), { email, name: email.split('@')[0]!, role: 'viewer', password: 'a long enough password' }),
  };
}
