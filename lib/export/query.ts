import "@/lib/zod-config";
import { z } from "zod";
import { EXPORT_FORMATS } from "./columns";

/** `?format=csv|xlsx` (CSV when absent): joined to an export route's own query schema. */
export const exportFormatQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "exports.query.format" }).optional(),
});
