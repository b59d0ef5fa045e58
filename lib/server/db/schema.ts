import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const STAFF_ROLES = ['viewer', 'operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffUsers = pgTable('staff_users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  passwordHash: text('password_hash').notNull(),
  /** set when an admin issued a one-time password: the next sign-in must choose a new one */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StaffUser = typeof staffUsers.$inferSelect;

/** One row per mutating staff action: who did what to which resource, before, after, result. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    entityId: text('entity_id'),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    result: text('result', { enum: ['ok', 'refused', 'failed'] }).notNull(),
    message: text('message'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_staff_idx').on(t.staffId)],
);
export type AuditRow = typeof auditLog.$inferSelect;
