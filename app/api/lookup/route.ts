import "@/lib/zod-config";
import { z } from "zod";
import { jsonOk, route } from "@/lib/http";
import { runLookup } from "@/lib/lookup/run-lookup";
import { lookupAnswerSchema } from "@/lib/lookup/result";

/** Long enough for any id or pasted link; the detection trims and decides what to try. */
const lookupQuerySchema = z.object({
  q: z.string().max(2000, "The text to look up has at most 2000 characters").default(""),
});

export const GET = route(
  {
    name: "GET /api/lookup",
    summary: "What a pasted id is, and the payments and QR code records it points at",
    answers: { 200: lookupAnswerSchema },
    permission: "lookup", query: lookupQuerySchema,
  },
  async ({ query }) =>
  jsonOk(await runLookup(query.q)),
);
