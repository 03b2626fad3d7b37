/**
 * Writes the OpenAPI document to a file from the routes' declarations, without a server (the same
 * builder GET /api/openapi.json answers with): `npm run lint:openapi` lints what it writes.
 * Usage: tsx scripts/openapi/write-document.ts <out.json>
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import packageJson from "../../package.json";
import { buildOpenApiDocument } from "../../lib/http/openapi";
import { documentedRoutes } from "../../app/api/_openapi/route-registry";

const out = process.argv[2] ?? ".openapi/openapi.json";
const doc = buildOpenApiDocument(documentedRoutes(), { serverUrl: "https://backoffice.invalid", version: packageJson.version });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`openapi: ${Object.keys(doc.paths).length} paths written to ${out}`);
process.exit(0);
