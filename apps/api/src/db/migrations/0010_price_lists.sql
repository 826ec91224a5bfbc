CREATE TABLE "company_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" integer NOT NULL,
	"railway_route" integer NOT NULL,
	"railway_route_service" integer NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_en" varchar(255) DEFAULT '' NOT NULL,
	"base_cost" numeric(14, 2) NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_transportation_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" integer NOT NULL,
	"railway_route" integer NOT NULL,
	"container_type" integer NOT NULL,
	"railway_transportation_cost" integer NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "railway_route_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"railway_route" integer NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_en" varchar(255) DEFAULT '' NOT NULL,
	"base_cost" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "railway_transportation_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"railway_route" integer NOT NULL,
	"container_type" integer NOT NULL,
	"base_cost" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_services" ADD CONSTRAINT "company_services_company_companies_id_fk" FOREIGN KEY ("company") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_services" ADD CONSTRAINT "company_services_railway_route_railway_routes_id_fk" FOREIGN KEY ("railway_route") REFERENCES "public"."railway_routes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_services" ADD CONSTRAINT "company_services_railway_route_service_railway_route_services_id_fk" FOREIGN KEY ("railway_route_service") REFERENCES "public"."railway_route_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_transportation_costs" ADD CONSTRAINT "company_transportation_costs_company_companies_id_fk" FOREIGN KEY ("company") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_transportation_costs" ADD CONSTRAINT "company_transportation_costs_railway_route_railway_routes_id_fk" FOREIGN KEY ("railway_route") REFERENCES "public"."railway_routes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_transportation_costs" ADD CONSTRAINT "company_transportation_costs_container_type_planner_container_types_id_fk" FOREIGN KEY ("container_type") REFERENCES "public"."planner_container_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_transportation_costs" ADD CONSTRAINT "company_transportation_costs_railway_transportation_cost_railway_transportation_costs_id_fk" FOREIGN KEY ("railway_transportation_cost") REFERENCES "public"."railway_transportation_costs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "railway_route_services" ADD CONSTRAINT "railway_route_services_railway_route_railway_routes_id_fk" FOREIGN KEY ("railway_route") REFERENCES "public"."railway_routes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "railway_transportation_costs" ADD CONSTRAINT "railway_transportation_costs_railway_route_railway_routes_id_fk" FOREIGN KEY ("railway_route") REFERENCES "public"."railway_routes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "railway_transportation_costs" ADD CONSTRAINT "railway_transportation_costs_container_type_planner_container_types_id_fk" FOREIGN KEY ("container_type") REFERENCES "public"."planner_container_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_services_company_base_idx" ON "company_services" USING btree ("company","railway_route_service");--> statement-breakpoint
CREATE UNIQUE INDEX "company_transportation_costs_company_base_idx" ON "company_transportation_costs" USING btree ("company","railway_transportation_cost");--> statement-breakpoint
CREATE INDEX "railway_route_services_route_idx" ON "railway_route_services" USING btree ("railway_route");--> statement-breakpoint
CREATE UNIQUE INDEX "railway_transportation_costs_route_type_idx" ON "railway_transportation_costs" USING btree ("railway_route","container_type");