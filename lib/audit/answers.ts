import "@/lib/zod-config";
import { z } from "zod";
import { instantSchema } from "@/lib/domain/answer-fields";

/** GET /api/audit: one page of the audit log (client-safe: /audit reads it with this schema). */
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: instantSchema,
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    action: z.string(),
    target: z.string().nullable(),
    outcome: z.string(),
    detail: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    /** The request that did it (its x-request-id); null for the CLI and jobs. */
    requestId: z.string().nullable(),
  })
  .meta({ id: "AuditEntry" });

export const auditPageAnswer = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  /** The page after this one (`?cursor=`), costing the same however deep; null on the last page. */
  nextCursor: z.string().nullable(),
}).meta({ id: "AuditPage" });
