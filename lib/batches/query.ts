import "@/lib/zod-config";
import { z } from "zod";
import { storePageSchema } from "@/lib/domain/list-params";

/** POST /api/batches?allow_duplicate=true: the user confirmed that the same file again is intended. */
export const uploadQuerySchema = z.object({
  allow_duplicate: z.enum(["true", "false"], { error: "validation.batches.allowDuplicate" }).optional().transform((v) => v === "true"),
});

export const batchParamsSchema = z.object({ id: z.string().uuid("validation.batches.id") });

export const batchListQuerySchema = z.object({
  page: storePageSchema(),
  /** inbox: only the batches waiting for the signed-in approver's decision. */
  scope: z.enum(["all", "inbox"], { error: "validation.transfers.scope" }).default("all"),
});

export const resultsQuerySchema = z.object({
  format: z.enum(["csv", "xlsx"], { error: "validation.batches.format" }).default("csv"),
});

/** Body of POST /api/batches/{id}/cancel: an optional reason. */
export const batchCancelBodySchema = z.object({
  reason: z.string().trim().max(500, "validation.transfers.reasonTooLong").optional(),
});
