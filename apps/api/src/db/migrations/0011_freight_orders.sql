CREATE TABLE "directory_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"short_name" varchar(150) NOT NULL,
	"inn" varchar(12) DEFAULT '' NOT NULL,
	"okpo" varchar(10) DEFAULT '' NOT NULL,
	"rail_code" varchar(18) DEFAULT '' NOT NULL,
	"countrycode" varchar(2) DEFAULT '' NOT NULL,
	"postalcode" varchar(9) DEFAULT '' NOT NULL,
	"city" varchar(35) DEFAULT '' NOT NULL,
	"streethouse" varchar(50) DEFAULT '' NOT NULL,
	"contact_person" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(50) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search_document" text GENERATED ALWAYS AS (lower((coalesce("directory_companies"."short_name", '') || ' ' || coalesce("directory_companies"."inn", '') || ' ' || coalesce("directory_companies"."city", '') || ' ' || coalesce("directory_companies"."contact_person", '')))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_order_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"freight_order_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"document_number" varchar(50) DEFAULT '' NOT NULL,
	"document_date" date,
	"document_type" integer,
	"document_title" varchar(255) DEFAULT '' NOT NULL,
	"is_original" boolean DEFAULT false NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"freight_order_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"user_id" integer,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"status_comment" varchar(1000) DEFAULT '' NOT NULL,
	"sign_file_id" integer,
	"field" varchar(64),
	"old_value" text,
	"new_value" text
);
--> statement-breakpoint
CREATE TABLE "freight_order_services" (
	"freight_order_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "freight_order_services_freight_order_id_service_id_pk" PRIMARY KEY("freight_order_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "freight_order_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"transition_name" varchar(100) NOT NULL,
	"transition_name_en" varchar(100) NOT NULL,
	"comment_required" boolean DEFAULT false NOT NULL,
	"attachment_required" boolean DEFAULT false NOT NULL,
	"user_can_edit" boolean DEFAULT false NOT NULL,
	"user_can_edit_containers" boolean DEFAULT false NOT NULL,
	"user_can_print" boolean DEFAULT false NOT NULL,
	"manager_can_approve_cost" boolean DEFAULT false NOT NULL,
	"order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_order_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_status" integer NOT NULL,
	"to_status" integer NOT NULL,
	"who" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_order_transport_kinds" (
	"freight_order_id" integer NOT NULL,
	"transport_kind_id" integer NOT NULL,
	CONSTRAINT "freight_order_transport_kinds_freight_order_id_transport_kind_id_pk" PRIMARY KEY("freight_order_id","transport_kind_id")
);
--> statement-breakpoint
CREATE TABLE "freight_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"company_name" varchar(255) DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"status_comment" varchar(1000) DEFAULT '' NOT NULL,
	"direction" varchar(15),
	"customer_order_number" varchar(50) DEFAULT '' NOT NULL,
	"railway_transfer_subcode" varchar(13) DEFAULT '' NOT NULL,
	"delivery_terms" varchar(100) DEFAULT '' NOT NULL,
	"consignor_name" varchar(150) DEFAULT '' NOT NULL,
	"consignor_okpo" varchar(10) DEFAULT '' NOT NULL,
	"consignor_rail_code" varchar(18) DEFAULT '' NOT NULL,
	"consignor_countrycode" varchar(2) DEFAULT '' NOT NULL,
	"consignor_country_name" varchar(100) DEFAULT '' NOT NULL,
	"consignor_postalcode" varchar(9) DEFAULT '' NOT NULL,
	"consignor_city" varchar(35) DEFAULT '' NOT NULL,
	"consignor_streethouse" varchar(50) DEFAULT '' NOT NULL,
	"consignor_contact_person" varchar(100) DEFAULT '' NOT NULL,
	"consignor_phone" varchar(100) DEFAULT '' NOT NULL,
	"consignor_email" varchar(50) DEFAULT '' NOT NULL,
	"consignor_inn" varchar(12) DEFAULT '' NOT NULL,
	"consignee_name" varchar(150) DEFAULT '' NOT NULL,
	"consignee_okpo" varchar(10) DEFAULT '' NOT NULL,
	"consignee_rail_code" varchar(18) DEFAULT '' NOT NULL,
	"consignee_countrycode" varchar(2) DEFAULT '' NOT NULL,
	"consignee_country_name" varchar(100) DEFAULT '' NOT NULL,
	"consignee_postalcode" varchar(9) DEFAULT '' NOT NULL,
	"consignee_city" varchar(35) DEFAULT '' NOT NULL,
	"consignee_streethouse" varchar(50) DEFAULT '' NOT NULL,
	"consignee_contact_person" varchar(100) DEFAULT '' NOT NULL,
	"consignee_phone" varchar(100) DEFAULT '' NOT NULL,
	"consignee_email" varchar(50) DEFAULT '' NOT NULL,
	"consignee_inn" varchar(12) DEFAULT '' NOT NULL,
	"forwarder_in_port" varchar(100) DEFAULT '' NOT NULL,
	"dispatch_location" varchar(100) DEFAULT '' NOT NULL,
	"destination" varchar(100) DEFAULT '' NOT NULL,
	"border_crossing_point" integer,
	"border_crossing_point_name" varchar(100) DEFAULT '' NOT NULL,
	"loading_unloading_address" varchar(100) DEFAULT '' NOT NULL,
	"preferred_shipping_period_start" date,
	"preferred_shipping_period_end" date,
	"container_type" integer,
	"container_count" integer DEFAULT 1 NOT NULL,
	"etsng_code" varchar(6) DEFAULT '' NOT NULL,
	"gng_code" varchar(8) DEFAULT '' NOT NULL,
	"freight_cost" numeric(14, 2),
	"freight_cost_currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"freight_gross_weight" integer,
	"freight_net_weight" integer,
	"packing_kind" varchar(100) DEFAULT '' NOT NULL,
	"freight_description" varchar(1000) DEFAULT '' NOT NULL,
	"notes" varchar(3000) DEFAULT '' NOT NULL,
	"shipment_kind" integer,
	"order_contacts" varchar(100) DEFAULT '' NOT NULL,
	"order_contacts_email" varchar(100) DEFAULT '' NOT NULL,
	"order_contacts_phone" varchar(100) DEFAULT '' NOT NULL,
	"freight_forwarding_contract" varchar(45) DEFAULT '' NOT NULL,
	"freight_forwarding_contract_date" date,
	"approved_cost" numeric(14, 2),
	"vat_percent" integer,
	"is_paid" boolean DEFAULT false NOT NULL,
	"sign_file_id" integer,
	"author_id" integer NOT NULL,
	"updated_by_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"search_document" text GENERATED ALWAYS AS (lower((coalesce("freight_orders"."company_name", '') || ' ' || coalesce("freight_orders"."status_comment", '') || ' ' || coalesce("freight_orders"."customer_order_number", '') || ' ' || coalesce("freight_orders"."railway_transfer_subcode", '') || ' ' || coalesce("freight_orders"."delivery_terms", '') || ' ' || coalesce("freight_orders"."consignor_name", '') || ' ' || coalesce("freight_orders"."consignee_name", '') || ' ' || coalesce("freight_orders"."dispatch_location", '') || ' ' || coalesce("freight_orders"."destination", '') || ' ' || coalesce("freight_orders"."border_crossing_point_name", '') || ' ' || coalesce("freight_orders"."freight_description", '') || ' ' || coalesce("freight_orders"."notes", '') || ' ' || coalesce("freight_orders"."order_contacts", '') || ' ' || coalesce("freight_orders"."order_contacts_email", '') || ' ' || coalesce("freight_orders"."order_contacts_phone", '')))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_companies" ADD CONSTRAINT "directory_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_files" ADD CONSTRAINT "freight_order_files_freight_order_id_freight_orders_id_fk" FOREIGN KEY ("freight_order_id") REFERENCES "public"."freight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_files" ADD CONSTRAINT "freight_order_files_document_type_document_types_id_fk" FOREIGN KEY ("document_type") REFERENCES "public"."document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_files" ADD CONSTRAINT "freight_order_files_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_history" ADD CONSTRAINT "freight_order_history_freight_order_id_freight_orders_id_fk" FOREIGN KEY ("freight_order_id") REFERENCES "public"."freight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_history" ADD CONSTRAINT "freight_order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_history" ADD CONSTRAINT "freight_order_history_status_freight_order_statuses_id_fk" FOREIGN KEY ("status") REFERENCES "public"."freight_order_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_history" ADD CONSTRAINT "freight_order_history_sign_file_id_freight_order_files_id_fk" FOREIGN KEY ("sign_file_id") REFERENCES "public"."freight_order_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_services" ADD CONSTRAINT "freight_order_services_freight_order_id_freight_orders_id_fk" FOREIGN KEY ("freight_order_id") REFERENCES "public"."freight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_services" ADD CONSTRAINT "freight_order_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_transitions" ADD CONSTRAINT "freight_order_transitions_from_status_freight_order_statuses_id_fk" FOREIGN KEY ("from_status") REFERENCES "public"."freight_order_statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_transitions" ADD CONSTRAINT "freight_order_transitions_to_status_freight_order_statuses_id_fk" FOREIGN KEY ("to_status") REFERENCES "public"."freight_order_statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_transport_kinds" ADD CONSTRAINT "freight_order_transport_kinds_freight_order_id_freight_orders_id_fk" FOREIGN KEY ("freight_order_id") REFERENCES "public"."freight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_order_transport_kinds" ADD CONSTRAINT "freight_order_transport_kinds_transport_kind_id_transport_kinds_id_fk" FOREIGN KEY ("transport_kind_id") REFERENCES "public"."transport_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_status_freight_order_statuses_id_fk" FOREIGN KEY ("status") REFERENCES "public"."freight_order_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_border_crossing_point_locations_id_fk" FOREIGN KEY ("border_crossing_point") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_container_type_container_types_id_fk" FOREIGN KEY ("container_type") REFERENCES "public"."container_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_shipment_kind_shipment_kinds_id_fk" FOREIGN KEY ("shipment_kind") REFERENCES "public"."shipment_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_sign_file_id_freight_order_files_id_fk" FOREIGN KEY ("sign_file_id") REFERENCES "public"."freight_order_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_orders" ADD CONSTRAINT "freight_orders_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_companies_company_idx" ON "directory_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "directory_companies_public_idx" ON "directory_companies" USING btree ("public");--> statement-breakpoint
CREATE INDEX "directory_companies_short_name_idx" ON "directory_companies" USING btree ("short_name");--> statement-breakpoint
CREATE INDEX "directory_companies_search_trgm_idx" ON "directory_companies" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_order_files_order_idx" ON "freight_order_files" USING btree ("freight_order_id","kind");--> statement-breakpoint
CREATE INDEX "freight_order_history_order_idx" ON "freight_order_history" USING btree ("freight_order_id","modify_date");--> statement-breakpoint
CREATE INDEX "freight_order_services_service_idx" ON "freight_order_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "freight_order_transitions_pair_idx" ON "freight_order_transitions" USING btree ("from_status","to_status");--> statement-breakpoint
CREATE INDEX "freight_order_transport_kinds_kind_idx" ON "freight_order_transport_kinds" USING btree ("transport_kind_id");--> statement-breakpoint
CREATE INDEX "freight_orders_company_idx" ON "freight_orders" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "freight_orders_status_idx" ON "freight_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "freight_orders_create_date_idx" ON "freight_orders" USING btree ("create_date");--> statement-breakpoint
CREATE INDEX "freight_orders_update_date_idx" ON "freight_orders" USING btree ("update_date");--> statement-breakpoint
CREATE INDEX "freight_orders_author_idx" ON "freight_orders" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "freight_orders_updated_by_idx" ON "freight_orders" USING btree ("updated_by_id");--> statement-breakpoint
CREATE INDEX "freight_orders_customer_order_number_idx" ON "freight_orders" USING btree ("customer_order_number");--> statement-breakpoint
CREATE INDEX "freight_orders_border_crossing_point_idx" ON "freight_orders" USING btree ("border_crossing_point");--> statement-breakpoint
CREATE INDEX "freight_orders_company_name_idx" ON "freight_orders" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "freight_orders_search_trgm_idx" ON "freight_orders" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
-- Written by hand (drizzle-kit does not write triggers): each order's copies of its company's name and of its
-- border crossing's name, which its search document holds, kept as the users' copy of their company's name is
-- (migration 0009): the order's trigger takes both names from their rows whatever a statement writes, the
-- companies' one passes a renaming on. Locations are reference data and are never renamed.
CREATE FUNCTION "freight_orders_copy_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."company_name" := coalesce((SELECT "name" FROM "companies" WHERE "id" = NEW."company_id"), '');
  NEW."border_crossing_point_name" :=
    coalesce((SELECT "location" FROM "locations" WHERE "id" = NEW."border_crossing_point"), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "freight_orders_names" BEFORE INSERT OR UPDATE OF "company_id", "company_name",
  "border_crossing_point", "border_crossing_point_name" ON "freight_orders"
  FOR EACH ROW EXECUTE FUNCTION "freight_orders_copy_names"();--> statement-breakpoint
CREATE FUNCTION "companies_copy_name_to_freight_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "freight_orders" SET "company_name" = NEW."name" WHERE "company_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_name_to_freight_orders" AFTER UPDATE OF "name" ON "companies"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "companies_copy_name_to_freight_orders"();--> statement-breakpoint
-- The order workflow is data every installation needs (DOMAIN.md, "Shipping order workflow"); staff may change
-- it in these two tables. Id 2 is Approved, as the specification fixes it.
INSERT INTO "freight_order_statuses" ("id", "name", "name_en", "transition_name", "transition_name_en",
  "comment_required", "attachment_required", "user_can_edit", "user_can_edit_containers", "user_can_print",
  "manager_can_approve_cost", "order") VALUES
  (1, 'Черновик', 'Draft', 'Вернуть в черновик', 'Return to draft', false, false, true, true, true, false, 10),
  (3, 'На согласовании', 'Submitted', 'Отправить на согласование', 'Submit for approval', false, false, false, false, true, false, 20),
  (4, 'На доработке', 'Needs correction', 'Вернуть на доработку', 'Return for correction', true, false, true, true, false, false, 30),
  (2, 'Согласована', 'Approved', 'Согласовать', 'Approve', false, false, false, true, true, true, 40),
  (5, 'Подписана', 'Signed', 'Загрузить подписанную заявку', 'Upload signed order', false, true, false, true, true, true, 50),
  (6, 'В работе', 'In progress', 'Принять в работу', 'Start execution', false, false, false, false, true, false, 60),
  (7, 'Выполнена', 'Completed', 'Завершить', 'Complete', false, false, false, false, true, false, 70),
  (8, 'Отменена', 'Cancelled', 'Отменить', 'Cancel', true, false, false, false, false, false, 80)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- The client's path, open to managers too: Draft → Submitted, back to Draft while not approved, resubmitted after
-- correction, the signed order uploaded once approved; Cancel from any state before In progress.
INSERT INTO "freight_order_transitions" ("from_status", "to_status", "who") VALUES
  (1, 3, 'any'), (3, 1, 'any'), (4, 3, 'any'), (4, 1, 'any'), (2, 5, 'any'),
  (1, 8, 'any'), (3, 8, 'any'), (4, 8, 'any'), (2, 8, 'any'), (5, 8, 'any')
ON CONFLICT ("from_status", "to_status") DO NOTHING;--> statement-breakpoint
-- Managers move between any two statuses but out of Completed (approve, return for correction, start, complete …).
INSERT INTO "freight_order_transitions" ("from_status", "to_status", "who")
SELECT "f"."id", "t"."id", 'manager' FROM "freight_order_statuses" "f" CROSS JOIN "freight_order_statuses" "t"
WHERE "f"."id" <> 7 AND "f"."id" <> "t"."id"
ON CONFLICT ("from_status", "to_status") DO NOTHING;
