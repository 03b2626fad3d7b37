// Preload for benchmarks that run server modules outside Next.js (`node --import ./bench/server-only-hook.mjs --import tsx ...`):
// the `server-only` marker throws outside React's server build, which next-intl's translator cannot load in.
// Its stand-in (lib/testing/server-only-stub.ts) is what vitest uses too.
import { register } from "node:module";

register("./server-only-resolve.mjs", import.meta.url);
