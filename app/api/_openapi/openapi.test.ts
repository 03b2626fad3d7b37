import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { documentedRoutes } from "./route-registry";

/**
 * The document made from the routes' declarations is valid OpenAPI 3.1, names every declared
 * route with its params, body and answers, and its refs all resolve. (e2e/openapi.spec.ts calls
 * every route of the running build and checks the real answers against this document.)
 */
const doc = buildOpenApiDocument(documentedRoutes(), { serverUrl: "http://localhost:3000", version: "test" });

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 (every $ref resolves)", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("documents every declared route once, with its summary, the error shape and who may call it", () => {
    const routes = documentedRoutes();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(routes.map((r) => r.name.replace(/\[(\w+)\]/g, "{$1}")).sort());
    const create = doc.paths["/api/transfers"]?.post;
    expect(create).toMatchObject({
      summary: expect.stringMatching(/transfer request/),
      description: "Roles: operator, admin.",
      requestBody: { content: { "application/json": { schema: { properties: { value_cents: expect.anything() } } } } },
    });
    expect(Object.keys(create?.responses ?? {})).toEqual(["200", "201", "4XX", "5XX"]);
    expect(doc.paths["/api/transfers/{id}/approve"]?.post).toMatchObject({ parameters: [{ name: "id", in: "path", required: true }], "x-step-up": true });
    expect(doc.paths["/api/health"]?.get?.security).toEqual([]);
    expect(doc.components.schemas.Error).toMatchObject({ type: "object", required: ["error"] });
    expect(doc.components.securitySchemes).toHaveProperty("bearer");
  });

  it("is made from the schemas the routes reach, whatever else holds the same id (a server registers one copy per route bundle)", () => {
    z.object({ id: z.string() }).meta({ id: "Person" });
    const again = buildOpenApiDocument(documentedRoutes(), { serverUrl: "http://localhost:3000", version: "test" });
    expect(again.components.schemas.Person).toEqual(doc.components.schemas.Person);
  });

  it("names the shared shapes once and refers to them", () => {
    expect(doc.components.schemas.Transfer).toMatchObject({
      properties: { value_cents: { type: "integer", minimum: expect.any(Number), maximum: expect.any(Number) }, maker: { $ref: "#/components/schemas/Person" } },
    });
    expect(JSON.stringify(doc)).not.toContain("__shared");
    expect(doc.paths["/api/transfers/{id}/receipt"]?.get).toMatchObject({ responses: { "200": { content: { "application/pdf": expect.anything() } } } });
  });
});
