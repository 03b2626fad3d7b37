import "@/lib/zod-config";
import { z } from "zod";
import { MAX_LIST_PAGE } from "@/lib/contract/list-rules";
import { isStatementDay, periodProblem, STATEMENT_FORMATS } from "./period-rules";

export { MAX_STATEMENT_DAYS, STATEMENT_FORMATS, paymentDateParams, type StatementFormat, type StatementPeriod } from "./period-rules";

const day = (message: string) => z.string({ error: message }).trim().refine(isStatementDay, { error: message });
const page = "statement.errors.page";

/** `GET /api/statement?start=YYYY-MM-DD&end=YYYY-MM-DD[&page=N][&format=ofx|csv|xlsx]`. */
export const statementQuerySchema = z
  .object({
    start: day("statement.errors.start"),
    end: day("statement.errors.end"),
    page: z.coerce.number({ error: page }).int({ error: page }).min(1, { error: page }).max(MAX_LIST_PAGE, { error: page }).optional(),
    format: z.enum(STATEMENT_FORMATS, { error: "statement.errors.format" }).optional(),
  })
  .superRefine((q, ctx) => {
    const problem = periodProblem(q.start, q.end);
    if (problem) ctx.addIssue({ code: "custom", path: ["end"], message: `statement.errors.${problem}` });
  });
export type StatementQuery = z.output<typeof statementQuerySchema>;
