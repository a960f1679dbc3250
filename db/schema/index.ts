// Every table, each in the file of the module that owns it (docs/decisions/060): another module
// reaches a table only through its owner's front door, which the layering test enforces.
export * from "./activity";
export * from "./campaigns";
export * from "./community";
export * from "./consent";
export * from "./deliverability";
export * from "./demo";
export * from "./events";
export * from "./invitations";
export * from "./legacy-import";
export * from "./members";
export * from "./messaging";
export * from "./music";
export * from "./operations";
export * from "./payments";
export * from "./reservations";
export * from "./security";
export * from "./sms";
