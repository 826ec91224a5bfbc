CREATE TABLE "order_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"state" varchar(10) DEFAULT 'checking' NOT NULL,
	"headers" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"total" integer NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"failure" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_imports_company_idx" ON "order_imports" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "order_imports_author_idx" ON "order_imports" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_imports_done_file_idx" ON "order_imports" USING btree ("company_id","fingerprint") WHERE "order_imports"."state" = 'done';