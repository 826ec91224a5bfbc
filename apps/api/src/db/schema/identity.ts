import type { UserState } from "@portal/domain";
import type { AnyColumn } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { searchDocumentColumn } from "./search.ts";

/** Customer companies and the forwarder itself (`is_expedition_company`). */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 255 }).notNull(),
    inn: varchar("inn", { length: 12 }).notNull().default(""),
    freight_forwarding_contract: varchar("freight_forwarding_contract", { length: 45 }).notNull().default(""),
    freight_forwarding_contract_date: date("freight_forwarding_contract_date"),
    contract_nums: text("contract_nums").notNull().default(""),
    notification_msg: text("notification_msg").notNull().default(""),
    debtor: boolean("debtor").notNull().default(false),
    is_expedition_company: boolean("is_expedition_company").notNull().default(false),
    /** The company's users must have a second factor (set by its managers): they enrol before anything else opens. */
    require_second_factor: boolean("require_second_factor").notNull().default(false),
    version: integer("version").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The list's search words are matched here: the searchable fields, in their order (db/schema/search.ts). */
    search_document: searchDocumentColumn((): AnyColumn[] => [
      companies.name,
      companies.inn,
      companies.freight_forwarding_contract,
      companies.contract_nums,
    ]),
  },
  (table) => [
    index("companies_name_idx").on(table.name),
    index("companies_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("companies_search_trgm_idx").using("gin", table.search_document.op("gin_trgm_ops")),
  ],
);

/** Role names as the interface shows them (RegisteredCustomer, Customer, Head, Manager, RWManager). */
export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 50 }).notNull().unique(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 150 }).notNull(),
    /**
     * The username case-folded with look-alike characters replaced (users/usernames.ts): unique, so that nobody
     * signs up as `mаnager` beside `manager`. Null only in rows written before it existed, filled at start-up.
     */
    username_key: text("username_key"),
    password_hash: text("password_hash").notNull(),
    first_name: varchar("first_name", { length: 150 }).notNull().default(""),
    last_name: varchar("last_name", { length: 150 }).notNull().default(""),
    email: varchar("email", { length: 254 }).notNull().default(""),
    phone: varchar("phone", { length: 100 }).notNull().default(""),
    state: varchar("state", { length: 10 }).$type<UserState>().notNull().default("new"),
    is_active: boolean("is_active").notNull().default(true),
    company_id: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    request_inn: varchar("request_inn", { length: 12 }).notNull().default(""),
    request_name: varchar("request_name", { length: 255 }).notNull().default(""),
    request_contract_nums: text("request_contract_nums").notNull().default(""),
    // Per-user grants; the flags the API returns are derived from these plus the roles (packages/domain users/flags.ts).
    is_administrator: boolean("is_administrator").notNull().default(false),
    is_staff: boolean("is_staff").notNull().default(false),
    grant_monitoring: boolean("grant_monitoring").notNull().default(false),
    grant_refbook: boolean("grant_refbook").notNull().default(false),
    /** Manages the company's webhook endpoints (docs/decisions.md, "Webhooks"). */
    grant_webhooks: boolean("grant_webhooks").notNull().default(false),
    grant_select_company: boolean("grant_select_company").notNull().default(false),
    grant_set_is_paid: boolean("grant_set_is_paid").notNull().default(false),
    /** Bumped on password change and deactivation: access tokens carrying an older value stop working. */
    token_version: integer("token_version").notNull().default(1),
    version: integer("version").notNull().default(1),
    date_joined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
    last_login: timestamp("last_login", { withTimezone: true }),
    /** The language the user last chose (sent with sign-in and each change of it): their mails are written in it. */
    language: varchar("language", { length: 2 }).notNull().default("ru"),
    /**
     * The name of the user's company, copied by triggers (migration 0009) whenever the user's company or that
     * company's name changes, so that the search document can hold it: a generated column reads its own row only.
     */
    company_name: varchar("company_name", { length: 255 }).notNull().default(""),
    /** The list's search words are matched here: the searchable fields in their order, then the company's name. */
    search_document: searchDocumentColumn((): AnyColumn[] => [
      users.username,
      users.first_name,
      users.last_name,
      users.email,
      users.phone,
      users.company_name,
    ]),
  },
  (table) => [
    // Usernames are unique regardless of case and look-alike letters: "Ivanov" and "ivanov" are one person to a user.
    uniqueIndex("users_username_key_idx").on(table.username_key),
    index("users_company_idx").on(table.company_id),
    // Managers' dashboard counts the sign-ups waiting for them (state `pending`): 63 ms reading 200,000 users, 3–8 with it
    index("users_state_idx").on(table.state),
    index("users_username_idx").on(table.username),
    index("users_last_name_idx").on(table.last_name),
    // Trigram indexes serve the grid's "contains" filters.
    index("users_username_trgm_idx").using("gin", table.username.op("gin_trgm_ops")),
    index("users_first_name_trgm_idx").using("gin", table.first_name.op("gin_trgm_ops")),
    index("users_last_name_trgm_idx").using("gin", table.last_name.op("gin_trgm_ops")),
    index("users_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
    index("users_phone_trgm_idx").using("gin", table.phone.op("gin_trgm_ops")),
    // The list's search words: one index over all the searchable text instead of an OR over the ones above.
    index("users_search_trgm_idx").using("gin", table.search_document.op("gin_trgm_ops")),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.role_id] })],
);

/** Staff assigned to a customer company: shown in that company's Contacts popup. */
export const companyManagers = pgTable(
  "company_managers",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    manager_id: integer("manager_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [uniqueIndex("company_managers_pair_idx").on(table.company_id, table.manager_id)],
);

/** Users of other companies who may work with this company's data. */
export const relatedUsers = pgTable(
  "related_users",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [
    uniqueIndex("related_users_pair_idx").on(table.company_id, table.user_id),
    index("related_users_user_idx").on(table.user_id),
  ],
);

/**
 * A session: one sign-in and every token pair rotated from it (its refresh tokens' family). Access tokens name
 * it, so that ending it (logout, a replayed refresh token) ends them at once, not at their expiry.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
    /**
     * The client's address at the sign-in: an address the account has a session from passes its cool-down after a
     * burst of failed sign-ins (auth/throttle.ts). Null for sessions begun before it was kept.
     */
    address: varchar("address", { length: 64 }),
    /** The browser's User-Agent at the sign-in (cut to 512), shown on the profile as its browser and device. */
    user_agent: varchar("user_agent", { length: 512 }),
    /** When a token of the session was last rotated (the sign-in at first): its last use, to a refresh's precision. */
    last_used_at: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("user_sessions_user_idx").on(table.user_id)],
);

/**
 * Issued refresh tokens, stored as SHA-256 hashes so that logout and password change can revoke them. A rotated
 * token keeps its successor sealed with a key only the rotated token itself gives (`successor`), so that the same
 * token presented again at once (two tabs, a retried request) is answered with the same new token.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    session_id: integer("session_id")
      .notNull()
      .references(() => userSessions.id, { onDelete: "cascade" }),
    token_hash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    successor: text("successor"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("refresh_tokens_user_idx").on(table.user_id),
    index("refresh_tokens_session_idx").on(table.session_id),
  ],
);

/**
 * Throttle counters per key (`login:…` sign-in attempts, `signup:…` sign-ups, `notice:…` the notices of failed
 * sign-ins sent), shared by every API instance.
 */
export const loginFailures = pgTable("login_failures", {
  key: varchar("key", { length: 200 }).primaryKey(),
  failures: integer("failures").notNull(),
  window_started_at: timestamp("window_started_at", { withTimezone: true }).notNull(),
  /** An account's cool-down after a burst of failures: its next attempt is checked from then on (auth/throttle.ts). */
  cool_down_until: timestamp("cool_down_until", { withTimezone: true }),
});

/**
 * A user's time-based one-time code generator (RFC 6238): at most one. Its secret is encrypted with
 * SECOND_FACTOR_KEY (auth/secret-box.ts); it counts as a factor once confirmed by a first code. `last_step` is the
 * time step of the last code accepted: a code is accepted once, and never one of an earlier step.
 */
export const totpFactors = pgTable("totp_factors", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
  last_step: bigint("last_step", { mode: "number" }),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's recovery codes, stored as SHA-256 hashes (each is 50 random bits); each is used once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: varchar("code_hash", { length: 64 }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("recovery_codes_user_hash_idx").on(table.user_id, table.code_hash)],
);

/** A user's passkeys (WebAuthn credentials): the public key and the signature counter last seen. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    /** The credential's id, base64url, as the browser names it. */
    credential_id: varchar("credential_id", { length: 1400 }).notNull(),
    public_key: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("passkeys_credential_idx").on(table.credential_id),
    index("passkeys_user_idx").on(table.user_id),
  ],
);

/**
 * Short-lived, single-use proofs kept in the database so that every instance knows them: the ticket of a sign-in's
 * second step (`second_step`: the password was right), and the challenges of WebAuthn ceremonies (`passkey_sign_in`,
 * `passkey_register`). Stored by the hash of their value; taken (deleted) when used.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 20 })
      .$type<"second_step" | "passkey_sign_in" | "passkey_register">()
      .notNull(),
    value_hash: varchar("value_hash", { length: 64 }).notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Wrong codes given with a second step's ticket: past a few, the ticket is spent. */
    failures: integer("failures").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("auth_challenges_value_idx").on(table.kind, table.value_hash)],
);

/**
 * API keys: a user's credential for their own systems (docs/integrations.md), acting as that user with their rights
 * as they are at each request. The secret is shown once and kept only as its SHA-256 hash; `prefix` (`fpk_` and
 * 16 hex digits, the key's public part) finds the row by a unique index.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    prefix: varchar("prefix", { length: 20 }).notNull(),
    secret_hash: varchar("secret_hash", { length: 64 }).notNull(),
    read_only: boolean("read_only").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    /** The last use, written at most once a minute (api-keys/service.ts), and the address it came from. */
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
    last_used_address: varchar("last_used_address", { length: 64 }),
  },
  (table) => [
    uniqueIndex("api_keys_prefix_idx").on(table.prefix),
    index("api_keys_user_idx").on(table.user_id),
  ],
);
