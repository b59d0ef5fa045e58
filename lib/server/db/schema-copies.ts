/**
 * The dashboard's copies of the partner's data (issue 53): the window of reservations, the
 * searches' last answers, the entities watched, and the directory's copy with its syncs.
 * Part of the schema (schema.ts exports them too).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The window of reservations (lib/server/reservations-copy, migration 0023): per entity context
 * (the entity id a search is made in, or "default"), each reservation of the window's days as the
 * API returned it, and the columns a search filters and sorts on. The migration gives the text
 * columns the "C" collation: they compare and sort in code-point order, as the API does.
 */
export const reservationsCopy = pgTable(
  'reservations_copy',
  {
    context: text('context').notNull(),
    id: text('id').notNull(),
    venueId: text('venue_id'),
    programId: text('program_id'),
    /** the venue's local date, YYYY-MM-DD */
    date: text('date').notNull(),
    /** the venue's local time, HH:MM */
    time: text('time'),
    status: text('status').notNull(),
    partySize: integer('party_size'),
    locale: text('locale'),
    createdAt: text('created_at'),
    /** created_at as an instant (milliseconds since 1970): created_at filters compare instants */
    createdAtMs: bigint('created_at_ms', { mode: 'number' }),
    updatedAt: text('updated_at'),
    guestEmailLower: text('guest_email_lower'),
    /** as given: the search sorts on it */
    guestLastName: text('guest_last_name'),
    /** lower-cased: guest filters ignore case */
    guestLastNameLower: text('guest_last_name_lower'),
    reservation: jsonb('reservation').$type<Record<string, unknown>>().notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'reservations_copy_pk', columns: [t.context, t.id] }),
    index('reservations_copy_date').on(t.context, t.date),
    index('reservations_copy_guest_email').on(t.guestEmailLower, t.context),
  ],
);
export type ReservationCopyRow = typeof reservationsCopy.$inferSelect;

/** Each context's window: its days, when it was last read (in part, and in full), the newest created_at seen. */
export const reservationsWindow = pgTable('reservations_window', {
  context: text('context').primaryKey(),
  firstDay: text('first_day').notNull(),
  lastDay: text('last_day').notNull(),
  /** the last turn: today and tomorrow, and the reservations made since, are as of then */
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  /** the last turn that read every day of the window */
  fullReadAt: timestamp('full_read_at', { withTimezone: true }).notNull(),
  lastCreatedAt: text('last_created_at'),
  /** the venues' ids and time zones as last read: their dates say which day is today */
  venues: jsonb('venues').$type<{ id: string; name: string; time_zone?: string }[]>().notNull().default([]),
});
export type ReservationWindowRow = typeof reservationsWindow.$inferSelect;

/**
 * The entities someone watches: the last time a page read an entity's reservations (at most every
 * few minutes per process). The reservations sync keeps the window of those watched in the last
 * day, and of the partner's default entity (lib/server/reservations-copy/watched.ts).
 */
export const watchedEntities = pgTable('watched_entities', {
  entityId: text('entity_id').primaryKey(),
  watchedAt: timestamp('watched_at', { withTimezone: true }).notNull(),
});

/**
 * The API's last answer to each reservation search the window cannot answer, per entity context
 * (`query`: the search's conditions, page, sort and page size as JSON): shown "as of" `read_at`
 * when the request budget has no room for a new read (lib/server/reservations-copy/answers.ts).
 */
export const searchAnswers = pgTable(
  'search_answers',
  {
    context: text('context').notNull(),
    query: text('query').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_answers_pk', columns: [t.context, t.query] }),
    index('search_answers_read_at').on(t.readAt),
  ],
);

/**
 * The dashboard's copy of the partner's directory, kept by the directory sync (lib/server/sync):
 * one row per item of a resource ('identity', 'delegates', 'entities', 'venues', 'markets',
 * 'commitments') in one context ('partner' for the partner-wide ones, else the id of the entity
 * whose context the API answered in), its JSON as the shared zod schemas parsed it, in the API's order.
 */
export const directoryCopy = pgTable(
  'directory_copy',
  {
    resource: text('resource').notNull(),
    context: text('context').notNull(),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.context, t.id] })],
);

/** When each resource of the copy was last read in whole in each context; no row: never synced. */
export const directorySyncs = pgTable(
  'directory_syncs',
  {
    resource: text('resource').notNull(),
    context: text('context').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    /** the last write to the copy's items, from one sequence: a process keeps the items it read under it (copy-store.ts) */
    revision: bigint('revision', { mode: 'number' })
      .notNull()
      .default(sql`nextval('directory_copy_revisions')`),
  },
  (t) => [primaryKey({ columns: [t.resource, t.context] })],
);
