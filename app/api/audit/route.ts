import { listAudit } from "@/lib/db/audit";
import { auditQuerySchema } from "@/lib/domain/audit-filters";
import { jsonOk, route } from "@/lib/http";

export const dynamic = "force-dynamic";

// GET /api/audit: the audit log, newest first, filtered and paginated (admin only)
export const GET = route(
  { name: "GET /api/audit", permission: "audit", query: auditQuerySchema },
  async ({ query }) => jsonOk(await listAudit(query)),
);
