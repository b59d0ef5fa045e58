/**
 * The send record of notifications by e-mail (lib/server/notifications/mail-outbox.ts, migration
 * 0032): one row per mail, at once for one item or a member's digest of a day, its key unique so
 * that it is recorded once, and its state so that it is sent once; and what each member watches
 * (migration 0033). Part of the schema (schema.ts exports them too).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const notificationMails = pgTable(
  'notification_mails',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** the recipient (a staff member: deleted with them, by the migration's foreign key) */
    staffId: uuid('staff_id').notNull(),
    /** `item:<notification id>` (at once) or `digest:<staff id>:<the member's local date>` */
    key: text('key').notNull().unique(),
    /** `at_once` or `digest` */
    kind: text('kind').notNull(),
    /** `pending` (waiting for its next attempt), `sending` (claimed), `sent`, `failed` (given up, or cut off mid-send), `skipped` (nothing to send) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** until when the process that claimed it is sending it */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** why the last attempt failed, in the mail server's words (never a credential) */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_mails_due_idx').on(t.state, t.nextAttemptAt)],
);
export type NotificationMailRow = typeof notificationMails.$inferSelect;

/**
 * What each member watches (lib/server/notifications/watches.ts, migration 0033): a venue or a
 * reservation, in the entity it was watched in.
 */
export const notificationWatches = pgTable(
  'notification_watches',
  {
    /** the member (deleted with them, by the migration's foreign key) */
    staffId: uuid('staff_id').notNull(),
    /** `venue` or `reservation` */
    subject: text('subject').notNull(),
    subjectId: text('subject_id').notNull(),
    entityId: text('entity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_watches_pk', columns: [t.staffId, t.subject, t.subjectId] }),
    index('notification_watches_subject_idx').on(t.subject, t.subjectId),
  ],
);
