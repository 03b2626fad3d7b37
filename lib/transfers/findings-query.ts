import "@/lib/zod-config";
import { z } from "zod";

/** Query of GET /api/reconciliation and the /reconciliation page. */
export const findingsQuerySchema = z.object({
  state: z.enum(["open", "resolved"], { error: "validation.findings.state" }).default("open"),
  page: z.coerce.number({ error: "validation.page" }).int("validation.page").min(1, "validation.page").max(100_000, "validation.page").default(1),
});

export const findingParamsSchema = z.object({ id: z.coerce.number({ error: "validation.findings.id" }).int("validation.findings.id").positive("validation.findings.id") });

export const resolveBodySchema = z.object({
  note: z.string().trim().min(1, "validation.findings.noteRequired").max(1_000, "validation.findings.noteTooLong"),
});
