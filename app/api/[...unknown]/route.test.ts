import { describe, expect, it } from "vitest";
import { problemSchema } from "@/lib/domain/errors";
import { GET } from "./route";

describe("an /api address no route answers", () => {
  it("404 for an address no route answers, in the caller's language", async () => {
    const pt = await expectNotFound(await GET(new Request("http://localhost:3000/api/nothing-here"), undefined));
    expect(pt.error).toBe("Este endereço da API não existe");
    const en = await expectNotFound(await GET(new Request("http://localhost:3000/api/nothing-here", { headers: { cookie: "NEXT_LOCALE=en" } }), undefined));
    expect(en.error).toBe("No such API endpoint");
  });

});

async function expectNotFound(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const body = (await response.json()) as Record<string, unknown>;
  expect(problemSchema.safeParse(body).success).toBe(true);
  expect(body).toMatchObject({ status: 404, kind: "not_found", title: "Not Found", request_id: response.headers.get("x-request-id") });
  return body;
}
