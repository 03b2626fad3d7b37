import type { z } from "zod";
import type { AnswerReader } from "./answer";

/**
 * A reader that parses with a zod schema: for forms, whose schema the page ships anyway
 * (see `answer.ts` for why pages that only read do not).
 */
export function answerParsedBy<S extends z.ZodType>(schema: S): AnswerReader<z.output<S>> {
  return (body) => {
    const parsed = schema.safeParse(body);
    return parsed.success ? parsed.data : undefined;
  };
}
