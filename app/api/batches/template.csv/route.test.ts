import { beforeEach, describe, expect, it, vi } from "vitest";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ answer: "user" as "user" | 401 | 403 }));
const requireApiUser = vi.hoisted(() =>
  vi.fn(async (_request: Request, _permission: string) =>
    auth.answer === "user"
      ? { user: { id: "u-operator", email: "operator@demo.test", name: "Olivia Operator", role: "operator" } }
      : { response: guardRefusal(auth.answer, "refused") },
  ),
);
vi.mock("@/lib/auth/guard", () => ({ requireApiUser }));

const { GET } = await import("./route");

const get = (cookie?: string) =>
  GET(new Request("http://localhost:3000/api/batches/template.csv", { headers: cookie ? { cookie } : {} }), { params: Promise.resolve({}) });

beforeEach(() => {
  auth.answer = "user";
  requireApiUser.mockClear();
});

describe("GET /api/batches/template.csv", () => {
  it("needs the register permission", async () => {
    auth.answer = 403;
    expect((await get()).status).toBe(403);
    expect(requireApiUser.mock.calls[0]?.[1]).toBe("register");
    auth.answer = 401;
    expect((await get()).status).toBe(401);
  });

  it("answers the template as a CSV download, Portuguese headers by default", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="modelo-lote-pix.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("valor;tipo_chave;chave;nome;documento");
  });

  it("in English when the caller chose English", async () => {
    const res = await get("NEXT_LOCALE=en");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="pix-batch-template.csv"');
    expect(await res.text()).toContain("amount;pix_key_type;pix_key;receiver_name;receiver_document");
  });
});
