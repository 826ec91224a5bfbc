-- Roles are reference data every installation needs, not demo data.
INSERT INTO "roles" ("name") VALUES ('RegisteredCustomer'), ('Customer'), ('Head'), ('Manager'), ('RWManager')
ON CONFLICT ("name") DO NOTHING;
