/**
 * The change feed's tables: its rows, and the console's writes of a reservation under way.
 * Part of the schema (schema.ts exports them too).
 */
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The change feed: one row per change the console makes (written in the same transaction as its
 * audit row) or the directory sync finds, read by every process in id order and sent to the
 * browsers' event streams (lib/server/changes). The id only grows: writers take it under one
 * transaction-scoped advisory lock, so ids become visible in their order. Kept for a bounded
 * number of days.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the entity the change is in; null: partner-wide (the team, an apply over several entities) */
    entityId: text('entity_id'),
    /** `reservation.created`, `reservation.changed`, `reservation.canceled`, `entity.changed`, … */
    kind: text('kind').notNull(),
    /** the ids it touches: `{ reservation }`, `{ commitments: [...], entities: [...] }`, `{ staff }` */
    ids: jsonb('ids').$type<Record<string, string | string[]>>().notNull().default({}),
    /** the member who made it; null: made outside the console (a guest, another channel) */
    staffId: uuid('staff_id'),
    staffName: text('staff_name'),
    /** what a page needs to mark a row: `{ status: 'canceled' }`, `{ party_size: [4, 6] }` */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('change_events_at_idx').on(t.at)],
);
export type ChangeEventRow = typeof changeEvents.$inferSelect;

/**
 * The console's writes of a reservation, noted before the API is called (a cancel, a change) or as
 * soon as it answered (a booking): the reservations sync takes what it finds of them for the
 * member's own write while the action has not yet recorded its change event
 * (lib/server/changes/under-way.ts). A write the API refused is forgotten; the others are kept as
 * long as the sync looks back for members' writes, and pruned with the change feed.
 */
export const writesUnderWay = pgTable(
  'writes_under_way',
  {
    reservationId: text('reservation_id').notNull(),
    /** the change event's kind the write will record: `reservation.created`, `.changed`, `.canceled` */
    kind: text('kind').notNull(),
    staffId: uuid('staff_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'writes_under_way_pk', columns: [t.reservationId, t.kind, t.staffId] }),
    index('writes_under_way_at_idx').on(t.at),
  ],
);
