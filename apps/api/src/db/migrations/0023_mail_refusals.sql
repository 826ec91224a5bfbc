CREATE TABLE "mail_refusals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address" varchar(254) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"refused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_refusals" ADD CONSTRAINT "mail_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The refusals recorded so far move with the settings' rows they were in (hand-written: drizzle-kit drops them)
INSERT INTO "mail_refusals" ("user_id", "address", "reason", "refused_at") SELECT "user_id", "refused_address", "refused_reason", coalesce("refused_at", now()) FROM "notification_settings" WHERE "refused_address" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "refused_address";--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "refused_reason";--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "refused_at";