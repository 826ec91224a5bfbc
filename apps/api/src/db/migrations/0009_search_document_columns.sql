DROP INDEX "companies_search_trgm_idx";--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
DROP INDEX "countries_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_document" text GENERATED ALWAYS AS (lower((coalesce("companies"."name", '') || ' ' || coalesce("companies"."inn", '') || ' ' || coalesce("companies"."freight_forwarding_contract", '') || ' ' || coalesce("companies"."contract_nums", '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not write triggers): each user's copy of their company's name, which their
-- search document holds, filled here before the document is computed, then kept by triggers. The users' trigger
-- takes the name from the company whatever a statement writes; the companies' one passes a new name on.
UPDATE "users" SET "company_name" = "companies"."name" FROM "companies" WHERE "companies"."id" = "users"."company_id";--> statement-breakpoint
CREATE FUNCTION "users_copy_company_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."company_name" := coalesce((SELECT "name" FROM "companies" WHERE "id" = NEW."company_id"), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_company_name" BEFORE INSERT OR UPDATE OF "company_id", "company_name" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_copy_company_name"();--> statement-breakpoint
CREATE FUNCTION "companies_copy_name_to_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "company_name" = NEW."name" WHERE "company_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_name_to_users" AFTER UPDATE OF "name" ON "companies"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "companies_copy_name_to_users"();--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_document" text GENERATED ALWAYS AS (lower((coalesce("users"."username", '') || ' ' || coalesce("users"."first_name", '') || ' ' || coalesce("users"."last_name", '') || ' ' || coalesce("users"."email", '') || ' ' || coalesce("users"."phone", '') || ' ' || coalesce("users"."company_name", '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "search_document" text GENERATED ALWAYS AS (lower((coalesce("countries"."short_name", '') || ' ' || coalesce("countries"."name_eng", '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_search_trgm_idx" ON "countries" USING gin ("search_document" gin_trgm_ops);