export * from "./identity.ts";
export * from "./planner.ts";
export * from "./reference.ts";
