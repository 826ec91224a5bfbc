CREATE TABLE "planner_container_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_en" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "railway_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_en" varchar(255) DEFAULT '' NOT NULL,
	"departure" integer NOT NULL,
	"destination" integer NOT NULL,
	"border_crossing_point" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "railway_routes" ADD CONSTRAINT "railway_routes_departure_locations_id_fk" FOREIGN KEY ("departure") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "railway_routes" ADD CONSTRAINT "railway_routes_destination_locations_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "railway_routes" ADD CONSTRAINT "railway_routes_border_crossing_point_locations_id_fk" FOREIGN KEY ("border_crossing_point") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planner_container_types_code_idx" ON "planner_container_types" USING btree ("code");