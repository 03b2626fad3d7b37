import { requireApiUser } from "@/lib/auth/guard";
import { listAudit } from "@/lib/db/audit";
import { parseAuditQuery } from "@/lib/db/audit-filters";
import { jsonError, jsonOk, withRoute } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = withRoute("GET /api/audit", async (request) => {
  // GET /api/audit: the audit log, newest first, filtered and paginated (admin only)
  const gate = await requireApiUser(request, "audit");
  if ("response" in gate) return gate.response;
  const parsed = parseAuditQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fields)[0] ?? ["query", "Invalid filters"];
    return jsonError(400, `${field}: ${message}`, { fields: parsed.fields, kind: "validation" });
  }
  return jsonOk(await listAudit(parsed.query));
});
