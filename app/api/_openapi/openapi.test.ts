import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PROBLEM_KINDS } from "@/lib/domain/errors";
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
    expect(Object.keys(create?.responses ?? {})).toEqual(["200", "201", "401", "429", "500", "4XX", "5XX"]);
    expect(doc.paths["/api/transfers/{id}/approve"]?.post).toMatchObject({ parameters: [{ name: "id", in: "path", required: true }], "x-step-up": true });
    expect(doc.paths["/api/health"]?.get?.security).toEqual([]);
    expect(doc.components.schemas.Problem).toMatchObject({ type: "object", required: expect.arrayContaining(["type", "title", "status", "detail", "error", "kind", "request_id"]) });
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

  it("names every answer with a name of ours, never one made from an operation", () => {
    const generated = Object.keys(doc.components.schemas).filter((name) => /^(Get|Post|Put|Patch|Delete)[A-Z]\w*\d{3}$/.test(name));
    expect(generated).toEqual([]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["Transfer", "TransferList", "PendingChange", "IssuedToken", "Charge", "Problem"]));
    expect(doc.paths["/api/transfers"]?.get?.responses).toMatchObject({ "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/TransferList" } } } } });
  });

  it("has an example on every operation, and on every JSON answer and JSON body", () => {
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const media = [...mediaOf((operation.requestBody as Json | undefined)?.content), ...Object.values(operation.responses as Record<string, Json>).flatMap((r) => mediaOf(resolve(r).content))];
        const json = media.filter(([type]) => type.endsWith("json"));
        const name = `${method.toUpperCase()} ${path}`;
        if (!media.some(([, m]) => "example" in m)) missing.push(`${name}: no example`);
        for (const [type, m] of json) if (!("example" in m)) missing.push(`${name}: ${type} without example`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("publishes kind as the enum of every kind the server emits, and the 429 with its headers where a rate limit applies", () => {
    expect((doc.components.schemas.Problem as Json & { properties: Record<string, Json> }).properties.kind).toEqual({ type: "string", enum: [...PROBLEM_KINDS] });
    const tokenRoute = doc.paths["/api/transfers"]?.get?.responses as Record<string, Json>;
    expect(tokenRoute["429"]).toEqual({ $ref: "#/components/responses/RateLimited" });
    expect(tokenRoute["200"]?.headers).toHaveProperty("RateLimit-Policy");
    expect(doc.paths["/api/receipts/verify"]?.get?.responses).toHaveProperty("429");
    expect(doc.paths["/api/health"]?.get?.responses).not.toHaveProperty("429");
    expect(Object.keys(resolve({ $ref: "#/components/responses/RateLimited" }).headers as Json)).toEqual(["Retry-After", "RateLimit", "RateLimit-Policy"]);
  });

  it("says what a caller may send: no request body offers `authorized` (the approvals are the authorization), and /api/payments names each filter", () => {
    for (const path of ["/api/transfers", "/api/payments"]) {
      const body = (doc.paths[path]?.post?.requestBody as { content: Record<string, { schema: Json }> }).content["application/json"]!.schema;
      expect(Object.keys(body.properties as Json), path).toContain("pix_key");
      expect(Object.keys(body.properties as Json), path).not.toContain("authorized");
    }
    const filters = ((doc.paths["/api/payments"]?.get?.parameters ?? []) as Array<{ name: string; in: string }>).map((p) => `${p.in}:${p.name}`);
    for (const name of ["page", "status", "receiver_name", "receiver_document", "registration_start_date", "registration_end_date", "payment_start_date", "payment_end_date", "reference_code", "end_to_end"]) {
      expect(filters).toContain(`query:${name}`);
    }
  });
});

type Json = Record<string, unknown>;

function resolve(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== "string") return node;
  const [, , kind, name] = ref.split("/");
  return ((doc.components as Record<string, Record<string, Json>>)[kind ?? ""]?.[name ?? ""] ?? {}) as Json;
}

function mediaOf(content: unknown): Array<[string, Json]> {
  return Object.entries((content ?? {}) as Record<string, Json>);
}
