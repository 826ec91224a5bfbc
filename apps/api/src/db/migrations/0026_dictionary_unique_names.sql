-- An installation may already hold an entry twice: each later namesake keeps its row (services and orders may link
-- it) and is renamed with its id, for the editors to merge or rename, before the names become unique.
UPDATE "services" AS t SET "description" = left(t."description", 240) || ' (' || t.id || ')'
WHERE EXISTS (SELECT 1 FROM "services" AS o WHERE lower(o."description") = lower(t."description") AND o.id < t.id);
--> statement-breakpoint
UPDATE "services" AS t SET "description_en" = left(t."description_en", 240) || ' (' || t.id || ')'
WHERE EXISTS (SELECT 1 FROM "services" AS o WHERE lower(o."description_en") = lower(t."description_en") AND o.id < t.id) AND t."description_en" <> '';
--> statement-breakpoint
UPDATE "shipment_kinds" AS t SET "description" = left(t."description", 240) || ' (' || t.id || ')'
WHERE EXISTS (SELECT 1 FROM "shipment_kinds" AS o WHERE lower(o."description") = lower(t."description") AND o.id < t.id);
--> statement-breakpoint
UPDATE "shipment_kinds" AS t SET "description_en" = left(t."description_en", 240) || ' (' || t.id || ')'
WHERE EXISTS (SELECT 1 FROM "shipment_kinds" AS o WHERE lower(o."description_en") = lower(t."description_en") AND o.id < t.id) AND t."description_en" <> '';
--> statement-breakpoint
UPDATE "transport_kinds" AS t SET "description" = left(t."description", 240) || ' (' || t.id || ')'
WHERE EXISTS (SELECT 1 FROM "transport_kinds" AS o WHERE lower(o."description") = lower(t."description") AND o.id < t.id);
--> statement-breakpoint
UPDATE "transport_kinds" AS t SET "description_en" = left(t."description_en", 240) || ' (' || t.id || ')'
WHERE EXISTS (SELECT 1 FROM "transport_kinds" AS o WHERE lower(o."description_en") = lower(t."description_en") AND o.id < t.id) AND t."description_en" <> '';
--> statement-breakpoint
CREATE UNIQUE INDEX "services_description_idx" ON "services" USING btree (lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "services_description_en_idx" ON "services" USING btree (lower("description_en")) WHERE "services"."description_en" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_kinds_description_idx" ON "shipment_kinds" USING btree (lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_kinds_description_en_idx" ON "shipment_kinds" USING btree (lower("description_en")) WHERE "shipment_kinds"."description_en" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "transport_kinds_description_idx" ON "transport_kinds" USING btree (lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "transport_kinds_description_en_idx" ON "transport_kinds" USING btree (lower("description_en")) WHERE "transport_kinds"."description_en" <> '';