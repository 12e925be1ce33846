export * from "./catalogue.ts";
export * from "./streams.ts";
