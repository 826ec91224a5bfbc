export * from "./ast.ts";
export * from "./build.ts";
export * from "./parse.ts";
export * from "./print.ts";
