export * from "./containers.ts";
export * from "./identity.ts";
export * from "./imports.ts";
export * from "./notifications.ts";
export * from "./operations.ts";
export * from "./orders.ts";
export * from "./planner.ts";
export * from "./reference.ts";
