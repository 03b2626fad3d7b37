// Client-safe types and helpers for our /api answers. No server-only imports here.
export * from "./payments";
export * from "./errors";
export * from "./ids";
export * from "./api-client";
