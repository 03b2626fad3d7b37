// Module resolve hook registered by server-only-hook.mjs: `server-only` -> the empty stand-in.
const STUB = new URL("../lib/testing/server-only-stub.ts", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: STUB, shortCircuit: true };
  return next(specifier, context);
}
