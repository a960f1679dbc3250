export * from "./auth";
export * from "./community";
export * from "./events";
export * from "./members";
export * from "./messaging";
