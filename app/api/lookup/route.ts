import "@/lib/zod-config";
import { z } from "zod";
import { requireApiUser } from "@/lib/auth/guard";
import { jsonOk, queryObject, setRequestUser, validationError, withRoute } from "@/lib/http";
import { runLookup } from "@/lib/lookup/run-lookup";

/** Long enough for any id or pasted link; the detection trims and decides what to try. */
const lookupQuerySchema = z.object({
  q: z.string().max(2000, "The text to look up has at most 2000 characters"),
});

export const GET = withRoute("GET /api/lookup", async (request) => {
  // GET /api/lookup?q=...: what a pasted id is, and the payments and QR code record it points at
  const gate = await requireApiUser(request, "lookup");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const input = queryObject(request.url);
  if ("response" in input) return input.response;
  const parsed = lookupQuerySchema.safeParse({ q: input.query.q ?? "" });
  if (!parsed.success) return validationError(parsed.error);
  return jsonOk(await runLookup(parsed.data.q));
});
