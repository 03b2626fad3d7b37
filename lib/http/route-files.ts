import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";

/**
 * The /api routes as their files declare them (Node only: scripts/routes.ts and the inventory
 * test). A route's path is its folder under app/api; its methods are the handlers its file exports.
 */
export type RouteFile = { path: string; file: string; methods: string[] };

const METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"] as const;
/** The routes that serve the document itself, and those without a route() declaration. */
const UNDOCUMENTED = new Set(["/api/docs", "/api/openapi.json", "/api/auth/[...all]", "/api/[...unknown]"]);

export function routeFiles(root: string): RouteFile[] {
  const apiDir = join(root, "app", "api");
  return (readdirSync(apiDir, { recursive: true }) as string[])
    .filter((f) => f.split(sep).at(-1) === "route.ts")
    .map((f) => {
      const folder = f.split(sep).slice(0, -1).join("/");
      const source = readFileSync(join(apiDir, f), "utf8");
      const methods = METHODS.filter((m) => new RegExp(`^export (?:const|async function|function) ${m}\\b|^export (?:const )?\\{[^}]*\\b${m}\\b`, "m").test(source));
      return { path: `/api/${folder}`, file: `app/api/${folder}/route.ts`, methods: [...methods] };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const HEADER = "// Written by `npm run routes` (scripts/routes.ts) from the files under app/api: do not edit.\n";

/** The two generated files' paths and contents. */
export function generatedRouteFiles(root: string): Array<{ path: string; text: string }> {
  const routes = routeFiles(root);
  const methods =
    HEADER +
    "export const API_ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {\n" +
    routes.map((r) => `  ${JSON.stringify(r.path)}: [${r.methods.map((m) => JSON.stringify(m)).join(", ")}],\n`).join("") +
    "};\n";
  const documented = routes.filter((r) => !UNDOCUMENTED.has(r.path));
  const name = (path: string) => `r_${path.slice(5).replace(/\[\.\.\.([^\]]+)\]/g, "all_$1").replace(/[^A-Za-z0-9]+/g, "_").replace(/_+$/, "")}`;
  const registry =
    HEADER +
    'import "server-only";\n' +
    documented.map((r) => `import * as ${name(r.path)} from "@/app/api/${r.path.slice(5)}/route";\n`).join("") +
    "\nexport const DOCUMENTED_ROUTES: Readonly<Record<string, Record<string, unknown>>> = {\n" +
    documented.map((r) => `  ${JSON.stringify(r.path)}: ${name(r.path)},\n`).join("") +
    "};\n";
  return [
    { path: "lib/http/api-routes.generated.ts", text: methods },
    { path: "app/api/_openapi/route-registry.generated.ts", text: registry },
  ];
}
