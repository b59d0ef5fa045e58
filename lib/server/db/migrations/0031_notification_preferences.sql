-- Notification preferences (lib/server/notifications/preferences.ts): a member's choice per kind,
-- and an admin's default per role and kind. The channel is text without a check: `console` and
-- `off` now, later values (`email`, `digest`) need no migration. A kind with no member choice
-- takes the role's default; with none, `console`.
CREATE TABLE "notification_preferences" (
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "notification_preferences_staff_id_kind_pk" PRIMARY KEY("staff_id","kind"),
	CONSTRAINT "notification_preferences_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE cascade,
	CONSTRAINT "notification_preferences_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "staff_users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE "notification_role_defaults" (
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "notification_role_defaults_role_kind_pk" PRIMARY KEY("role","kind"),
	CONSTRAINT "notification_role_defaults_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "staff_users"("id") ON DELETE set null
);
