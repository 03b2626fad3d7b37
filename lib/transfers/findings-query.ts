import "@/lib/zod-config";
import { z } from "zod";
import { storePageSchema } from "@/lib/domain/list-params";

/** Query of GET /api/reconciliation and the /reconciliation page. */
export const findingsQuerySchema = z.object({
  state: z.enum(["open", "resolved"], { error: "validation.findings.state" }).default("open"),
  page: storePageSchema(),
});

export const findingParamsSchema = z.object({ id: z.coerce.number({ error: "validation.findings.id" }).int("validation.findings.id").positive("validation.findings.id") });

export const resolveBodySchema = z.object({
  note: z.string().trim().min(1, "validation.findings.noteRequired").max(1_000, "validation.findings.noteTooLong"),
});
