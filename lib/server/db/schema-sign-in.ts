/**
 * The sign-in's tables that name a staff member, beside schema.ts (which they reference; it does
 * not re-export them).
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { staffUsers } from './schema';

/**
 * A browser that signed in to the account (known-devices.ts): the device cookie holds a random
 * token, stored here only as its SHA-256. Deleting the account's rows ends its known devices (a
 * password change or reset, a reset of two-step sign-in, "sign out everywhere", disabling); a
 * device unused for DEVICE_COOKIE_DAYS is no longer known.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** its last successful sign-in */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('known_devices_staff_idx').on(t.staffId)],
);

/**
 * The one-time enrolment code an admin was shown when adding the member or resetting their
 * two-step sign-in (enrolment-code.ts): their first second factor is set up only with it. Stored
 * as an argon2id hash; used up by the enrolment.
 */
export const staffEnrolmentCodes = pgTable('staff_enrolment_codes', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
