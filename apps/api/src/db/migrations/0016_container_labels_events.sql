CREATE TABLE "container_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"event_type" varchar(12) NOT NULL,
	"event_code" varchar(40) NOT NULL,
	"event_date" date NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(12) NOT NULL,
	"user_id" integer,
	"pkg_pid" integer,
	"message" varchar(2000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"pkg_pid" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"color" varchar(7) NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "container_labels_color_check" CHECK ("container_labels"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "container_events" ADD CONSTRAINT "container_events_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_events" ADD CONSTRAINT "container_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_labels" ADD CONSTRAINT "container_labels_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "container_events_container_idx" ON "container_events" USING btree ("container_id","event_date");--> statement-breakpoint
CREATE INDEX "container_labels_container_idx" ON "container_labels" USING btree ("container_id","pkg_pid");