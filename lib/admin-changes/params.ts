import "@/lib/zod-config";
import { z } from "zod";

export const pendingChangeParamsSchema = z.object({ id: z.string().trim().uuid("adminChanges.errors.not_found") });
