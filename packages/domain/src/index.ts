export * from "./filters/index.ts";
export * from "./messages/index.ts";
export * from "./users/flags.ts";
export * from "./users/limits.ts";
export * from "./users/schemas.ts";
export * from "./values/schemas.ts";
export * from "./values/values.ts";
