CREATE TABLE "container_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(4) NOT NULL,
	"description" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"abc2" varchar(2) PRIMARY KEY NOT NULL,
	"short_name" varchar(100) NOT NULL,
	"name_eng" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_en" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etsng" (
	"code" varchar(6) PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"gng_code" varchar(8) DEFAULT '' NOT NULL,
	"tariff_class" smallint,
	"mvn" numeric(8, 2)
);
--> statement-breakpoint
CREATE TABLE "gng" (
	"code" varchar(8) PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(6) NOT NULL,
	"location" varchar(100) NOT NULL,
	"railway" varchar(30) DEFAULT '' NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"kind" varchar(10) DEFAULT 'station' NOT NULL,
	"operations" varchar(100) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_shipment_kinds" (
	"service_id" integer NOT NULL,
	"shipment_kind_id" integer NOT NULL,
	CONSTRAINT "service_shipment_kinds_service_id_shipment_kind_id_pk" PRIMARY KEY("service_id","shipment_kind_id")
);
--> statement-breakpoint
CREATE TABLE "service_transport_kinds" (
	"service_id" integer NOT NULL,
	"transport_kind_id" integer NOT NULL,
	CONSTRAINT "service_transport_kinds_service_id_transport_kind_id_pk" PRIMARY KEY("service_id","transport_kind_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_en" varchar(255) DEFAULT '' NOT NULL,
	"contact_email" varchar(254) DEFAULT '' NOT NULL,
	"is_shipping" boolean DEFAULT false NOT NULL,
	"is_port_freight_forwarding" boolean DEFAULT false NOT NULL,
	"is_transit_decl" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_en" varchar(255) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_en" varchar(255) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_shipment_kinds" ADD CONSTRAINT "service_shipment_kinds_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_shipment_kinds" ADD CONSTRAINT "service_shipment_kinds_shipment_kind_id_shipment_kinds_id_fk" FOREIGN KEY ("shipment_kind_id") REFERENCES "public"."shipment_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_transport_kinds" ADD CONSTRAINT "service_transport_kinds_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_transport_kinds" ADD CONSTRAINT "service_transport_kinds_transport_kind_id_transport_kinds_id_fk" FOREIGN KEY ("transport_kind_id") REFERENCES "public"."transport_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "container_types_code_idx" ON "container_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "countries_short_name_trgm_idx" ON "countries" USING gin ("short_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_name_eng_trgm_idx" ON "countries" USING gin ("name_eng" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "etsng_code_prefix_idx" ON "etsng" USING btree ("code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "etsng_description_trgm_idx" ON "etsng" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gng_code_prefix_idx" ON "gng" USING btree ("code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "gng_description_trgm_idx" ON "gng" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_code_idx" ON "locations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "locations_code_prefix_idx" ON "locations" USING btree ("code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "locations_location_trgm_idx" ON "locations" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_kind_idx" ON "locations" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "service_shipment_kinds_kind_idx" ON "service_shipment_kinds" USING btree ("shipment_kind_id");--> statement-breakpoint
CREATE INDEX "service_transport_kinds_kind_idx" ON "service_transport_kinds" USING btree ("transport_kind_id");