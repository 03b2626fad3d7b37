/**
 * `npm run routes`: the two lists of /api routes that other code needs before any route is loaded,
 * written from the route files themselves (app/api/**\/route.ts), so a route is declared in one
 * place, its file:
 * - lib/http/api-routes.generated.ts: each path and the methods its file exports (the method gate);
 * - app/api/_openapi/route-registry.generated.ts: every documented route's module (the OpenAPI document).
 * `npm run build` runs it first; lib/http/route-inventory.test.ts fails when a committed list is stale.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generatedRouteFiles } from "../lib/http/route-files";

const root = fileURLToPath(new URL("..", import.meta.url));
for (const file of generatedRouteFiles(root)) writeFileSync(`${root}/${file.path}`, file.text);
console.log("routes: lib/http/api-routes.generated.ts and app/api/_openapi/route-registry.generated.ts written");
