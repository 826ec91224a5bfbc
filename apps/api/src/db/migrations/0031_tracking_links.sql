CREATE TABLE "order_tracking_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"freight_order_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "order_tracking_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "order_tracking_links" ADD CONSTRAINT "order_tracking_links_freight_order_id_freight_orders_id_fk" FOREIGN KEY ("freight_order_id") REFERENCES "public"."freight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking_links" ADD CONSTRAINT "order_tracking_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking_links" ADD CONSTRAINT "order_tracking_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tracking_links_order_idx" ON "order_tracking_links" USING btree ("freight_order_id");