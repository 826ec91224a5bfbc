-- The orders grid's text columns, shown and hidden, each with a trigram index: a "contains" filter of one column
-- (consignee_name__icontains=trad) is found through its own index instead of reading the table; its count is capped
-- (docs/decisions.md, "Speed at scale: text filters and the fields a grid asks for").
CREATE INDEX "freight_orders_company_name_trgm_idx" ON "freight_orders" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_status_comment_trgm_idx" ON "freight_orders" USING gin ("status_comment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_customer_order_number_trgm_idx" ON "freight_orders" USING gin ("customer_order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_railway_transfer_subcode_trgm_idx" ON "freight_orders" USING gin ("railway_transfer_subcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_delivery_terms_trgm_idx" ON "freight_orders" USING gin ("delivery_terms" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_consignor_name_trgm_idx" ON "freight_orders" USING gin ("consignor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_consignee_name_trgm_idx" ON "freight_orders" USING gin ("consignee_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_dispatch_location_trgm_idx" ON "freight_orders" USING gin ("dispatch_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_destination_trgm_idx" ON "freight_orders" USING gin ("destination" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_border_crossing_point_name_trgm_idx" ON "freight_orders" USING gin ("border_crossing_point_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_freight_description_trgm_idx" ON "freight_orders" USING gin ("freight_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_notes_trgm_idx" ON "freight_orders" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_order_contacts_trgm_idx" ON "freight_orders" USING gin ("order_contacts" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_order_contacts_email_trgm_idx" ON "freight_orders" USING gin ("order_contacts_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "freight_orders_order_contacts_phone_trgm_idx" ON "freight_orders" USING gin ("order_contacts_phone" gin_trgm_ops);