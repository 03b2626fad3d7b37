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
    const create = doc.paths["/api/transfers"]?.post as Record<string, any>;
    expect(create.summary).toMatch(/transfer request/);
    expect(create.description).toBe("Roles: operator, admin.");
    expect(Object.keys(create.responses)).toEqual(["200", "201", "4XX", "5XX"]);
    expect(create.requestBody.content["application/json"].schema.properties).toHaveProperty("value_cents");
    const approve = doc.paths["/api/transfers/{id}/approve"]?.post as Record<string, any>;
    expect(approve.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    expect(approve["x-step-up"]).toBe(true);
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
    const transfer = doc.components.schemas.Transfer as Record<string, any>;
    expect(transfer.properties.value_cents).toEqual({ type: "integer", minimum: expect.any(Number), maximum: expect.any(Number) });
    expect(transfer.properties.maker).toEqual({ $ref: "#/components/schemas/Person" });
    expect(JSON.stringify(doc)).not.toContain("__shared");
    const receipt = doc.paths["/api/transfers/{id}/receipt"]?.get as Record<string, any>;
    expect(Object.keys(receipt.responses["200"].content)).toEqual(["application/pdf"]);
  });
});
