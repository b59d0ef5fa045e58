/**
 * Bulk actions run as jobs on the server (lib/server/bulk-jobs, migration 0034): one row per run,
 * and one per row it takes on, each with its outcome once tried. Part of the schema (schema.ts
 * exports them too).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** the member it runs for (deleted with them, by the migration's foreign key) */
    staffId: uuid('staff_id').notNull(),
    /** what it does to each row: `cancel` (reservations) or `change` (the team's members) */
    kind: text('kind').notNull(),
    /** what a `change` gives each member: `{ role }` or `{ disabled }` */
    params: jsonb('params'),
    /** the entity it was started in (its rows are that entity's); null: the partner's default */
    entityId: text('entity_id'),
    /** the member's console language when it started: its refusals are recorded in it */
    locale: text('locale').notNull(),
    /** the member's session version when it started: a sign-out everywhere, a new role or password stops it */
    sessionVersion: integer('session_version').notNull(),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** when the member closed its report */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /** until when the process that claimed it is running it: past that, another process takes it on */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_jobs_one_running_idx')
      .on(t.staffId)
      .where(sql`${t.finishedAt} IS NULL`),
    index('bulk_jobs_staff_idx').on(t.staffId, t.createdAt),
  ],
);
export type BulkJobRow = typeof bulkJobs.$inferSelect;

export const bulkJobRows = pgTable(
  'bulk_job_rows',
  {
    jobId: uuid('job_id').notNull(),
    position: integer('position').notNull(),
    /** the record it acts on (a reservation's id) */
    targetId: text('target_id').notNull(),
    /** the record as the member knows it (the guest's name) */
    name: text('name').notNull(),
    /** `done`, `refused` or `not tried`; null until tried */
    result: text('result'),
    /** why it was refused or not tried, in the job's language */
    reason: text('reason'),
    /** for a row not tried: the row whose refusal stopped the run */
    stoppedAt: text('stopped_at'),
  },
  (t) => [primaryKey({ name: 'bulk_job_rows_pk', columns: [t.jobId, t.position] })],
);

/**
 * A reservation's change that waits out its undo window before it is sent to the API (and the
 * guest is e-mailed): lib/server/held-changes, migration 0036. Sent by whichever process claims
 * it once due, as its member; withdrawn by the member's Undo while no process has claimed it.
 */
export const heldChanges = pgTable(
  'held_changes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** the member who made it (deleted with them, by the migration's foreign key) */
    staffId: uuid('staff_id').notNull(),
    /** the entity it was made in; null: the partner's default */
    entityId: text('entity_id'),
    reservationId: text('reservation_id').notNull(),
    /** the fields it changes, as the form sent them */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    /** the values those fields held when the member changed them: it is not sent over a change made since */
    expected: jsonb('expected').$type<Record<string, unknown>>().notNull(),
    /** the member's console language: a refusal when it is sent is recorded in it */
    locale: text('locale').notNull(),
    /** the member's session version: signed out everywhere, a new role or password, it is not sent */
    sessionVersion: integer('session_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when its undo window ends and it is sent */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** until when the process sending it holds it: past that, another process sends it */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** why Guest Book or the guard refused it when it was sent, in the member's language (kept a day to show them) */
    refusal: text('refusal'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
  },
  (t) => [index('held_changes_due_idx').on(t.dueAt), index('held_changes_reservation_idx').on(t.reservationId)],
);
export type HeldChangeRow = typeof heldChanges.$inferSelect;

/**
 * A reservations export prepared on the server (lib/server/exports, migration 0040): its search,
 * how far it has got, and once finished its file (kept EXPORT_FILE_RETENTION_DAYS) or why it stopped.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** the member it is prepared for, who alone may download it (deleted with them, by the migration's foreign key) */
    staffId: uuid('staff_id').notNull(),
    /** the entity whose reservations it reads; null: the partner's default */
    entityId: text('entity_id'),
    /** the search, in the API's filter syntax (the reservations page's address) */
    query: text('query').notNull(),
    /** the member's console language when it started: the column names and separator are its */
    locale: text('locale').notNull(),
    /** the member's session version when it started: a sign-out everywhere, a new role or password stops it */
    sessionVersion: integer('session_version').notNull(),
    /** the reservations the search held when it started */
    total: integer('total').notNull(),
    /** the reservations written so far */
    rows: integer('rows').notNull().default(0),
    filename: text('filename').notNull(),
    /** the CSV, once ready */
    content: text('content'),
    /** why it stopped, in the member's language */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** until when the process that claimed it is preparing it: past that, another process takes it on */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('export_files_one_preparing_idx')
      .on(t.staffId)
      .where(sql`${t.finishedAt} IS NULL`),
    index('export_files_staff_idx').on(t.staffId, t.createdAt),
  ],
);
export type ExportFileRow = typeof exportFiles.$inferSelect;
