-- The containers list on large tables (docs/decisions.md, "Containers on large tables"): the flagged numbers by
-- an index of their own (2 in 100 containers), and the two track dates the grid sorts by most, newest first as the
-- list sorts them (nulls first), then the id; each holds the order's id, which the list's scope joins by.
CREATE INDEX "containers_invalid_number_idx" ON "containers" USING btree ("id","freight_order_id") WHERE "containers"."is_number_valid" = false;--> statement-breakpoint
CREATE INDEX "containers_arrival_at_border_date_idx" ON "containers" USING btree ("arrival_at_border_date" DESC NULLS FIRST,"id","freight_order_id");--> statement-breakpoint
CREATE INDEX "containers_railway_trip_start_date_idx" ON "containers" USING btree ("railway_trip_start_date" DESC NULLS FIRST,"id","freight_order_id");