ALTER TABLE "login_failures" ADD COLUMN "cool_down_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "address" varchar(64);