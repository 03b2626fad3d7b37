import { config } from "zod";

/**
 * Imported (for its effect) first by every module that imports `z` from "zod", so it runs
 * before any schema is built and zod ships only with the pages that parse something (a unit
 * test keeps that rule). In the browser zod must not compile parsers with `new Function`: our
 * CSP has no 'unsafe-eval', and even zod's feature probe (`Function("")` in a try) is reported
 * as a CSP violation. jitless parsing is the same result, a little slower; servers keep the JIT.
 * A named import, not `z.config`: the `z` namespace re-exported from a module of ours would
 * carry every zod locale into the bundle.
 */
if (typeof window !== "undefined") config({ jitless: true });
