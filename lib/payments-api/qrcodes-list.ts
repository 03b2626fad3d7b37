import "server-only";
import { listQrcodesAnswerSchema, listQrcodesParamsSchema, type ListQrcodesAnswer } from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";
import { PaymentsApiError } from "./errors";
import { issuesToFields } from "@/lib/domain/zod-fields";

/** GET /v1/pix/qrcodes: one page (at most 100 charges) with totals over the whole query in `meta`. */
export async function listQrcodes(params: unknown): Promise<ListQrcodesAnswer> {
  const parsed = listQrcodesParamsSchema.safeParse(params);
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error.issues, { fallback: "params" });
    throw new PaymentsApiError(Object.values(fields)[0] ?? "Invalid list parameters", {
      kind: "invalid",
      status: 0,
      operation: "listQrcodes",
      fields,
    });
  }
  const answer = await callProvider({ operation: "listQrcodes", method: "GET", path: "/v1/pix/qrcodes", query: parsed.data });
  return expectAnswer(answer, listQrcodesAnswerSchema, "listQrcodes");
}
