import "@/lib/zod-config";
import { z } from "zod";

/** 200 answer of POST /auth/generate_token. */
export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive(),
});
