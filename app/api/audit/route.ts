import { listAudit } from "@/lib/db/audit";
import { auditQuerySchema } from "@/lib/audit/filters";
import { jsonOk, route } from "@/lib/http";
import { auditPageAnswer } from "@/lib/audit/answers";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/audit",
    summary: "The audit log, newest first, filtered and paginated (admin only)",
    answers: { 200: auditPageAnswer },
    permission: "audit", query: auditQuerySchema,
  },
  async ({ query }) => jsonOk(await listAudit(query)),
);
