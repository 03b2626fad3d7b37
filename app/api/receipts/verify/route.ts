import "@/lib/zod-config";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { clientIp, jsonError, jsonOk, route } from "@/lib/http";
import { rateLimitedHeaders, rateLimitHeaders } from "@/lib/http/rate-limit-headers";
import { checkReceiptCode } from "@/lib/receipts/authentication";
import { normalizeAuthCode, receiptVerifyAnswer } from "@/lib/receipts/verify-answer";

const verifyQuerySchema = z.object({
  code: z
    .string({ error: "receipts.verify.errors.format" })
    .max(64, "receipts.verify.errors.format")
    .transform((text, ctx) => normalizeAuthCode(text) ?? (ctx.addIssue({ code: "custom", message: "receipts.verify.errors.format" }), z.NEVER)),
});

export const GET = route(
  {
    name: "GET /api/receipts/verify",
    summary: "Whether this back office issued a comprovante with this authentication code, with its end_to_end, amount and payment date only (no sign-in; rate limited per address)",
    answers: { 200: receiptVerifyAnswer },
    permission: "public", query: verifyQuerySchema,
    rateLimited: true,
  },
  async ({ request, query, t }) => {
    const checked = await checkReceiptCode(await getDb(), clientIp(request), query.code);
    if (!checked.ok) {
      return jsonError(429, t("receipts.verify.errors.rateLimited", { seconds: checked.retryAfterSeconds }), { kind: "rate_limited" }, rateLimitedHeaders(checked.rate));
    }
    return jsonOk(checked.answer, 200, rateLimitHeaders(checked.rate));
  },
);
