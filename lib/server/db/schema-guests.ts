/**
 * Staff's own notes and tags on guests and reservations (lib/server/guests, migration 0029): kept
 * in the dashboard's database only, never sent to the API. Part of the schema (schema.ts exports
 * them too).
 */
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A guest's note and tags, keyed by the guest's e-mail (lower-cased and trimmed) within the partner. */
export const guestProfiles = pgTable('guest_profiles', {
  email: text('email').primaryKey(),
  note: text('note').notNull().default(''),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  /** the member's name who last changed it */
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type GuestProfileRow = typeof guestProfiles.$inferSelect;

/** A tag on one reservation (an occasion, a seating request). */
export const reservationTags = pgTable(
  'reservation_tags',
  {
    reservationId: text('reservation_id').notNull(),
    tag: text('tag').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'reservation_tags_pk', columns: [t.reservationId, t.tag] })],
);
