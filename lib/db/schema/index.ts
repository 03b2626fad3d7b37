// Every table of the dashboard's store. One file per table group; add new groups here
// (e.g. `export * from "./webhook-events";`) and generate a migration with drizzle-kit.
export * from "./auth";
export * from "./audit";
export * from "./webhook-events";
export * from "./transfers";
export * from "./receiver-keys";
export * from "./batches";
export * from "./alerts";
export * from "./payables";
export * from "./admin-changes";
export * from "./service-accounts";
export * from "./devices";
export * from "./receipts";
export * from "./charges";
export * from "./erp-events";
