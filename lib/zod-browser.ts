import { z } from "zod";

/**
 * In the browser zod must not compile parsers with `new Function`: our CSP has no
 * 'unsafe-eval', and even zod's feature probe (`Function("")` in a try) is reported as a CSP
 * violation. jitless parsing is the same result, a little slower; servers keep the JIT.
 */
if (typeof window !== "undefined") z.config({ jitless: true });
