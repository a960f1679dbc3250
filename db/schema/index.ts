export * from "./community";
export * from "./messaging";
