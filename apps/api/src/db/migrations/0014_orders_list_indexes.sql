-- The orders list on large tables (bench/README.md, "Shipping orders"): partial indexes of the live orders (the
-- list never reads deleted ones), from which a page's ids and the count are read without the table (every order
-- newest first and its deep pages, a client's company's orders, the count by status), in place of the plain
-- status index; the sort indexes of the order number and the company's name end with the id, as every ordering
-- does, so that a page of a value many orders share (no number, one company) is the index's first entries.
DROP INDEX "freight_orders_status_idx";--> statement-breakpoint
DROP INDEX "freight_orders_customer_order_number_idx";--> statement-breakpoint
DROP INDEX "freight_orders_company_name_idx";--> statement-breakpoint
CREATE INDEX "freight_orders_live_idx" ON "freight_orders" USING btree ("id") WHERE "freight_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "freight_orders_live_company_idx" ON "freight_orders" USING btree ("company_id","id") WHERE "freight_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "freight_orders_live_status_idx" ON "freight_orders" USING btree ("status") WHERE "freight_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "freight_orders_customer_order_number_idx" ON "freight_orders" USING btree ("customer_order_number","id");--> statement-breakpoint
CREATE INDEX "freight_orders_company_name_idx" ON "freight_orders" USING btree ("company_name","id");