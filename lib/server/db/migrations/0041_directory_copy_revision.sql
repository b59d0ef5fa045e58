-- Each directory copy carries the revision of the last write to its items, so that a process may
-- keep the items it read and check one number on the next read instead of reading every item again
-- (copy-store.ts). The numbers come from one sequence: a copy written anew never shows a number an
-- earlier state of it had.
CREATE SEQUENCE "directory_copy_revisions";
--> statement-breakpoint
ALTER TABLE "directory_syncs" ADD COLUMN "revision" bigint DEFAULT nextval('directory_copy_revisions') NOT NULL;
