import "@/lib/zod-config";
import { z } from "zod";

/**
 * The body of an action that takes no input: `{}` and nothing else. Declared rather than left
 * unread, so a field sent anyway (or text no field may hold) is refused with 422 naming it.
 */
export const emptyBodySchema = z.strictObject({});
