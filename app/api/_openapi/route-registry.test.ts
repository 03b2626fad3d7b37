import { readdirSync } from "node:fs";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DOCUMENTED_ROUTES } from "./route-registry";

/** The OpenAPI document's list of routes is every route file under app/api, so a new route is documented or this fails. */
const API_DIR = fileURLToPath(new URL("..", import.meta.url));
const ROUTES = (readdirSync(API_DIR, { recursive: true }) as string[])
  .filter((f) => f.split(sep).at(-1) === "route.ts")
  .map((f) => `/api/${f.split(sep).slice(0, -1).join("/")}`);

describe("the OpenAPI document's routes", () => {
  it("holds every declared route but the two that serve the document", () => {
    const serving = ["/api/docs", "/api/openapi.json"];
    const withoutDeclarations = ["/api/auth/[...all]", "/api/[...unknown]"];
    const documented = ROUTES.filter((p) => !serving.includes(p) && !withoutDeclarations.includes(p));
    expect(Object.keys(DOCUMENTED_ROUTES).sort()).toEqual(documented.sort());
  });
});
