CREATE SEQUENCE "public"."container_pkg_pid_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "container_package_files" (
	"container_id" integer NOT NULL,
	"freight_order_file_id" integer NOT NULL,
	CONSTRAINT "container_package_files_container_id_freight_order_file_id_pk" PRIMARY KEY("container_id","freight_order_file_id")
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"freight_order_id" integer NOT NULL,
	"container" varchar(15) NOT NULL,
	"is_number_valid" boolean DEFAULT false NOT NULL,
	"container_type" integer,
	"location" varchar(1000) DEFAULT '' NOT NULL,
	"location_date" date,
	"prepare_to_ship_date" date,
	"commercial_documents_upload_date" date,
	"arrival_at_border_date" date,
	"railway_bill_filing_date" date,
	"railway_accept_date" date,
	"railway_loading_date" date,
	"railway_trip_start_date" date,
	"railway_trip_finish_date" date,
	"final_release_date" date,
	"final_destination" varchar(1000) DEFAULT '' NOT NULL,
	"railway_transport_number" varchar(20) DEFAULT '' NOT NULL,
	"railwaybill_number" varchar(20) DEFAULT '' NOT NULL,
	"railway_note" varchar(1000) DEFAULT '' NOT NULL,
	"notes" varchar(1000) DEFAULT '' NOT NULL,
	"start_tracking_date" date,
	"tracking_done" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"port_freight_forwarding_status" varchar(1000) DEFAULT '' NOT NULL,
	"port_freight_forwarding_status_date" date,
	"transit_decl_status" varchar(1000) DEFAULT '' NOT NULL,
	"transit_decl_status_date" date,
	"pkg_pid" integer,
	"pkg_state" varchar(20),
	"pkg_message" varchar(2000) DEFAULT '' NOT NULL,
	"td_number" varchar(50) DEFAULT '' NOT NULL,
	"td_date" date,
	"td_allowed_date" date,
	"td_end_date" date,
	"td_control" varchar(1000) DEFAULT '' NOT NULL,
	"dt_number" varchar(50) DEFAULT '' NOT NULL,
	"dt_date" date,
	"dt_allowed_date" date,
	"dt_control" varchar(1000) DEFAULT '' NOT NULL,
	"author_id" integer NOT NULL,
	"updated_by_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "containers_status_check" CHECK ("containers"."status" between 1 and 3),
	CONSTRAINT "containers_pkg_state_check" CHECK ("containers"."pkg_state" in ('pending', 'uploaded', 'rejected', 'accepted', 'withdraw', 'withdrawn', 'processing_error'))
);
--> statement-breakpoint
ALTER TABLE "container_package_files" ADD CONSTRAINT "container_package_files_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_package_files" ADD CONSTRAINT "container_package_files_freight_order_file_id_freight_order_files_id_fk" FOREIGN KEY ("freight_order_file_id") REFERENCES "public"."freight_order_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_freight_order_id_freight_orders_id_fk" FOREIGN KEY ("freight_order_id") REFERENCES "public"."freight_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_container_type_container_types_id_fk" FOREIGN KEY ("container_type") REFERENCES "public"."container_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "container_package_files_file_idx" ON "container_package_files" USING btree ("freight_order_file_id");--> statement-breakpoint
CREATE INDEX "containers_freight_order_idx" ON "containers" USING btree ("freight_order_id");--> statement-breakpoint
CREATE INDEX "containers_container_trgm_idx" ON "containers" USING gin ("container" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_pkg_state_idx" ON "containers" USING btree ("pkg_state");--> statement-breakpoint
CREATE INDEX "containers_author_idx" ON "containers" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "containers_updated_by_idx" ON "containers" USING btree ("updated_by_id");