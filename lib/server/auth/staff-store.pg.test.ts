import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { postgresDashboardDb } from '../db/postgres-db.fixture';
import { staffUsers } from '../db/schema';
import { createStaff, LastAdminError, updateStaffAccess } from './staff-store';

const postgres = postgresDashboardDb();

describe('on PostgreSQL', () => {
  it('two demotions of the last two admins sent at once: one is refused, an admin remains (20 rounds)', async () => {
    const { db } = postgres;
    for (let round = 0; round < 20; round++) {
      const a = await createStaff(db, {
        email: `a${round}@example.com`,
        name: 'A',
        role: 'admin',
        password: 'correct horse battery',
      });
      const b = await createStaff(db, {
        email: `b${round}@example.com`,
        name: 'B',
        role: 'admin',
        password: 'correct horse battery',
      });
      const outcomes = await Promise.allSettled([
        updateStaffAccess(db, a.id, round % 2 ? { role: 'operator' } : { disabled: true }),
        updateStaffAccess(db, b.id, { role: 'viewer' }),
      ]);
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(refused, `round ${round}`).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(LastAdminError);
      const admins = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)));
      expect(
        admins.map((u) => u.email),
        `round ${round}`,
      ).toHaveLength(1);
      // Leave no admin of this round for the next: the one left is demoted once a new pair exists.
      await db.update(staffUsers).set({ role: 'viewer' }).where(eq(staffUsers.id, admins[0]!.id));
    }
  });
});
