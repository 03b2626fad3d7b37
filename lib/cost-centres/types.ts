import type { z } from "zod";
import type { costCentreSchema, costCentreTotalSchema } from "./answers";

/** A cost centre as the API answers it (the schema in ./answers.ts is the source). */
export type CostCentre = z.infer<typeof costCentreSchema>;

/** What was paid for one cost centre in a period (null: transfers that name none). */
export type CostCentreTotal = z.infer<typeof costCentreTotalSchema>;
