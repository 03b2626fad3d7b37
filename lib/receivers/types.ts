import type { z } from "zod";
import type { savedReceiverSchema } from "./answers";

/** A saved receiver as the API answers it: the transfer's field names, so it fills the form as it is (schema: ./answers.ts). */
export type SavedReceiver = z.infer<typeof savedReceiverSchema>;
