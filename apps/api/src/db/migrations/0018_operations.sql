CREATE TABLE "container_monitoring" (
	"id" integer PRIMARY KEY NOT NULL,
	"tk_order_number" varchar(50) DEFAULT '' NOT NULL,
	"foreign_forwarder" varchar(255) DEFAULT '' NOT NULL,
	"foreign_shipping_invoice_no" varchar(50) DEFAULT '' NOT NULL,
	"foreign_shipping_cost" numeric(14, 2),
	"foreign_shipping_currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"internal_shipping_invoice_no" varchar(50) DEFAULT '' NOT NULL,
	"internal_shipping_cost" numeric(14, 2),
	"internal_shipping_currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"additional_expenses" numeric(14, 2),
	"updated_by_id" integer,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_terminal" (
	"id" integer PRIMARY KEY NOT NULL,
	"owner" varchar(100) DEFAULT '' NOT NULL,
	"package_count" integer,
	"tare_weight" integer,
	"net_weight" integer,
	"gross_weight" integer,
	"seal_numbers" varchar(255) DEFAULT '' NOT NULL,
	"special_conditions" varchar(1000) DEFAULT '' NOT NULL,
	"delivery_date" date,
	"waybill_number" varchar(50) DEFAULT '' NOT NULL,
	"gu12_number" varchar(50) DEFAULT '' NOT NULL,
	"dispatch_number" varchar(50) DEFAULT '' NOT NULL,
	"wagon_number" varchar(20) DEFAULT '' NOT NULL,
	"platform_model" varchar(50) DEFAULT '' NOT NULL,
	"terminal_payment" numeric(14, 2),
	"updated_by_id" integer,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(1000) DEFAULT '' NOT NULL,
	"file_key" varchar(500),
	"file_size" bigint,
	"document_count" integer,
	"author_id" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_date" timestamp with time zone,
	"expire_date" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "export_tasks_period_check" CHECK ("export_tasks"."from_date" <= "export_tasks"."to_date"),
	CONSTRAINT "export_tasks_progress_check" CHECK ("export_tasks"."progress" between 0 and 100),
	CONSTRAINT "export_tasks_status_check" CHECK ("export_tasks"."status" in ('PENDING', 'FAILURE', 'SUCCESS'))
);
--> statement-breakpoint
ALTER TABLE "container_monitoring" ADD CONSTRAINT "container_monitoring_id_containers_id_fk" FOREIGN KEY ("id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_monitoring" ADD CONSTRAINT "container_monitoring_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_terminal" ADD CONSTRAINT "container_terminal_id_containers_id_fk" FOREIGN KEY ("id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_terminal" ADD CONSTRAINT "container_terminal_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_tasks_company_idx" ON "export_tasks" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "export_tasks_author_idx" ON "export_tasks" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "export_tasks_expire_date_idx" ON "export_tasks" USING btree ("expire_date");--> statement-breakpoint
-- Every container has its monitoring and terminal report row from the moment it is made, so that a cell's edit is a
-- versioned change of a row that exists (never two first edits racing to insert it); the rows go with the container.
CREATE FUNCTION "containers_add_operations_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "container_monitoring" ("id") VALUES (NEW."id");
  INSERT INTO "container_terminal" ("id") VALUES (NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "containers_operations_rows" AFTER INSERT ON "containers"
  FOR EACH ROW EXECUTE FUNCTION "containers_add_operations_rows"();--> statement-breakpoint
INSERT INTO "container_monitoring" ("id") SELECT "id" FROM "containers" ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "container_terminal" ("id") SELECT "id" FROM "containers" ON CONFLICT ("id") DO NOTHING;
