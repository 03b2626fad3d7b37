import "@/lib/zod-config";
import { z } from "zod";
import { jsonError, jsonOk, route } from "@/lib/http";
import { BRCODE_TEXT_MAX, brCodeAnswer } from "@/lib/brcode/answer";
import { readPayableBrCode } from "@/lib/brcode/payable";

const decodeQuerySchema = z.object({
  code: z.string({ error: "validation.brcode.required" }).trim().min(1, "validation.brcode.required").max(BRCODE_TEXT_MAX, "validation.brcode.tooLong"),
});

export const GET = route(
  {
    name: "GET /api/brcode/decode",
    summary: "Reads a pasted Pix Copia e Cola (BR Code): its key, amount, receiver and txid, whether its CRC holds and whether it can be paid as a key transfer",
    answers: { 200: brCodeAnswer },
    permission: "register", query: decodeQuerySchema,
  },
  async ({ query, t }) => {
    const answer = readPayableBrCode(query.code);
    if (!answer) return jsonError(422, t("validation.brcode.notPix"), { kind: "validation", fields: { code: t("validation.brcode.notPix") } });
    return jsonOk(answer);
  },
);
