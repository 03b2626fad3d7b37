import "@/lib/zod-config";
import { z } from "zod";

/** POST /api/batches?allow_duplicate=true: the user confirmed that the same file again is intended. */
export const uploadQuerySchema = z.object({
  allow_duplicate: z.enum(["true", "false"], { error: "validation.batches.allowDuplicate" }).optional().transform((v) => v === "true"),
});

export const batchParamsSchema = z.object({ id: z.string().uuid("validation.batches.id") });

export const batchListQuerySchema = z.object({
  page: z.coerce.number({ error: "validation.page" }).int("validation.page").min(1, "validation.page").max(100_000, "validation.page").default(1),
});

export const resultsQuerySchema = z.object({
  format: z.enum(["csv", "xlsx"], { error: "validation.batches.format" }).default("csv"),
});
