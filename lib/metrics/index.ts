import "server-only";

// GET /api/metrics. Code that records (routes, the provider door, the webhook receiver) imports
// lib/metrics/registry.ts itself: it is light, where the scrape reads the store and the queue.
export { metricsAccess, type MetricsAccess } from "./access";
export { scrapeMetrics } from "./scrape";
