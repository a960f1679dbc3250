export * from "./auth";
export * from "./community";
export * from "./members";
export * from "./messaging";
