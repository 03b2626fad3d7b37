import type { ReactNode } from "react";

/** Links inside the lookup's results. */
export const lookupLink = "inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-300";

/** The looked-up text inside a sentence (`<q>` of the lookup messages): quoted, monospace, breakable. */
export const quoted = (chunks: ReactNode) => <span className="break-all font-mono">“{chunks}”</span>;
